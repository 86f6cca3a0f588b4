import { createTextProvider } from '../ai/provider';
import type { AppDeps } from '../deps';
import { evaluationHandler } from '../evaluation/evaluate';
import { mailHandler } from '../mail/jobs';
import { atsCallbackHandler } from '../integrations/greenhouse/callback-job';
import { webhookHandler } from '../integrations/webhooks/deliver';
import { assessmentExpiryHandler } from '../services/assessments/lifecycle';
import { usersImportHandler } from '../services/users/import-jobs';
import { demoHistoryHandler } from '../../db/seed/demo-history/run';
import { meetingBotHandler } from '../services/meetings/bots';
import { createWorker, type Worker } from './worker';

/**
 * The app's workers, one job at a time each, in two lanes: reports and mail (short jobs), and
 * bulk user imports (a thousand rows hash for tens of seconds: they must not hold up a report).
 * Null when disabled.
 */
export async function startJobWorker(deps: AppDeps): Promise<Worker | null> {
  if (deps.jobs?.disabled) return null;
  const lanes = [
    {
      evaluation: evaluationHandler({ provider: createTextProvider(deps.env), samples: deps.env.EVALUATION_SAMPLES }),
      mail: mailHandler({ smtpUrl: deps.env.SMTP_URL, from: deps.env.MAIL_FROM }),
      ats_callback: atsCallbackHandler(deps.env),
      webhook: webhookHandler({ allowPrivate: deps.env.WEBHOOKS_ALLOW_PRIVATE_URLS ?? false, scheduleMs: deps.jobs?.webhookScheduleMs }),
      assessment_expiry: assessmentExpiryHandler(),
      meeting_bot: meetingBotHandler(deps.env),
    },
    // long jobs: bulk user imports, the demo tenant's history (it waits for its evaluations in the first lane)
    { users_import: usersImportHandler({ policy: deps.env.passwordPolicy }), demo_history: demoHistoryHandler({ env: deps.env }) },
  ];
  const workers = lanes.map((handlers, i) => laneWorker(deps, handlers, i === 0 ? deps.jobs?.workerId : deps.jobs?.workerId && `${deps.jobs.workerId}:imports`, i === 0));
  // one after the other: only the first releases orphaned jobs, before any lane claims one
  for (const w of workers) await w.start();
  return {
    id: workers[0].id,
    start: async () => void (await Promise.all(workers.map((w) => w.start()))),
    stop: async () => void (await Promise.all(workers.map((w) => w.stop()))),
    runOnce: async () => (await Promise.all(workers.map((w) => w.runOnce()))).some(Boolean),
  };
}

function laneWorker(deps: AppDeps, handlers: Parameters<typeof createWorker>[0]['handlers'], workerId: string | undefined, releasesOrphans: boolean): Worker {
  return createWorker({
    db: deps.db,
    handlers,
    workerId,
    pollIntervalMs: deps.jobs?.pollIntervalMs,
    // after a (re)start the server answers first; background work begins a moment later
    initialDelayMs: deps.jobs?.initialDelayMs ?? 1000,
    leaseMs: deps.jobs?.leaseMs,
    backoffBaseMs: deps.jobs?.backoffBaseMs,
    stopTimeoutMs: Math.min(10_000, deps.env.SHUTDOWN_TIMEOUT_MS),
    // one process per PGlite data directory: any running job there belongs to a dead process
    orphans: !releasesOrphans ? 'none' : deps.database.driver === 'pglite' ? 'all' : 'same-host',
    // an evaluation completes exercises, a mail updates reminder state: the tenant's cached reads go
    onCompleted: (job) => deps.readCache?.invalidateTenant(job.tenantId),
  });
}
