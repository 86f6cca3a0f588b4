import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  callInstructions,
  clientOverviews,
  icps,
  personas,
  productGroupings,
  scorecards,
  simulations,
  users,
} from '../../db/schema';
import type { RunningApp } from '../../server/app';
import type { Language } from '../../server/contracts/languages';
import { holdPlannedCall } from '../../server/demo-history/hold';
import { signedInCaller, startTestApp, testEnv, type UserRow } from '../helpers/app';
import { systemRunner, useTestDatabase } from '../helpers/db';
import { englishWordsIn, textsIn } from '../helpers/english';
import { seedDemoTenant } from '../helpers/demo-tenant';
import { closeAll } from '../helpers/lifecycle';
import { tenantRunner } from '../helpers/tenant-runner';

/**
 * A demo tenant seeded in Spanish, Italian or Portuguese (DEMO_LANGUAGE) is that language
 * throughout: its company profile, personas, scorecards and simulations, and the reports of calls
 * held by the demo history's scripted reps with the offline prospect and scored by the offline
 * evaluator. Names of people, companies and products stay as they are.
 */
describe.each<Language>(['es', 'it', 'pt-BR'])('a demo tenant seeded in %s', (language) => {
  const database = useTestDatabase();
  const sys = systemRunner(database);
  let app: RunningApp;
  let tenantId: string;
  let rep: UserRow;

  beforeAll(async () => {
    const demo = await seedDemoTenant(database.db, { language });
    tenantId = demo.id;
    expect(demo.defaultLanguage).toBe(language);
    [rep] = (await sys((tx) => tx.select().from(users).where(eq(users.email, 'rep@demo.test')))) as UserRow[];
    // the server's workers score the calls
    app = await startTestApp(database, {}, { jobs: { pollIntervalMs: 50 } });
  }, 300_000);
  afterAll(() => closeAll(app));

  it('holds its profile, personas, scorecards and simulations in that language', async () => {
    const rows = await sys(async (tx) => ({
      overview: await tx.select().from(clientOverviews).where(eq(clientOverviews.tenantId, tenantId)),
      icps: await tx.select().from(icps).where(eq(icps.tenantId, tenantId)),
      products: await tx.select().from(productGroupings).where(eq(productGroupings.tenantId, tenantId)),
      instructions: await tx.select().from(callInstructions).where(eq(callInstructions.tenantId, tenantId)),
      personas: await tx.select().from(personas).where(eq(personas.tenantId, tenantId)),
      scorecards: await tx.select().from(scorecards).where(eq(scorecards.tenantId, tenantId)),
      simulations: await tx.select().from(simulations).where(eq(simulations.tenantId, tenantId)),
    }));
    expect(rows.personas.every((p) => p.language === language)).toBe(true);
    expect(rows.simulations.every((s) => s.language === language)).toBe(true);
    expect(rows.scorecards).toHaveLength(5);
    const english = textsIn(rows)
      .map((t) => ({ ...t, words: englishWordsIn(t.text) }))
      .filter((t) => t.words.length);
    expect(english).toEqual([]);
  });

  it('scores calls of every simulation with reports that read in that language', async () => {
    const sims = await sys((tx) =>
      tx
        .select({ id: simulations.id, name: simulations.name })
        .from(simulations)
        .where(eq(simulations.tenantId, tenantId)),
    );
    expect(sims).toHaveLength(5);
    const tenant = tenantRunner(database.db, tenantId);
    const held: string[] = [];
    for (const [i, sim] of sims.entries())
      for (const skill of ['strong', 'weak'] as const)
        held.push(
          await holdPlannedCall(
            tenant,
            testEnv(),
            tenantId,
            rep,
            sim.id,
            {},
            {
              repEmail: rep.email,
              simulationName: sim.name,
              assignmentKey: null,
              skill,
              startedAt: new Date(),
              seed: 100 + i * 2 + (skill === 'weak' ? 1 : 0),
            },
          ),
        );
    const caller = signedInCaller(app.deps, rep);
    for (const callId of held) {
      const report = await vi.waitFor(
        async () => {
          const r = await caller.reports.get({ callId });
          expect(r.status).toBe('ready');
          return r;
        },
        { timeout: 60_000, interval: 100 },
      );
      const english = textsIn(report)
        .map((t) => ({ ...t, words: englishWordsIn(t.text) }))
        .filter((t) => t.words.length);
      expect(english, callId).toEqual([]);
      // the strong rep earned something: the report has evidence in the rep's own words
      expect(textsIn(report).length).toBeGreaterThan(5);
    }
  }, 240_000);
});
