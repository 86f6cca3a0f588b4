import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { assignments, callTurns, calls, exercises, jobs, reports, simulations, users } from '../../db/schema';
import { asSystem, type TenantRunner } from '../../db/tenant';
import { roleOf } from '../contracts/roles';
import type { Env } from '../env';
import { evaluationDedupeKey } from '../evaluation/evaluate';
import type { JobContext, JobHandler } from '../jobs/handler';
import { prospectProfileForCall } from '../realtime/offline-prospect';
import { createAssignment, refreshAssignmentStatus } from '../services/assignments/assignments';
import { recountExercises } from '../services/assignments/exercise-progress';
import { lockAssignment } from '../services/assignments/locks';
import { finishCall, startCall } from '../services/calls/calls';
import { demoPlan, type PlannedCall } from './plan';
import { KIND_OF_SCORECARD } from './rep-lines';
import { holdScriptedCall } from './scripted-rep';

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
/** Marks the calls the demo history made (calls.server_metrics.demoSeed). */
const SEED_KEY = 'demoSeed';

export type DemoHistoryPayload = {
  /** The history ends here (the seed's time), ISO. */
  now: string;
  seed: number;
  /** The seeded simulations' names, in the seed's order (seed/simulations.ts), in the tenant's language. */
  simulationNames: string[];
  /** The weekly assignments' names, oldest first, in the tenant's language. */
  assignmentNames: string[];
};

async function lookups(tenant: TenantRunner) {
  return tenant(async (tx) => {
    const people = await tx.select({ id: users.id, email: users.email, userType: users.userType }).from(users);
    const sims = await tx.select({ id: simulations.id, name: simulations.name }).from(simulations);
    return { people: new Map(people.map((u) => [u.email, u])), sims: new Map(sims.map((s) => [s.name, s.id])) };
  });
}

/** The calls of this history already made (a job run again goes on from there). */
async function madeSeeds(tenant: TenantRunner): Promise<Set<number>> {
  const rows = await tenant((tx) =>
    tx
      .select({ seed: sql<string>`${calls.serverMetrics}->>${SEED_KEY}` })
      .from(calls)
      .where(sql`${calls.serverMetrics} ? ${SEED_KEY}`),
  );
  return new Set(rows.map((r) => Number(r.seed)));
}

/** Holds one planned call through the product's services; returns the call id. */
export async function holdPlannedCall(
  tenant: TenantRunner,
  env: Env,
  tenantId: string,
  rep: { id: string; userType: Parameters<typeof roleOf>[0] },
  simulationId: string,
  /** What the call answers: an assignment's exercise, or a certification step (none: practice). */
  link: { exerciseId?: string | null; certificationStepId?: string },
  c: PlannedCall,
) {
  const actor = { tenantId, userId: rep.id, role: roleOf(rep.userType) };
  // offline whatever the server is configured with: scripted reps talk to the offline prospect
  const started = await tenant((tx) =>
    startCall({
      tx,
      env: { ...env, OPENAI_API_KEY: undefined },
      actor,
      input: {
        simulationId,
        mode: 'practice',
        ...(link.exerciseId ? { exerciseId: link.exerciseId } : {}),
        ...(link.certificationStepId ? { certificationStepId: link.certificationStepId } : {}),
      },
    }),
  );
  const [call] = await tenant((tx) =>
    tx
      .select({
        id: calls.id,
        language: calls.language,
        simulationSnapshot: calls.simulationSnapshot,
        scorecardSnapshot: calls.scorecardSnapshot,
      })
      .from(calls)
      .where(eq(calls.id, started.callId)),
  );
  const { profile } = prospectProfileForCall(call, 400);
  const kind = KIND_OF_SCORECARD[(call.scorecardSnapshot as { name?: string } | null)?.name ?? ''] ?? 'discovery';
  const held = holdScriptedCall(profile, kind, c.skill, c.seed);
  if (held.turns.length)
    await tenant((tx) =>
      tx.insert(callTurns).values(
        held.turns.map((t, i) => ({
          tenantId,
          callId: call.id,
          seq: i,
          itemId: `${t.speaker === 'rep' ? 'offline_r' : 'offline_p'}_${i + 1}`,
          speaker: t.speaker,
          text: t.text,
          startMs: t.startMs,
          endMs: t.endMs,
          interrupted: false,
          playedMs: null,
          responseLatencyMs:
            t.speaker === 'prospect' && i > 0 ? Math.max(0, t.startMs - held.turns[i - 1].endMs) : null,
        })),
      ),
    );
  const repTurns = held.turns.filter((t) => t.speaker === 'rep').length;
  await finishCall({
    tenant,
    tenantId,
    callId: call.id,
    outcome: {
      reason: held.end ? 'prospect_hangup' : 'user_hangup',
      detail: null,
      durationMs: held.durationMs,
      usage: null,
      costEstimateUsd: 0,
      serverMetrics: { [SEED_KEY]: c.seed, demo: true },
      repTurns,
    },
  });
  return call.id;
}

/** Waits until the evaluation jobs of these calls are done (the other worker lane runs them). */
async function evaluated(ctx: JobContext, callIds: string[]) {
  const keys = callIds.map(evaluationDedupeKey);
  for (;;) {
    const [{ n }] = await asSystem(ctx.db, { action: 'demo.history.wait' }, (tx) =>
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(
          and(
            eq(jobs.queue, 'evaluation'),
            inArray(jobs.dedupeKey, keys),
            inArray(jobs.status, ['queued', 'running', 'failed']),
          ),
        ),
    );
    if (Number(n) === 0 || ctx.signal.aborted) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Moves a call, its report and its exercise to the planned time (the rollups follow by trigger). */
async function backdate(tenant: TenantRunner, callId: string, startedAt: Date) {
  await tenant(async (tx) => {
    const [c] = await tx
      .select({ durationMs: calls.durationMs, exerciseId: calls.exerciseId })
      .from(calls)
      .where(eq(calls.id, callId));
    const ended = new Date(startedAt.getTime() + (c?.durationMs ?? 0) + 2_000);
    const scored = new Date(ended.getTime() + 40_000);
    await tx
      .update(calls)
      .set({ createdAt: startedAt, startedAt, connectedAt: new Date(startedAt.getTime() + 2_000), endedAt: ended })
      .where(eq(calls.id, callId));
    await tx
      .update(reports)
      .set({ createdAt: ended, completedAt: scored })
      .where(and(eq(reports.callId, callId), eq(reports.status, 'ready')));
    if (c?.exerciseId) {
      const [e] = await tx
        .select({ assignmentId: exercises.assignmentId })
        .from(exercises)
        .where(eq(exercises.id, c.exerciseId));
      if (e) await lockAssignment(tx, e.assignmentId);
      await tx
        .update(exercises)
        .set({ startedAt })
        .where(
          and(eq(exercises.id, c.exerciseId), or(isNull(exercises.startedAt), gt(exercises.startedAt, startedAt))),
        );
      // the exercise takes its counted attempt's time again, now in the past
      await recountExercises(tx, [c.exerciseId]);
    }
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

      // each assignment's status from its exercises; each rep last active at their last call
      await tenant(async (tx) => {
        for (const id of assignmentIds.values()) await refreshAssignmentStatus(tx, id);
        await tx.execute(
          sql`update users u set last_active_at = x.at from (select user_id, max(ended_at) as at from calls group by user_id) x where x.user_id = u.id and (u.last_active_at is null or u.last_active_at < x.at)`,
        );
      });
      await ctx.setProgress({ phase: 'done', done: total, total });
      return { calls: total, assignments: assignmentIds.size };
    },
  };
}
