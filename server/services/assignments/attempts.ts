import type { ScorePolicy } from '../../contracts/enums';

/** One attempt at an exercise: a call made for it that has a report (being written, ready or failed). */
export interface Attempt {
  callId: string;
  reportId: string;
  startedAt: Date;
  reportStatus: 'pending' | 'running' | 'ready' | 'failed';
  score: number | null;
  /** When its report was ready. */
  completedAt: Date | null;
}

const scored = (a: Attempt) => a.reportStatus === 'ready' && a.completedAt !== null;
const time = (d: Date | null) => (d ? d.getTime() : 0);

/** The latest scored attempt (by the time its report was ready). */
export function latestAttempt(attempts: readonly Attempt[]): Attempt | null {
  let out: Attempt | null = null;
  for (const a of attempts)
    if (
      scored(a) &&
      (!out ||
        time(a.completedAt) > time(out.completedAt) ||
        (time(a.completedAt) === time(out.completedAt) && a.callId > out.callId))
    )
      out = a;
  return out;
}

/** The best scored attempt: the highest score, and of equal scores the first reached (a report without a score ranks last). */
export function bestAttempt(attempts: readonly Attempt[]): Attempt | null {
  let out: Attempt | null = null;
  const rank = (a: Attempt) => (a.score === null ? -Infinity : a.score);
  for (const a of attempts) {
    if (!scored(a)) continue;
    if (
      !out ||
      rank(a) > rank(out) ||
      (rank(a) === rank(out) &&
        (time(a.completedAt) < time(out.completedAt) ||
          (time(a.completedAt) === time(out.completedAt) && a.callId < out.callId)))
    )
      out = a;
  }
  return out;
}

/** The attempt that counts for the exercise under the assignment's policy; null before any report is ready. */
export function countedAttempt(attempts: readonly Attempt[], policy: ScorePolicy): Attempt | null {
  return policy === 'latest' ? latestAttempt(attempts) : bestAttempt(attempts);
}

/** What the assignment views show of an exercise's attempts. */
export function attemptSummary(attempts: readonly Attempt[], policy: ScorePolicy) {
  const counted = countedAttempt(attempts, policy);
  return {
    attempts: attempts.map((a) => ({
      callId: a.callId,
      startedAt: a.startedAt.toISOString(),
      reportStatus: a.reportStatus,
      score: a.score,
      completedAt: a.completedAt ? a.completedAt.toISOString() : null,
      counted: counted?.callId === a.callId,
    })),
    bestScore: bestAttempt(attempts)?.score ?? null,
    latestScore: latestAttempt(attempts)?.score ?? null,
  };
}
