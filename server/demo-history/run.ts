import { and, eq, sql } from 'drizzle-orm';
import { assignments, exercises, simulations, users } from '../../db/schema';
import type { TenantRunner } from '../../db/tenant';
import { roleOf } from '../contracts/roles';
import type { Env } from '../env';
import type { JobHandler } from '../jobs/handler';
import { createAssignment, refreshAssignmentStatus } from '../services/assignments/assignments';
import { demoPlan } from './plan';
import { coachingHistory } from './coaching';
import { backdate, evaluated, holdPlannedCall, madeSeeds } from './hold';

/**
 * The demo tenant's four weeks of history, made by the product's own pipeline as a background job
 * (queue `demo_history`, enqueued with the demo seed): the manager's assignments through the
 * assignments service; each call started by the calls service (snapshots frozen as for any call),
 * held with the same offline prospect a practice call talks to, ended by the calls service, and
 * scored by the evaluation jobs with the offline evaluator. Only the clock is the past: once a
 * week's calls are scored, their timestamps are moved to the planned days (the rollup triggers
 * follow). Idempotent: a job run again after a crash skips what it already made.
 */

export const DEMO_HISTORY_QUEUE = 'demo_history' as const;
export type DemoHistoryPayload = {
  /** The history ends here (the seed's time), ISO. */
  now: string;
  seed: number;
  /** The seeded simulations' names, in the seed's order (seed/simulations.ts), in the tenant's language. */
  simulationNames: string[];
  /** The weekly assignments' names, oldest first, in the tenant's language. */
  assignmentNames: string[];
  /** The two certifications' names and descriptions, in the tenant's language (seed/content/types.ts). */
  certifications?: { name: string; description: string }[];
};

async function lookups(tenant: TenantRunner) {
  return tenant(async (tx) => {
    const people = await tx.select({ id: users.id, email: users.email, userType: users.userType }).from(users);
    const sims = await tx.select({ id: simulations.id, name: simulations.name }).from(simulations);
    return { people: new Map(people.map((u) => [u.email, u])), sims: new Map(sims.map((s) => [s.name, s.id])) };
  });
}

export function demoHistoryHandler(deps: { env: Env }): JobHandler {
  return {
    async run(ctx) {
      const tenantId = ctx.job.tenantId;
      const payload = ctx.job.payload as unknown as DemoHistoryPayload;
      const tenant = ctx.tenant;
      if (!tenantId || !tenant) return { skipped: 'no tenant' };
      const plan = demoPlan(new Date(payload.now), payload);
      const { people, sims } = await lookups(tenant);
      const manager = people.get('manager@demo.test');
      if (!manager) return { skipped: 'the demo manager is gone' };
      const managerActor = { tenantId, userId: manager.id, role: roleOf(manager.userType) };
      const done = await madeSeeds(tenant);
      const total = plan.calls.length;
      await ctx.setProgress({ phase: 'assignments', done: done.size, total });

      // the manager's weekly assignments (sent in the past; nobody is mailed)
      const assignmentIds = new Map<string, string>();
      for (const a of plan.assignments) {
        const id = await tenant(async (tx) => {
          const [existing] = await tx
            .select({ id: assignments.id })
            .from(assignments)
            .where(and(eq(assignments.name, a.name), eq(assignments.sentAt, a.sentAt)));
          if (existing) return existing.id;
          const simulationIds = a.simulationNames.map((n) => sims.get(n)).filter((x): x is string => !!x);
          const userIds = [...people.values()].filter((u) => roleOf(u.userType) === 'sales_rep').map((u) => u.id);
          if (!simulationIds.length || !userIds.length) return null;
          const created = await createAssignment({
            tx,
            actor: managerActor,
            mail: { publicUrl: '', delivery: 'none' },
            input: { name: a.name, simulationIds, userIds, dueAt: a.dueAt.toISOString() },
            now: a.sentAt,
          });
          return created.id;
        });
        if (id) assignmentIds.set(a.key, id);
      }

      // the calls, a week at a time: held, scored, then moved to their days
      const weeks = [
        ...new Set(
          plan.calls.map((c) => c.assignmentKey ?? `p${Math.floor(c.startedAt.getTime() / (7 * 86_400_000))}`),
        ),
      ];
      let count = done.size;
      for (const week of weeks) {
        const batch = plan.calls.filter(
          (c) =>
            (c.assignmentKey ?? `p${Math.floor(c.startedAt.getTime() / (7 * 86_400_000))}`) === week &&
            !done.has(c.seed),
        );
        const held: { id: string; startedAt: Date }[] = [];
        for (const c of batch) {
          if (ctx.signal.aborted) throw new Error('stopped');
          const rep = people.get(c.repEmail);
          const simulationId = sims.get(c.simulationName);
          if (!rep || !simulationId) continue;
          let exerciseId: string | null = null;
          if (c.assignmentKey && assignmentIds.has(c.assignmentKey)) {
            const [e] = await tenant((tx) =>
              tx
                .select({ id: exercises.id })
                .from(exercises)
                .where(
                  and(
                    eq(exercises.assignmentId, assignmentIds.get(c.assignmentKey!)!),
                    eq(exercises.userId, rep.id),
                    eq(exercises.simulationId, simulationId),
                  ),
                ),
            );
            exerciseId = e?.id ?? null;
          }
          held.push({
            id: await holdPlannedCall(tenant, deps.env, tenantId, rep, simulationId, { exerciseId }, c),
            startedAt: c.startedAt,
          });
          await ctx.setProgress({ phase: 'calls', done: ++count, total });
        }
        await evaluated(
          ctx,
          held.map((h) => h.id),
        );
        for (const h of held) await backdate(tenant, h.id, h.startedAt);
      }

      // drills, certifications and the leaderboards' movement, through the same services
      const coaching = await coachingHistory({
        ctx,
        tenant,
        tenantId,
        env: deps.env,
        people,
        sims,
        simulationNames: payload.simulationNames,
        certificationTexts: payload.certifications ?? [],
        now: new Date(payload.now),
      });

      // each assignment's status from its exercises; each rep last active at their last call
      await tenant(async (tx) => {
        for (const id of assignmentIds.values()) await refreshAssignmentStatus(tx, id);
        await tx.execute(
          sql`update users u set last_active_at = x.at from (select user_id, max(ended_at) as at from calls group by user_id) x where x.user_id = u.id and (u.last_active_at is null or u.last_active_at < x.at)`,
        );
      });
      await ctx.setProgress({ phase: 'done', done: total, total });
      return { calls: total, assignments: assignmentIds.size, ...coaching };
    },
  };
}
