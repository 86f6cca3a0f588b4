import type { Level } from './types';

/**
 * The report score, computed in code from the levels: sum / (2 × assessed criteria) × 100,
 * rounded to one decimal (half away from zero). Never taken from the model. A criterion without
 * a level (null: not assessable offline, not yet reviewed) is left out of both sums rather than
 * counted as 0 or 2; with no assessed criterion there is no score (null).
 */
export function computeScore(levels: readonly (Level | number | null)[]): number | null {
  const assessed = levels.filter((l): l is number => l !== null && Number.isFinite(Number(l)));
  if (assessed.length === 0) return null;
  const sum = assessed.reduce<number>((a, l) => a + Math.max(0, Math.min(2, Math.round(Number(l)))), 0);
  const pct = (sum / (2 * assessed.length)) * 100;
  return Math.round(pct * 10 + Number.EPSILON * 10) / 10;
}
