import { AppError } from '../../errors';

/** Due labels: No due date, Overdue, Due today, N days — computed in the viewer's time zone. */
export type DueLabel = { kind: 'none' } | { kind: 'overdue' } | { kind: 'today' } | { kind: 'days'; days: number };

/** A valid IANA zone, or UTC when the client sent nothing usable. */
export function safeTimeZone(tz: string | null | undefined): string {
  if (!tz) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    return 'UTC';
  }
}

/** Calendar day of `d` in `tz` as a day number (days since the epoch of that local date). */
function localDay(d: Date, tz: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(d);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Math.round(Date.UTC(get('year'), get('month') - 1, get('day')) / 86_400_000);
}

/**
 * Past the due instant → Overdue; otherwise the number of calendar days between today and the due
 * day in the viewer's zone: 0 → Due today, N → "N days".
 */
export function dueLabel(dueAt: Date | null, now: Date, timeZone?: string | null): DueLabel {
  if (!dueAt) return { kind: 'none' };
  if (dueAt.getTime() < now.getTime()) return { kind: 'overdue' };
  const tz = safeTimeZone(timeZone);
  const days = localDay(dueAt, tz) - localDay(now, tz);
  return days <= 0 ? { kind: 'today' } : { kind: 'days', days };
}

/**
 * A due date must not lie in the past when it is set (a date kept unchanged on an overdue
 * assignment is not "set"). The message key is translated by the client next to the field.
 */
export function assertDueNotPast(dueAt: Date | null, now: Date): void {
  if (dueAt && dueAt.getTime() < now.getTime()) {
    throw new AppError('VALIDATION', 'The due date is in the past', {
      field: 'dueAt',
      fieldErrors: { dueAt: ['assignments.validation.duePast'] },
    });
  }
}
