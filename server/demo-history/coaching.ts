import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { calls, certificates, certificationSteps, certifications, reports, simulations } from '../../db/schema';
import type { TenantRunner } from '../../db/tenant';
import { roleOf } from '../contracts/roles';
import type { Env } from '../env';
import type { JobContext } from '../jobs/handler';
import { createCertification, redateCertificate } from '../services/certifications/certifications';
import { createDrill } from '../services/drills/drills';
import { backdate, evaluated, holdPlannedCall, madeSeeds } from './hold';
import type { Skill } from './scripted-rep';

/**
 * The coaching part of the demo history, after its four weeks of assignments: two reps build a
 * drill from their weakest assigned call and take it a few days later (their progress lines
 * move); the manager defines two certifications — one that does not expire, held by a strong rep,
 * and one renewed every month, earned nearly a month ago and so expiring soon — and a third rep
 * fails an attempt. All through the product's services and the offline evaluator, then moved to
 * their days as the weeks' calls are.
 */

const DAY = 86_400_000;
/** Seeds of the coaching calls (the weekly plan uses seed × 1000 + n, below this). */
const SEED_BASE = 900_000;

interface People {
  get(email: string): { id: string; email: string; userType: string } | undefined;
}

export interface CoachingInput {
  ctx: JobContext;
  tenant: TenantRunner;
  tenantId: string;
  env: Env;
  people: People;
  /** Seeded simulations by name, and their names in the seed's order (discovery, MEDDIC, objections, cold, closing). */
  sims: Map<string, string>;
  simulationNames: string[];
  certificationTexts: { name: string; description: string }[];
  now: Date;
}

type Rep = { id: string; email: string; userType: Parameters<typeof roleOf>[0] };

export async function coachingHistory(input: CoachingInput): Promise<{ drills: number; certificates: number }> {
  const { ctx, tenant, tenantId, env, now } = input;
  const done = await madeSeeds(tenant);
  const rep = (email: string) => input.people.get(email) as Rep | undefined;
  const held: { id: string; at: Date }[] = [];
  const hold = async (
    who: Rep,
    simulationId: string,
    link: { certificationStepId?: string },
    skill: Skill,
    n: number,
    at: Date,
  ) => {
    const seed = SEED_BASE + n;
    if (done.has(seed) || at > now) return;
    const id = await holdPlannedCall(tenant, env, tenantId, who, simulationId, link, {
      repEmail: who.email,
      simulationName: '',
      assignmentKey: null,
      skill,
      startedAt: at,
      seed,
    });
    held.push({ id, at });
  };

  // drills: each from the rep's weakest scored assignment call, taken three days later
  let drills = 0;
  for (const [i, email] of ['rep@demo.test', 'emma.clarke@demo.test'].entries()) {
    const who = rep(email);
    if (!who) continue;
    const [weakest] = await tenant((tx) =>
      tx
        .select({ callId: calls.id, at: calls.startedAt })
        .from(calls)
        .innerJoin(reports, eq(reports.callId, calls.id))
        .where(and(eq(calls.userId, who.id), eq(calls.mode, 'exercise'), eq(reports.status, 'ready')))
        .orderBy(asc(reports.score), asc(calls.id))
        .limit(1),
    );
    if (!weakest?.at) continue;
    const [existing] = await tenant((tx) =>
      tx.select({ id: simulations.id }).from(simulations).where(eq(simulations.sourceCallId, weakest.callId)),
    );
    const drillId =
      existing?.id ??
      (
        await createDrill({
          tenant,
          tenantId,
          viewer: { userId: who.id, role: roleOf(who.userType) },
          callId: weakest.callId,
          provider: null,
        }).catch(() => null)
      )?.simulationId;
    if (!drillId) continue;
    drills++;
    await hold(
      who,
      drillId,
      {},
      'strong',
      i + 1,
      new Date(Math.min(now.getTime() - DAY, weakest.at.getTime() + 3 * DAY)),
    );
  }

  // certifications: defined by the manager, once
  const manager = rep('manager@demo.test');
  const texts = input.certificationTexts;
  const discovery = input.sims.get(input.simulationNames[0]);
  const cold = input.sims.get(input.simulationNames[3]);
  if (manager && texts.length >= 2 && discovery && cold) {
    const viewer = { tenantId, userId: manager.id, role: roleOf(manager.userType) };
    const define = async (index: number, values: Parameters<typeof createCertification>[2]) => {
      const [found] = await tenant((tx) =>
        tx
          .select({ id: certifications.id })
          .from(certifications)
          .where(and(eq(certifications.tenantId, tenantId), eq(certifications.name, texts[index].name))),
      );
      const id = found?.id ?? (await tenant((tx) => createCertification(tx, viewer, values))).id;
      const [step] = await tenant((tx) =>
        tx
          .select({ id: certificationSteps.id })
          .from(certificationSteps)
          .where(eq(certificationSteps.certificationId, id)),
      );
      return { id, stepId: step.id };
    };
    const a = await define(0, {
      ...texts[0],
      expiryMonths: null,
      maxAttempts: null,
      steps: [{ simulationId: discovery, minScore: 30, minLevels: [], evidenceRequired: true }],
    });
    const b = await define(1, {
      ...texts[1],
      expiryMonths: 1,
      maxAttempts: 3,
      steps: [{ simulationId: cold, minScore: 50, minLevels: [], evidenceRequired: true }],
    });
    const jordan = rep('rep2@demo.test');
    const sasha = rep('sasha.patel@demo.test');
    const casey = rep('rep3@demo.test');
    if (jordan)
      await hold(jordan, discovery, { certificationStepId: a.stepId }, 'strong', 10, new Date(now.getTime() - 9 * DAY));
    if (sasha)
      await hold(sasha, cold, { certificationStepId: b.stepId }, 'strong', 11, new Date(now.getTime() - 26 * DAY));
    if (casey)
      await hold(casey, cold, { certificationStepId: b.stepId }, 'weak', 12, new Date(now.getTime() - 5 * DAY));
  }

  await evaluated(
    ctx,
    held.map((h) => h.id),
  );
  for (const h of held) await backdate(tenant, h.id, h.at);
  // each certificate earned in this history takes the date of its attempts, now in the past
  const issued = await tenant((tx) =>
    tx
      .select({ id: certificates.id, steps: sql<{ callId: string }[]>`${certificates.details}->'steps'` })
      .from(certificates)
      .where(eq(certificates.tenantId, tenantId)),
  );
  const heldIds = new Set(held.map((h) => h.id));
  for (const c of issued)
    if (c.steps.some((s) => heldIds.has(s.callId))) await tenant((tx) => redateCertificate(tx, c.id, now));
  const total = await tenant((tx) =>
    tx
      .select({ id: certificates.id })
      .from(certificates)
      .where(inArray(certificates.tenantId, [tenantId])),
  );
  return { drills, certificates: total.length };
}
