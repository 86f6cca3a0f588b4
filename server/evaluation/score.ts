import type { Level } from './types';

/**
 * The report score, computed in code from the levels: sum / (2 × criteria) × 100, rounded to one
 * decimal (half away from zero). Never taken from the model. No criteria → 0.
 */
export function computeScore(levels: readonly Level[] | readonly number[]): number {
  if (levels.length === 0) return 0;
  const sum = levels.reduce<number>((a, l) => a + Math.max(0, Math.min(2, Math.round(Number(l)))), 0);
  const pct = (sum / (2 * levels.length)) * 100;
  return Math.round(pct * 10 + Number.EPSILON * 10) / 10;
}
