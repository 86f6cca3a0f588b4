/** Pure paging arithmetic for the assignment tables (kept free of React so unit tests can reach it). */

/** `?pendingPage=` → a page number: anything but a positive whole number reads as page 1. */
export function parsePage(raw: string | null): number {
  if (!raw || !/^\d{1,15}$/.test(raw)) return 1;
  const n = Number(raw);
  return n >= 1 ? n : 1;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** 1-based positions of the first and last row shown, for "Showing X–Y of Z" (0–0 when empty). */
export function shownRange(page: number, pageSize: number, shown: number): { from: number; to: number } {
  if (shown <= 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from, to: from + shown - 1 };
}

/**
 * The page to show instead when `page` came back empty (its last row was deleted, or the URL names a
 * page past the end): the last page that still has rows, or page 1. Null when `page` is fine.
 */
export function fallbackPage(page: number, pageSize: number, total: number, shown: number): number | null {
  if (shown > 0 || page <= 1) return null;
  const last = pageCount(total, pageSize);
  return last < page ? last : null;
}
