import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { callTurns, calls, exercises, jobs, reports } from '../../db/schema';
import { asSystem, type TenantRunner } from '../../db/tenant';
import { roleOf } from '../contracts/roles';
import type { Env } from '../env';
import { evaluationDedupeKey } from '../evaluation/evaluate';
import type { JobContext } from '../jobs/handler';
import { prospectProfileForCall } from '../realtime/offline-prospect';
import { recountExercises } from '../services/assignments/exercise-progress';
import { lockAssignment } from '../services/assignments/locks';
import { finishCall, startCall } from '../services/calls/calls';
import type { PlannedCall } from './plan';
import { KIND_OF_SCORECARD } from './rep-lines';
import { holdScriptedCall } from './scripted-rep';

/**
 * Holding one of the demo history's calls through the product's own services, waiting for its
 * evaluation, and moving it to its planned time (server/demo-history/run.ts, coaching.ts).
 */

/** Marks the calls the demo history made (calls.server_metrics.demoSeed). */
const SEED_KEY = 'demoSeed';

/** The calls of this history already made (a job run again goes on from there). */
export async function madeSeeds(tenant: TenantRunner): Promise<Set<number>> {
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
export async function evaluated(ctx: JobContext, callIds: string[]) {
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
export async function backdate(tenant: TenantRunner, callId: string, startedAt: Date) {
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
