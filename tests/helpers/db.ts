import { existsSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { migrateDatabase, type Database, type Db, type Executor } from '../../db/client';
import { callTurns } from '../../db/schema';
import { asSystem } from '../../db/tenant';
import { pgliteDatabase } from './pglite-template';
import { createPostgresDatabase } from './postgres';

export interface TestDatabase extends Database {
  /** Closes the database (and drops it on a real server). */
  cleanup(): Promise<void>;
  /** 'pglite' or the name of the database created on the server. */
  label: string;
}

let templateBlob: Blob | null | undefined;

/**
 * A migrated, empty database for one test file (call in beforeAll, cleanup in afterAll).
 * PGlite in memory, loaded from the run's template; with DATABASE_URL a fresh database on that
 * server, created, migrated, and dropped by cleanup().
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const { database, name, drop } = await createPostgresDatabase(url);
    return {
      ...database,
      label: name,
      cleanup: async () => {
        await database.close();
        await drop();
      },
    };
  }
  templateBlob ??= readTemplate();
  const client = templateBlob ? await PGlite.create({ loadDataDir: templateBlob }) : await PGlite.create();
  const database = pgliteDatabase(client);
  if (!templateBlob) await migrateDatabase(database);
  return { ...database, label: 'pglite', cleanup: () => database.close() };
}

/** The run's template, or null (no globalSetup, or the file vanished): then migrate directly. */
function readTemplate(): Blob | null {
  let file: string | null;
  try {
    file = inject('pgliteTemplate') ?? null;
  } catch {
    return null;
  }
  if (!file || !existsSync(file)) return null;
  return new Blob([readFileSync(file)]);
}

/** Rows of a raw query, whichever driver ran it (PGlite returns {rows}, postgres.js an array). */
export async function rows<T = Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const r = (await db.execute(query)) as unknown;
  return (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];
}

/** The database's own error (drizzle wraps it as `cause`), for asserting on its code and message. */
export async function dbError(p: Promise<unknown>): Promise<{ code: string | undefined; message: string }> {
  try {
    await p;
  } catch (e) {
    let cur: unknown = e;
    while (cur instanceof Error && cur.cause) cur = cur.cause;
    const err = cur as { code?: string; message?: string };
    return { code: err.code, message: String(err.message) };
  }
  throw new Error('expected the query to fail, but it succeeded');
}

/**
 * The file's test database, by a name its hooks and tests can hold: filled in by a beforeAll that
 * runs before the file's own (registered after it), dropped by an afterAll that runs after theirs.
 */
export function useTestDatabase(): TestDatabase {
  const database = {} as TestDatabase;
  // as long as the slowest file's own setup may take: loading the template waits on a busy machine
  beforeAll(async () => void Object.assign(database, await createTestDatabase()), 120_000);
  afterAll(() => database.cleanup?.());
  return database;
}

/** Work on `database` past RLS, audited as a test's: what the database really holds. */
export const systemRunner =
  (database: Database) =>
  <T>(fn: Parameters<typeof asSystem<T>>[2]) =>
    asSystem(database.db, { action: 'test' }, fn);

/** The row of `table` with this id, read past RLS: what the database really holds. */
export async function rowById<T extends PgTable & { id: AnyPgColumn }>(db: Db, table: T, id: string) {
  const found = await asSystem(db, { action: 'test' }, (tx) =>
    tx
      .select()
      .from(table as PgTable)
      .where(eq(table.id, id)),
  );
  return found[0] as T['$inferSelect'];
}

/** The turns of a call in the order they were spoken, read past RLS: what the call recorded. */
export function callTurnRows(db: Db, callId: string) {
  return asSystem(db, { action: 'test' }, (tx) =>
    tx.select().from(callTurns).where(eq(callTurns.callId, callId)).orderBy(asc(callTurns.seq)),
  );
}

/** Runs `look` on a database the test opens itself (`open`), closed afterwards whatever happens. */
export async function withOpened<T>(
  open: () => Promise<Database>,
  look: (database: Database) => Promise<T>,
): Promise<T> {
  const database = await open();
  try {
    return await look(database);
  } finally {
    await database.close();
  }
}
