/**
 * How numbers, scores and dates are written for a reader of a given language (Intl), shared by
 * the interface (client/lib/format.ts, through useFormat) and the documents the server renders
 * (the downloadable report), so a score reads "66,7" in es/it/pt-BR wherever it appears.
 */
export const EMPTY = '—';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) cache.set(key, (f = make()));
  return f;
}

/** A score or an average of scores: one decimal (80,0 · 66,7), or "—" when there is none. */
export function formatScore(value: number | null | undefined, lng: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY;
  return cached(
    `score:${lng}`,
    () => new Intl.NumberFormat(lng, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  ).format(value);
}

/** A count or any other number, grouped for the language (1.234 · 1,234). */
export function formatNumber(value: number, lng: string, maximumFractionDigits = 0): string {
  return cached(
    `number:${lng}:${maximumFractionDigits}`,
    () => new Intl.NumberFormat(lng, { maximumFractionDigits }),
  ).format(value);
}

/** A whole percent (0–100) as the language writes it (67 % · 67%). */
export function formatPercent(value: number, lng: string): string {
  return cached(
    `percent:${lng}`,
    () => new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 0 }),
  ).format(value / 100);
}

/** A duration in seconds with one decimal and the SI symbol (1.2 s · 1,2 s), from milliseconds. */
export function formatSeconds(ms: number, lng: string): string {
  return `${cached(`seconds:${lng}`, () => new Intl.NumberFormat(lng, { minimumFractionDigits: 1, maximumFractionDigits: 1 })).format(ms / 1000)} s`;
}

/** A date (medium), with the time when asked; "—" for none. */
export function formatDate(iso: string | null | undefined, lng: string, withTime = false): string {
  if (!iso) return EMPTY;
  return cached(
    `date:${lng}:${withTime}`,
    () =>
      new Intl.DateTimeFormat(lng, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }),
  ).format(new Date(iso));
}
