import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { recordAudit, type AuditOrigin } from '../../../db/audit';
import { jobs } from '../../../db/schema';
import { asSystem, rawRows } from '../../../db/tenant';
import type { PasswordPolicy } from '../../contracts/password-policy';
import { AppError, isAppError } from '../../errors';
import { enqueue } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/handler';
import { importUsers, type CreatedAccount, type ImportPhase } from './import';
import { clients } from '../../../db/schema';
import { mintPasswordTokens, passwordLinkUrl } from '../../auth/password-links';
import type { CreatedAccountRow } from '../../contracts/users';
import { enqueueMails, PASSWORD_LINK_SLOT, recipientLanguages, renderMail } from '../../mail/jobs';
import { parseUsersCsv, type RowError } from './import-rows';
import { caught } from '../../metrics/caught';

/**
 * CSV imports as durable jobs (queue `users_import`, server/jobs): the request checks the file's
 * shape and enqueues; a worker runs the all-or-nothing import, writing its progress to the job
 * row, so any process can answer the status poll and a restart loses nothing (a job cut off
 * mid-way rolled back and runs again). No password is generated: an account whose row has none
 * is mailed a one-time "choose your password" link (minted as the mail is sent), and the admin
 * gets the same kind of link for each such account in the first status answer after the job is
 * done (within LINKS_TTL_MS), minted for that answer and never stored in clear. The uploaded file
 * (it may hold passwords) leaves the job in the statement that records its end, success or not.
 */

const QUEUE = 'users_import' as const;
/** The admin's one-time links are offered this long after the import is done, then only the mails remain. */
const LINKS_TTL_MS = 15 * 60_000;

interface ImportPayload {
  csv?: string;
  actorUserId: string;
  /** The admin's e-mail, address and browser, for the audit row of the finished import. */
  origin?: Omit<AuditOrigin, 'actorUserId'>;
  total: number;
  /** Where the links in the mails point (PUBLIC_URL, else the admin's origin). */
  baseUrl: string;
}
interface ImportResult {
  phase: 'done' | 'failed';
  createdCount?: number;
  created?: CreatedAccount[];
  errors?: RowError[];
  failure?: { code: string; message: string };
}

export interface StartImport {
  /** The request's tenant transaction (the job commits with it) or the database. */
  db: Executor;
  tenantId: string;
  actorUserId: string;
  origin?: Omit<AuditOrigin, 'actorUserId'>;
  csv: string;
  baseUrl: string;
}

/** Checks the file's shape (header, row count: CSV_INVALID at once), then enqueues the import. */
export async function startImport({
  db,
  tenantId,
  actorUserId,
  origin,
  csv,
  baseUrl,
}: StartImport): Promise<{ id: string; total: number }> {
  const total = parseUsersCsv(csv).length;
  return asSystem(db, { action: 'users.import.start', actorUserId, tenantId }, async (tx) => {
    // one import per tenant at a time; the lock makes two simultaneous starts see each other
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`users_import:${tenantId}`}))`);
    const running = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.queue, QUEUE), eq(jobs.tenantId, tenantId), inArray(jobs.status, ['queued', 'running'])))
      .limit(1);
    if (running.length)
      throw new AppError('CONFLICT', 'An import for this client is already running', { reason: 'importRunning' });
    const payload: ImportPayload = { csv, actorUserId, origin, total, baseUrl };
    const id = await enqueue(tx, {
      queue: QUEUE,
      tenantId,
      payload: payload as unknown as Record<string, unknown>,
      dedupeKey: `users_import:${randomUUID()}`,
      maxAttempts: 3,
    });
    return { id, total };
  });
}

export interface ImportStatus {
  id: string;
  phase: ImportPhase;
  processed: number;
  total: number;
  errors: RowError[] | null;
  failure: { code: string; message: string } | null;
  createdCount: number;
  /** Present once: in the first answer after the job is done, with links minted for it. */
  created: CreatedAccountRow[] | null;
}

interface StatusRow {
  id: string;
  status: string;
  payload: ImportPayload | string;
  progress: { phase?: ImportPhase; done?: number; total?: number } | string | null;
  result: ImportResult | string | null;
  last_error: string | null;
  finished_at: Date | string | null;
}
const json = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/**
 * The job's state for the user who started it, in the same tenant; anyone else gets NOT_FOUND.
 * The created accounts are taken out of the job as they are read (row lock): handed out once,
 * each account without a password with a fresh one-time link.
 */
export async function importStatus({
  db,
  id,
  tenantId,
  actorUserId,
}: {
  db: Executor;
  id: string;
  tenantId: string;
  actorUserId: string;
}): Promise<ImportStatus> {
  return asSystem(db, { action: 'users.import.status', actorUserId, tenantId }, async (tx) => {
    const [row] = await rawRows<StatusRow>(
      tx,
      sql`select id, status, payload, progress, result, last_error, finished_at from jobs
          where id = ${id} and queue = ${QUEUE} and tenant_id = ${tenantId} for update`,
    );
    const payload = row ? json(row.payload) : null;
    if (!row || !payload || payload.actorUserId !== actorUserId) throw new AppError('NOT_FOUND', 'Import not found');
    const result = json(row.result);
    const progress = json(row.progress) ?? {};
    const total = payload.total;
    const base = { id: row.id, total, errors: null, failure: null, createdCount: 0, created: null };
    if (row.status === 'queued' || row.status === 'running' || row.status === 'failed') {
      // 'failed' is a retry waiting its turn: the import rolled back and runs again
      return { ...base, phase: progress.phase ?? 'validating', processed: progress.done ?? 0 };
    }
    if (row.status === 'dead' || !result) {
      return {
        ...base,
        phase: 'failed',
        processed: 0,
        failure: { code: 'INTERNAL', message: 'An unexpected error occurred' },
      };
    }
    if (result.phase === 'failed') {
      return {
        ...base,
        phase: 'failed',
        processed: progress.done ?? 0,
        errors: result.errors ?? null,
        failure: result.failure ?? null,
      };
    }
    let created: CreatedAccountRow[] | null = null;
    const finishedAt = row.finished_at ? new Date(row.finished_at).getTime() : 0;
    if (result.created) {
      if (Date.now() - finishedAt <= LINKS_TTL_MS) created = await withLinks(tx, result.created, payload.baseUrl);
      await dropCreated(tx, row.id);
    }
    return { ...base, phase: 'done', processed: total, createdCount: result.createdCount ?? 0, created };
  });
}

/** The created accounts as the admin downloads them: a fresh one-time link for each without a password. */
async function withLinks(tx: Executor, created: CreatedAccount[], baseUrl: string): Promise<CreatedAccountRow[]> {
  const tokens = await mintPasswordTokens(
    tx,
    created.filter((c) => c.needsLink).map((c) => c.userId),
  );
  return created.map((c) => {
    const t = tokens.get(c.userId);
    return {
      email: c.email,
      username: c.username,
      displayName: c.displayName,
      userType: c.userType,
      passwordLink: t ? passwordLinkUrl(baseUrl, t.token) : null,
      passwordLinkExpiresAt: t ? t.expiresAt.toISOString() : null,
    };
  });
}

async function dropCreated(tx: Executor, jobId: string) {
  await tx.execute(sql`update jobs set result = result - 'created', updated_at = now() where id = ${jobId}`);
}

/** The worker's side: runs the import with progress on the job row; the file leaves the job as it ends. */
export function usersImportHandler(opts: { policy: PasswordPolicy }): JobHandler {
  return {
    secretPayloadKeys: ['csv'],
    async run(ctx) {
      const { job, db, tenant } = ctx;
      const payload = job.payload as unknown as ImportPayload;
      if (!job.tenantId || !tenant || typeof payload.csv !== 'string')
        return { phase: 'failed', failure: { code: 'INTERNAL', message: 'The import file is gone' } };
      let lastWrite = 0;
      let result: ImportResult;
      try {
        const r = await importUsers({
          db,
          tenant,
          tenantId: job.tenantId,
          text: payload.csv,
          policy: opts.policy,
          actorUserId: payload.actorUserId,
          // the invitations commit with the accounts: both or neither
          afterInsert: async (tx, created) => {
            await mailPasswordLinks(tx, { tenantId: job.tenantId!, jobId: job.id, created, baseUrl: payload.baseUrl });
            await recordAudit(tx, {
              ...payload.origin,
              actorUserId: payload.actorUserId,
              tenantId: job.tenantId,
              action: 'users.imported',
              detail: `${created.length} users`,
            });
          },
          onProgress: (p) => {
            // a progress row at most every 250 ms (and each phase change): the poll reads it
            const now = Date.now();
            if (p.phase !== 'done' && now - lastWrite >= 250) {
              lastWrite = now;
              void ctx
                .setProgress({ phase: p.phase, done: p.processed, total: payload.total })
                .catch((err: unknown) => {
                  // the poll shows the last progress written; the import itself goes on
                  caught('import_progress', 'import progress not written', { err, jobId: job.id }, 'warn');
                });
            }
          },
        });
        result = r.ok
          ? { phase: 'done', createdCount: r.created.length, created: r.created }
          : { phase: 'failed', errors: r.errors };
      } catch (e) {
        if (!isAppError(e)) throw e; // unexpected: the worker retries (the import rolled back)
        result = { phase: 'failed', failure: { code: e.code, message: e.message } };
      }
      // the file leaves the job with the statement that records the result (secretPayloadKeys)
      return result as unknown as Record<string, unknown>;
    },
  };
}

/** One invitation per account without a password: its link is minted as the mail is sent. */
async function mailPasswordLinks(
  tx: Executor,
  opts: { tenantId: string; jobId: string; created: CreatedAccount[]; baseUrl: string },
) {
  const invited = opts.created.filter((c) => c.needsLink);
  if (!invited.length) return;
  const recipients = await recipientLanguages(
    tx,
    invited.map((c) => c.userId),
  );
  const [client] = await tx.select({ name: clients.name }).from(clients).where(eq(clients.id, opts.tenantId));
  const now = new Date();
  await enqueueMails(
    tx,
    invited.map((c) => {
      const r = recipients.get(c.userId);
      const lng = r?.language ?? 'en';
      const m = renderMail(
        lng,
        'passwordInvite',
        { name: r?.name ?? c.username, email: c.email, client: client?.name ?? '' },
        [],
        PASSWORD_LINK_SLOT,
      );
      return {
        tenantId: opts.tenantId,
        to: c.email,
        ...m,
        dedupeKey: `users_import:${opts.jobId}:${c.userId}:password-link`,
        runAt: now,
        passwordLink: { userId: c.userId, baseUrl: opts.baseUrl },
      };
    }),
  );
}
