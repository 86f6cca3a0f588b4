import { describe, expect, it } from 'vitest';
import { streakOf } from '../../server/services/leaderboards/leaderboards';

// 2026-06-10 is a Wednesday; 2026-06-06 and 06-07 are a weekend
describe('the practice streak', () => {
  it('counts the days in a row with an attempt, back from today', () => {
    expect(streakOf(['2026-06-10', '2026-06-09', '2026-06-08'], '2026-06-10')).toBe(3);
    expect(streakOf(['2026-06-10', '2026-06-08'], '2026-06-10')).toBe(1);
    expect(streakOf([], '2026-06-10')).toBe(0);
  });

  it('is not ended by today without an attempt yet, nor by a weekend day without one', () => {
    expect(streakOf(['2026-06-09', '2026-06-08'], '2026-06-10')).toBe(2);
    // Monday, (no weekend), Friday, Thursday
    expect(streakOf(['2026-06-08', '2026-06-05', '2026-06-04'], '2026-06-08')).toBe(3);
    // on a Sunday, Friday's streak still stands; a Saturday attempt adds a day
    expect(streakOf(['2026-06-05', '2026-06-04'], '2026-06-07')).toBe(2);
    expect(streakOf(['2026-06-06', '2026-06-05'], '2026-06-07')).toBe(2);
    // a weekday without one ends it
    expect(streakOf(['2026-06-10', '2026-06-08'], '2026-06-10')).toBe(1);
    expect(streakOf(['2026-06-08'], '2026-06-10')).toBe(0);
  });
});
