import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatNumber, formatPercent, formatScore, formatSeconds } from '../../client/lib/format';
import { formatDate } from '../../server/contracts/format';
import { bestAttempt, countedAttempt, latestAttempt, type Attempt } from '../../server/services/assignments/attempts';

describe('client number formatting (client/lib/format.ts)', () => {
  it('writes scores and averages with the decimal separator of the interface language', () => {
    expect(formatScore(66.66, 'en')).toBe('66.7');
    for (const lng of ['es', 'it', 'pt-BR']) expect(formatScore(66.66, lng)).toBe('66,7');
    expect(formatScore(80, 'es')).toBe('80,0');
    expect(formatScore(null, 'es')).toBe('—');
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(formatNumber(12345, 'es')).toBe('12.345');
    expect(formatPercent(67, 'es')).toBe('67\u00a0%'); // a no-break space before the sign
    expect(formatPercent(67, 'en')).toBe('67%');
    expect(formatSeconds(1234, 'it')).toBe('1,2 s');
    expect(formatSeconds(1234, 'en')).toBe('1.2 s');
  });
});

describe('client date-time formatting (client/lib/format.ts)', () => {
  // midday UTC: the same calendar day in any time zone the tests run in
  const iso = '2026-11-30T12:00:00.000Z';

  it('writes a date-time as a medium date and a short time, in the interface language', () => {
    expect(formatDate(iso, 'en', true)).toMatch(/^Nov 30, 2026, \d{1,2}:\d{2}\s[AP]M$/);
    expect(formatDate(iso, 'es', true)).toMatch(/^30 nov 2026, \d{1,2}:\d{2}$/);
    expect(formatDate(iso, 'en')).toBe('Nov 30, 2026');
    expect(formatDate(null, 'en', true)).toBe('—');
  });

  it('is the only way the interface writes a date (no toLocaleString or own date styles elsewhere)', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
      );
    const own = files(path.resolve('client'))
      .filter((f) => !f.endsWith(path.join('client', 'lib', 'format.ts')))
      .filter((f) => /toLocale(Date|Time)?String\(|\b(dateStyle|timeStyle)\b/.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(process.cwd(), f));
    expect(own).toEqual([]);
  });
});

describe('which attempt counts (server/services/assignments/attempts.ts)', () => {
  const at = (n: number) => new Date(Date.UTC(2030, 0, n));
  const a = (id: string, score: number | null, day: number, status: Attempt['reportStatus'] = 'ready'): Attempt => ({
    callId: id,
    reportId: `r${id}`,
    startedAt: at(day),
    reportStatus: status,
    score,
    completedAt: status === 'ready' ? at(day) : null,
  });
  const attempts = [
    a('1', 60, 1),
    a('2', 80, 2),
    a('3', 80, 3),
    a('4', 50, 4),
    a('5', 99, 5, 'failed'),
    a('6', null, 6),
  ];

  it('best: the highest score, the first time it was reached; latest: the last scored report', () => {
    expect(bestAttempt(attempts)?.callId).toBe('2');
    expect(latestAttempt(attempts)?.callId).toBe('6');
    expect(countedAttempt(attempts, 'best')?.callId).toBe('2');
    expect(countedAttempt(attempts, 'latest')?.callId).toBe('6');
  });

  it('nothing counts before a report is ready; a report without a score ranks last for best', () => {
    expect(countedAttempt([a('5', 99, 5, 'failed'), a('7', null, 7, 'running')], 'best')).toBeNull();
    expect(bestAttempt([a('6', null, 6), a('1', 10, 1)])?.callId).toBe('1');
  });
});
