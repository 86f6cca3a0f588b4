import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { users } from '../../../db/schema';
import { asSystem, type TenantRunner } from '../../../db/tenant';
import { hashPassword } from '../../auth/password';
import type { PasswordPolicy } from '../../contracts/password-policy';
import { findTakenEmails, parseUsersCsv, validateRows, type RowError, type ValidUserRow } from './import-rows';
import { violatedUserField } from './unique-violation';
import type { ManagedUserType } from '../../contracts/user-types';

export type ImportPhase = 'validating' | 'hashing' | 'inserting' | 'done' | 'failed';

export interface ImportProgress {
  phase: ImportPhase;
  processed: number;
  total: number;
}

/**
 * A created account. No password is generated and none is kept: an account whose row had no
 * password gets a one-time "choose your password" link instead (`needsLink`), minted when its
 * e-mail is sent and when the admin downloads the links (server/auth/password-links.ts).
 */
export interface CreatedAccount {
  userId: string;
  email: string;
  username: string;
  displayName: string | null;
  userType: ManagedUserType;
  needsLink: boolean;
}

export type ImportResult =
  | { ok: true; total: number; created: CreatedAccount[]; dryRun: boolean; timings: ImportTimings }
  | { ok: false; total: number; errors: RowError[]; timings: ImportTimings };

interface ImportTimings {
  validateMs: number;
  hashMs: number;
  insertMs: number;
}

/** Where the users go: the tenant's runner (from the job runner or a script) and its id. */
export interface ImportTarget {
  /** For the cross-tenant email check only (system path). */
  db: Db;
  tenant: TenantRunner;
  tenantId: string;
}

export interface ImportOptions {
  dryRun?: boolean;
  actorUserId?: string | null;
  onProgress?: (p: ImportProgress) => void;
  /** Concurrent argon2 hashes in flight; the libuv threadpool runs them (UV_THREADPOOL_SIZE). */
  hashConcurrency?: number;
  /** Rows per INSERT statement. */
  insertChunk?: number;
  /** Runs in the transaction that inserts the accounts (e.g. to queue their invitations with them). */
  afterInsert?: (tx: Tx, created: CreatedAccount[]) => Promise<void>;
}

/**
 * Hashes the passwords the file gives in batches of `concurrency` with Promise.all, so the
 * threadpool's threads all work; rows without one stay without (null).
 */
async function hashAll(
  passwords: (string | null)[],
  concurrency: number,
  onBatch?: (done: number) => void,
): Promise<(string | null)[]> {
  const out: (string | null)[] = new Array(passwords.length);
  for (let i = 0; i < passwords.length; i += concurrency) {
    const batch = passwords.slice(i, i + concurrency);
    const hashes = await Promise.all(batch.map((p) => (p === null ? null : hashPassword(p))));
    hashes.forEach((h, k) => (out[i + k] = h));
    onBatch?.(Math.min(i + concurrency, passwords.length));
  }
  return out;
}

async function validate(
  { db, tenant, tenantId }: ImportTarget,
  text: string,
  policy: PasswordPolicy,
  actorUserId: string | null | undefined,
) {
  const raw = parseUsersCsv(text);
  const emails = [...new Set(raw.map((r) => r.email.toLowerCase()).filter(Boolean))];
  // emails are unique across tenants: look past RLS for them, returning nothing but the clashes
  const taken = await asSystem(db, { action: 'users.import.check_emails', actorUserId, tenantId }, (tx) =>
    findTakenEmails(tx, emails),
  );
  return tenant((tx) => validateRows({ tx, raw, policy, opts: { takenEmails: taken } }));
}

class RaceError extends Error {}

/**
 * CSV bulk add, all or nothing: every row is validated first (one short tenant transaction); on
 * any problem nothing is created and every rejected row is reported. Otherwise the passwords the
 * file gives are hashed outside any transaction (PGlite has a single connection:
 * a transaction held across seconds of hashing would block every other request), then all rows
 * are inserted in one transaction. If another writer took an email or username meanwhile, the
 * unique index fails that transaction and the file is validated again to name the rows.
 * Shared by the tRPC import job, scripts/users.ts and the benchmark.
 */
export async function importUsers(
  opts: ImportTarget & ImportOptions & { text: string; policy: PasswordPolicy },
): Promise<ImportResult> {
  const { tenantId, text, policy } = opts;
  const progress = opts.onProgress ?? (() => {});
  const concurrency = opts.hashConcurrency ?? 16;
  const chunk = opts.insertChunk ?? 250;
  const t0 = performance.now();
  const check = await validate(opts, text, policy, opts.actorUserId);
  const total = check.total;
  progress({ phase: 'validating', processed: total, total });
  const timings: ImportTimings = { validateMs: performance.now() - t0, hashMs: 0, insertMs: 0 };
  if (check.errors.length) return { ok: false, total, errors: check.errors, timings };
  const rows = check.rows;
  const passwords = rows.map((r) => r.password ?? null);
  // ids chosen here so rows can point at a manager defined further down the same file
  const ids = rows.map(() => randomUUID());
  const created: CreatedAccount[] = rows.map((r, i) => ({
    userId: ids[i],
    email: r.email,
    username: r.username,
    displayName: r.displayName,
    userType: r.userType,
    needsLink: passwords[i] === null,
  }));
  if (opts.dryRun) return { ok: true, total, created, dryRun: true, timings };

  const t1 = performance.now();
  progress({ phase: 'hashing', processed: 0, total });
  const hashes = await hashAll(passwords, concurrency, (done) =>
    progress({ phase: 'hashing', processed: done, total }),
  );
  timings.hashMs = performance.now() - t1;

  const t2 = performance.now();
  progress({ phase: 'inserting', processed: 0, total });
  try {
    await opts.tenant(async (tx) => {
      await insertRows(tx, { tenantId, rows, ids, hashes, chunk }, (done) =>
        progress({ phase: 'inserting', processed: done, total }),
      );
      await opts.afterInsert?.(tx, created);
    });
  } catch (e) {
    if (!(e instanceof RaceError) && !violatedUserField(e)) throw e;
    const again = await validate(opts, text, policy, opts.actorUserId);
    timings.insertMs = performance.now() - t2;
    if (again.errors.length) return { ok: false, total, errors: again.errors, timings };
    throw e;
  }
  timings.insertMs = performance.now() - t2;
  progress({ phase: 'done', processed: total, total });
  return { ok: true, total, created, dryRun: false, timings };
}

async function insertRows(
  tx: Tx,
  opts: { tenantId: string; rows: ValidUserRow[]; ids: string[]; hashes: (string | null)[]; chunk: number },
  onChunk: (done: number) => void,
) {
  const { tenantId, rows, ids, hashes, chunk } = opts;
  const idByEmail = new Map(rows.map((r, i) => [r.email, ids[i]]));
  // existing managers may have been deleted since validation
  const existing = [...new Set(rows.map((r) => r.managerId).filter((m): m is string => !!m))];
  if (existing.length) {
    const still = await tx.select({ id: users.id }).from(users).where(inArray(users.id, existing));
    if (still.length !== existing.length) throw new RaceError('a manager was removed during the import');
  }
  // rows whose manager is defined in the same file are linked once every row exists
  const deferred: { id: string; managerId: string }[] = [];
  for (let i = 0; i < rows.length; i += chunk) {
    const values = rows.slice(i, i + chunk).map((r, k) => {
      const id = ids[i + k];
      const inFile = r.managerInFile ? (idByEmail.get(r.managerInFile) ?? null) : null;
      if (inFile) deferred.push({ id, managerId: inFile });
      return {
        id,
        tenantId,
        email: r.email,
        username: r.username,
        displayName: r.displayName,
        userType: r.userType,
        passwordHash: hashes[i + k],
        managerId: r.managerId,
      };
    });
    await tx.insert(users).values(values);
    onChunk(Math.min(i + chunk, rows.length));
  }
  const byManager = new Map<string, string[]>();
  for (const d of deferred) byManager.set(d.managerId, [...(byManager.get(d.managerId) ?? []), d.id]);
  for (const [managerId, userIds] of byManager) {
    await tx.update(users).set({ managerId }).where(inArray(users.id, userIds));
  }
}
