import type { Db } from '../db/client';
import { demoHistoryHandler } from './demo-history/run';
import { createTextProvider } from './ai/create-provider';
import type { AppDeps } from './deps';
import { evaluationHandler } from './evaluation/evaluate';
import { subscribe } from './events';
import { atsCallbackHandler } from './services/greenhouse/callback-job';
import { webhookHandler } from './integrations/webhooks/deliver';
import { ltiScoreHandler } from './services/lms/lti/ags';
import { startLanes } from './jobs/lanes';
import { dueJobStats, pruneFinishedJobs } from './jobs/queue';
import type { Worker } from './jobs/worker';
import { mailHandler } from './mail/jobs';
import { countLiveCallsWith, watchJobQueue } from './metrics/metrics';
import { liveCalls } from './realtime/registry';
import { checkCertificationForCall } from './services/certifications/certifications';
import { certificateExpiryHandler } from './services/certifications/expiry-job';
import { assessmentExpiryHandler, isAssessmentCall, onAssessmentReport } from './services/assessments/lifecycle';
import { completeExerciseForCall } from './services/assignments/exercise-progress';
import { markMagicLinkSent } from './services/campaigns/lifecycle';
import { LTI_SCORE_QUEUE, onLmsReportFailed, onLmsReportReady } from './services/lms/launches';
import { meetingBotHandler } from './services/meetings/bots';
import { onMeetingReport } from './services/meetings/meetings';
import { usersImportHandler } from './services/users/import-jobs';
import { sweepAuditLog } from './services/audit/retention';
import { logger } from './logger';
import { pruneRateLimits } from './http/rate-limit-store';
import { mintPasswordLink } from './auth/password-links';
import { caught } from './metrics/caught';

/*
 * The composition root: the one module that knows every other. Lower modules announce what
 * happened (server/events) and name their job handlers; this file says who listens and which
 * worker runs what. server/app.ts calls it at start; the integration tests' setup calls
 * wireDomainEvents() too, so a test that runs an evaluation handler by itself sees the same
 * subscribers as the app.
 */

/** Attaches every domain event subscriber (idempotent: each is attached under its own name). */
export function wireDomainEvents(): void {
  // the order of each event's subscribers is the order they run in, inside the emitter's transaction
  subscribe('report.ready', 'assignments', ({ tx, callId, score }) => completeExerciseForCall(tx, callId, { score }));
  subscribe('report.ready', 'assessments', async ({ tx, callId }) => {
    if (await isAssessmentCall(tx, callId)) await onAssessmentReport(tx, callId);
  });
  subscribe('report.ready', 'meetings', ({ tx, callId }) => onMeetingReport({ tx, callId, status: 'ready' }));
  // a certification attempt that passes the last open step issues the certificate
  subscribe('report.ready', 'certifications', async ({ tx, callId }) => {
    await checkCertificationForCall(tx, callId);
  });
  // after certifications: a certification launch's result reads the certificate just issued
  subscribe('report.ready', 'lms', ({ tx, tenantId, callId, score }) =>
    onLmsReportReady(tx, { tenantId, callId, score }),
  );
  // an assessment whose report failed for good: the ATS still hears that it is over
  subscribe('report.failed', 'assessments', async ({ tx, callId }) => {
    if (await isAssessmentCall(tx, callId)) await onAssessmentReport(tx, callId);
  });
  subscribe('report.failed', 'meetings', ({ tx, callId, error }) =>
    onMeetingReport({ tx, callId, status: 'failed', error: error.slice(0, 500) }),
  );
  subscribe('report.failed', 'lms', ({ tx, callId }) => onLmsReportFailed(tx, { callId }));
  subscribe('mail.sent', 'campaigns', ({ tx, tenantId, magicLinkId }) =>
    markMagicLinkSent({ tx, tenantId, linkId: magicLinkId }),
  );
}

/** What only the app can count, reported into the metrics leaf: live calls, and the job queue of `db`. */
export function wireMetrics(db: Db | null): void {
  countLiveCallsWith(() => liveCalls.size);
  watchJobQueue(db ? () => dueJobStats(db) : null);
}

/**
 * The app's workers, one job at a time each, in two lanes: reports and mail (short jobs), and
 * bulk user imports (a thousand rows hash for tens of seconds: they must not hold up a report).
 * Null when disabled.
 */
export async function startJobWorker(deps: AppDeps): Promise<Worker | null> {
  if (deps.jobs?.disabled) return null;
  return startLanes(
    [
      {
        handlers: {
          evaluation: evaluationHandler({
            provider: createTextProvider(deps.env),
            samples: deps.env.EVALUATION_SAMPLES,
          }),
          mail: mailHandler({
            smtpUrl: deps.env.SMTP_URL,
            from: deps.env.MAIL_FROM,
            passwordLink: mintPasswordLink,
          }),
          ats_callback: atsCallbackHandler(deps.env),
          webhook: webhookHandler({
            allowPrivate: deps.env.WEBHOOKS_ALLOW_PRIVATE_URLS ?? false,
            scheduleMs: deps.jobs?.webhookScheduleMs,
          }),
          [LTI_SCORE_QUEUE]: ltiScoreHandler({ env: deps.env, scheduleMs: deps.jobs?.ltiScoreScheduleMs }),
          assessment_expiry: assessmentExpiryHandler(),
          meeting_bot: meetingBotHandler(deps.env),
          certificate_expiry: certificateExpiryHandler({
            publicUrl: (deps.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/$/, ''),
            mail: true,
          }),
        },
      },
      // long jobs: bulk user imports, the demo tenant's history (it waits for its evaluations in the first lane)
      {
        handlers: {
          users_import: usersImportHandler({ policy: deps.env.passwordPolicy }),
          demo_history: demoHistoryHandler({ env: deps.env }),
        },
        suffix: 'imports',
      },
    ],
    {
      database: deps.database,
      workerId: deps.jobs?.workerId,
      pollIntervalMs: deps.jobs?.pollIntervalMs,
      initialDelayMs: deps.jobs?.initialDelayMs,
      leaseMs: deps.jobs?.leaseMs,
      backoffBaseMs: deps.jobs?.backoffBaseMs,
      stopTimeoutMs: Math.min(10_000, deps.env.SHUTDOWN_TIMEOUT_MS),
      // an evaluation completes exercises, a mail updates reminder state: the tenant's cached reads go
      onCompleted: (job) => deps.readCache?.invalidateTenant(job.tenantId),
    },
  );
}

/**
 * Job retention: finished jobs older than JOB_RETENTION_DAYS are deleted, at start (after the
 * server answers) and every hour. Several processes may prune: a row is deleted once.
 */
export function startJobRetention(deps: AppDeps): { stop(): Promise<void> } {
  if (deps.jobs?.disabled) return { stop: async () => {} };
  const audit = startAuditRetention(deps);
  let running: Promise<unknown> = Promise.resolve();
  const prune = () => {
    running = running
      .then(async () => {
        const n = await pruneFinishedJobs(deps.db, deps.env.JOB_RETENTION_DAYS);
        await pruneRateLimits(deps.db);
        if (n) logger.info({ pruned: n, days: deps.env.JOB_RETENTION_DAYS }, 'finished jobs pruned');
      })
      .catch((err: unknown) => {
        caught('job_retention', 'finished jobs could not be pruned; will try again in an hour', { err });
      });
  };
  const first = setTimeout(prune, 5_000);
  const timer = setInterval(prune, 60 * 60_000);
  first.unref();
  timer.unref();
  return {
    stop: async () => {
      clearTimeout(first);
      clearInterval(timer);
      await running;
      await audit.stop();
    },
  };
}

/** The hour (UTC) of the audit log's nightly retention sweep. */
const AUDIT_SWEEP_HOUR_UTC = 2;

/** Milliseconds from `now` to the next nightly sweep (today's, if its hour is still ahead). */
export function msUntilAuditSweep(now: Date): number {
  const next = new Date(now);
  next.setUTCHours(AUDIT_SWEEP_HOUR_UTC, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}

/**
 * The audit log's retention: every night each tenant's rows older than its retention setting
 * leave the log (sweepAuditLog). Several processes may sweep: a row is deleted once.
 */
function startAuditRetention(deps: AppDeps, clock: () => Date = () => new Date()): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(sweep, msUntilAuditSweep(clock()));
    timer.unref();
  };
  const sweep = () => {
    running = running
      .then(async () => {
        const n = await sweepAuditLog(deps.db, clock());
        if (n) logger.info({ deleted: n }, 'audit log rows past their retention deleted');
      })
      .catch((err: unknown) => {
        caught('audit_retention', 'the audit log retention sweep failed; will try again tomorrow night', { err });
      })
      .finally(schedule);
  };
  schedule();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
