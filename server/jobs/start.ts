import { createTextProvider } from '../ai/provider';
import type { AppDeps } from '../deps';
import { evaluationHandler } from '../evaluation/evaluate';
import { mailHandler } from '../mail/jobs';
import { createWorker, type Worker } from './worker';

/** The app's worker: evaluation jobs (mail and webhooks register here later). Null when disabled. */
export async function startJobWorker(deps: AppDeps): Promise<Worker | null> {
  if (deps.jobs?.disabled) return null;
  const worker = createWorker({
    db: deps.db,
    handlers: {
      evaluation: evaluationHandler({ provider: createTextProvider(deps.env), samples: deps.env.EVALUATION_SAMPLES }),
      mail: mailHandler({ smtpUrl: deps.env.SMTP_URL, from: deps.env.MAIL_FROM }), // assignments mail (issue 7)
    },
    workerId: deps.jobs?.workerId,
    pollIntervalMs: deps.jobs?.pollIntervalMs,
    leaseMs: deps.jobs?.leaseMs,
    backoffBaseMs: deps.jobs?.backoffBaseMs,
    stopTimeoutMs: Math.min(10_000, deps.env.SHUTDOWN_TIMEOUT_MS),
    // one process per PGlite data directory: any running job there belongs to a dead process
    orphans: deps.database.driver === 'pglite' ? 'all' : 'same-host',
    // an evaluation completes exercises, a mail updates reminder state: the tenant's cached reads go
    onCompleted: (job) => deps.readCache?.invalidateTenant(job.tenantId),
  });
  await worker.start();
  return worker;
}
