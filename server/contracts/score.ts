import { z } from 'zod';

/**
 * How a list shows a report's score: the reviewed score (every list reads the report's current
 * score), the evaluator's original score when a manager's review changed it, and whether it came
 * from the offline rules — which must be labelled heuristic wherever it appears.
 */
export const scoreLabelFields = {
  /** The evaluator's score before a manager's review; null when there is no report yet. */
  originalScore: z.number().nullable(),
  /** Scored by the offline rules (no AI model): shown as a heuristic score. */
  heuristic: z.boolean(),
};

/** Reads the two fields from a joined reports row (snake_case raw rows or drizzle columns). */
export function scoreLabel(
  evaluator: string | null | undefined,
  originalScore: unknown,
): { originalScore: number | null; heuristic: boolean } {
  const n = originalScore === null || originalScore === undefined ? null : Number(originalScore);
  return { originalScore: n !== null && Number.isFinite(n) ? n : null, heuristic: evaluator === 'offline' };
}
