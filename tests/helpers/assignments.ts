import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { callTurns, calls, personas, scorecardCriteria, scorecards, simulations } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import { enqueueEvaluation } from '../../server/evaluation/evaluate';

/** A persona, a two-criterion scorecard and one offline simulation per name; returns the simulation ids. */
export async function seedSimulations(db: Db, tenantId: string, names: string[]) {
  return withTenant(db, tenantId, async (tx) => {
    const [persona] = await tx.insert(personas).values({ tenantId, name: 'Laura Gómez', shortDescription: 'Ops head', longDescription: 'Busy.', voice: 'marin' }).returning();
    const [card] = await tx.insert(scorecards).values({ tenantId, lineageId: randomUUID(), name: 'Discovery', shortDescription: 'Basics' }).returning();
    await tx.insert(scorecardCriteria).values([
      { tenantId, scorecardId: card.id, position: 0, name: 'Open questions', description: 'Asks open questions', includeInScenario: true, levelZero: 'None', levelLow: 'One', levelHigh: 'Several' },
      { tenantId, scorecardId: card.id, position: 1, name: 'Next step', description: 'Agrees a next step', includeInScenario: true, levelZero: 'None', levelLow: 'Vague', levelHigh: 'Dated' },
    ]);
    const ids: string[] = [];
    for (const name of names) {
      const [s] = await tx
        .insert(simulations)
        .values({ tenantId, personaId: persona.id, scorecardId: card.id, language: 'en', name, difficulty: 'medium', callProvider: 'offline', instructions: 'Open the call and discover.' })
        .returning();
      ids.push(s.id);
    }
    return ids;
  });
}

/** A discovery call that asks open, quantified questions and books a dated next step. */
export const GOOD_CALL = ['How do you plan routes today, and what does that cost you?', 'Shall we book a demo on Tuesday at 10?'];
/** A call that asks nothing and proposes nothing. */
export const WEAK_CALL = ['Hello, we sell software.', 'Bye.'];

/** The rep "holds" the call: these rep turns with prospect answers, ended, evaluation enqueued (as the call end does). */
export async function finishCall(db: Db, tenantId: string, callId: string, repTurns: readonly string[] = GOOD_CALL) {
  await withTenant(db, tenantId, async (tx) => {
    const prospect = ['TransLog, Laura speaking.', 'By hand, two hours a day.', 'Fine.'];
    const turns = [{ speaker: 'prospect' as const, text: prospect[0] }, ...repTurns.flatMap((text, i) => [{ speaker: 'rep' as const, text }, { speaker: 'prospect' as const, text: prospect[Math.min(i + 1, 2)] }])];
    await tx.insert(callTurns).values(turns.map((t, i) => ({ tenantId, callId, seq: i, itemId: `i${i}`, speaker: t.speaker, text: t.text, startMs: i * 3000, endMs: i * 3000 + 2000 })));
    await tx.update(calls).set({ state: 'ended', endReason: 'user_hangup', durationMs: turns.length * 3000, startedAt: new Date(), endedAt: new Date() }).where(eq(calls.id, callId));
    await enqueueEvaluation(tx, { tenantId, callId });
  });
}
