import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { simulations } from '../../../db/schema';

/** The tenant's simulations marked "available as assessment", as a partner may send them. */
export async function listAssessableSimulations(tx: Executor) {
  const rows = await tx
    .select({
      id: simulations.id,
      name: simulations.name,
      difficulty: simulations.difficulty,
      timeLimitMinutes: simulations.timeLimitMinutes,
      language: simulations.language,
    })
    .from(simulations)
    .where(eq(simulations.availableAsAssessment, true))
    .orderBy(asc(simulations.name), asc(simulations.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    difficulty: r.difficulty,
    time_limit_minutes: Number(r.timeLimitMinutes),
    language: r.language,
  }));
}
