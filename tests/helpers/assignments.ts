import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { calls } from '../../db/schema';
import {
  createCallTurns,
  createPersona,
  createScorecard,
  createSimulation,
  type ScorecardFields,
  type SimulationFields,
} from '../../seed/factories';
import { withTenant } from '../../db/tenant';
import { enqueueEvaluation } from '../../server/evaluation/evaluate';
import { PAIN, TWO_CRITERIA } from './criteria';
import { SCENARIO } from './scenario';

/** A persona, a two-criterion scorecard and one offline simulation per name; returns the simulation ids. */
export async function seedSimulations(db: Db, tenantId: string, names: string[]) {
  const simulation = {
    language: 'en',
    difficulty: 'medium',
    callProvider: 'offline',
    instructions: 'Open the call and discover.',
  } as const;
  const { sims } = await seedLinkedSimulations(
    db,
    tenantId,
    names.map((name) => ({ ...simulation, name })),
  );
  return sims.map((s) => s.id);
}

/** The two reps the assignment tests hand work to (their manager is each test's own). */
export const RITA = {
  userType: 'sales_rep',
  displayName: 'Rita Rep',
  language: 'en',
  email: 'rita@acme.test',
} as const;
export const RAUL = {
  userType: 'sales_rep',
  displayName: 'Raúl Rep',
  language: 'en',
  email: 'raul@acme.test',
} as const;

/** Fields of a simulation whose calls the offline prospect plays from SCENARIO. */
export const OFFLINE_SIMULATION = { language: 'en', callProvider: 'offline', scenarioDetails: SCENARIO } as const;

/** createLinkedSimulations in the tenant's own transaction; the scorecard scores TWO_CRITERIA unless `card` says otherwise. */
export function seedLinkedSimulations(
  db: Db,
  tenantId: string,
  simulations: Omit<SimulationFields, 'tenantId'>[],
  card: Omit<ScorecardFields, 'tenantId'> = { criteria: TWO_CRITERIA },
) {
  return withTenant(db, tenantId, (tx) => createLinkedSimulations(tx, tenantId, simulations, card));
}

/** One simulation (see seedLinkedSimulations): its id and its scorecard's. */
export async function seedSimulation(
  db: Db,
  tenantId: string,
  fields: Omit<SimulationFields, 'tenantId'>,
  card?: Omit<ScorecardFields, 'tenantId'>,
) {
  const made = await seedLinkedSimulations(db, tenantId, [fields], card);
  return { simId: made.sims[0].id, scorecardId: made.card.id };
}

/** An easy offline discovery call on SCENARIO: what candidates and guests are sent to. */
export const DISCOVERY_SIMULATION = {
  ...OFFLINE_SIMULATION,
  instructions: 'Discover the prospect’s planning process.',
  difficulty: 'easy',
} as const;

/**
 * One simulation per key (English, on SCENARIO, each with its own fields) linked to one scorecard
 * of `criteria`: their ids by the same keys.
 */
export async function seedSimulationVariants<K extends string>(
  db: Db,
  tenantId: string,
  variants: Record<K, Omit<SimulationFields, 'tenantId'>>,
  criteria = [PAIN],
) {
  const base = { language: 'en' as const, scenarioDetails: SCENARIO, instructions: 'Open the call and discover.' };
  const keys = Object.keys(variants) as K[];
  const { sims } = await seedLinkedSimulations(
    db,
    tenantId,
    keys.map((k) => ({ ...base, ...variants[k] })),
    { criteria },
  );
  return Object.fromEntries(keys.map((k, i) => [k, sims[i].id])) as Record<K, string>;
}

/**
 * The prospect "Laura Gómez", a "Discovery" scorecard (no criteria unless given) and simulations
 * linked to both (English unless given): the content most tests' simulations need.
 */
export async function createLinkedSimulations(
  tx: Executor,
  tenantId: string,
  simulations: Omit<SimulationFields, 'tenantId'>[],
  card: Omit<ScorecardFields, 'tenantId'> = {},
) {
  const persona = await createPersona(tx, {
    tenantId,
    name: 'Laura Gómez',
    shortDescription: 'Ops head',
    longDescription: 'Busy.',
    voice: 'marin',
  });
  const scorecard = await createScorecard(tx, { tenantId, name: 'Discovery', shortDescription: 'Basics', ...card });
  const sims = [];
  for (const s of simulations)
    sims.push(
      await createSimulation(tx, { tenantId, personaId: persona.id, scorecardId: scorecard.id, language: 'en', ...s }),
    );
  return { persona, card: scorecard, sims };
}

/** A discovery call that asks open, quantified questions and books a dated next step. */
export const GOOD_CALL = [
  'How do you plan routes today, and what does that cost you?',
  'Shall we book a demo on Tuesday at 10?',
];
/** A call that asks nothing and proposes nothing. */
export const WEAK_CALL = ['Hello, we sell software.', 'Bye.'];

/** The rep "holds" the call: these rep turns with prospect answers, ended, evaluation enqueued (as the call end does). */
export async function finishCall(db: Db, tenantId: string, callId: string, repTurns: readonly string[] = GOOD_CALL) {
  await withTenant(db, tenantId, async (tx) => {
    const prospect = ['TransLog, Laura speaking.', 'By hand, two hours a day.', 'Fine.'];
    const turns = [
      { speaker: 'prospect' as const, text: prospect[0] },
      ...repTurns.flatMap((text, i) => [
        { speaker: 'rep' as const, text },
        { speaker: 'prospect' as const, text: prospect[Math.min(i + 1, 2)] },
      ]),
    ];
    await createCallTurns(tx, { tenantId, callId, turns: turns.map((t, i) => ({ ...t, itemId: `i${i}` })) });
    await tx
      .update(calls)
      .set({
        state: 'ended',
        endReason: 'user_hangup',
        durationMs: turns.length * 3000,
        startedAt: new Date(),
        endedAt: new Date(),
      })
      .where(eq(calls.id, callId));
    await enqueueEvaluation(tx, { tenantId, callId });
  });
}
