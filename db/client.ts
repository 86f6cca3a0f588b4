import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import type { Options, PostgresType } from 'postgres';
import * as schema from './schema';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A handle services accept: the database or a transaction (tenant-scoped or system). */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * PostgreSQL's LISTEN/NOTIFY between server processes on one database (absent on PGlite, which
   * one process holds): `listen` subscribes on a dedicated connection, `notify` publishes.
   */
  listen?(channel: string, onMessage: (payload: string) => void): Promise<{ unlisten(): Promise<void> }>;
  notify?(channel: string, payload: string): Promise<void>;
  /** PGlite: the whole data directory as a gzipped tarball, taken between two queries (consistent). */
  dump?(): Promise<Blob>;
  /**
   * Runs `fn` while holding a database-wide advisory lock (PostgreSQL: several server processes
   * starting at once migrate and seed one after the other, never together). PGlite: `fn` alone.
   * `fn` gets the database on connections of its own without the statement deadline: a migration
   * on a large table may take longer than any request should.
   */
  exclusive?<T>(key: string, fn: (unhurried: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** db/migrations, found from the source tree or from the bundled server in dist/server. */
export function migrationsFolder(): string {
  const candidates = [path.join(here, 'migrations'), path.join(here, '..', '..', 'db', 'migrations')];
  for (const c of candidates) {
    try {
      readFileSync(path.join(c, 'meta', '_journal.json'));
      return c;
    } catch {
      /* try the next */
    }
  }
  throw new Error(`migrations folder not found (looked in ${candidates.join(', ')})`);
}

export class DataDirLockedError extends Error {}

/** One process per PGlite data directory: a second one exits with a clear message. */
function acquireLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'spar.lock');
  const write = () => writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  try {
    write();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    let alive = false;
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid) {
      try {
        process.kill(pid, 0);
        alive = true;
      } catch (err) {
        alive = (err as NodeJS.ErrnoException).code === 'EPERM';
      }
    }
    if (alive) {
      throw new DataDirLockedError(
        `The data directory ${path.resolve(dataDir)} is in use by another Spar process (pid ${pid}). ` +
          'Stop that process, or set DATA_DIR to another directory, or DATABASE_URL to use an external Postgres.',
      );
    }
    rmSync(lockFile, { force: true }); // stale lock from a process that died
    write();
  }
  return () => {
    try {
      if (readFileSync(lockFile, 'utf8').trim() === String(process.pid)) rmSync(lockFile, { force: true });
    } catch {
      /* already gone */
    }
  };
}

/**
 * PGlite settings. The default shared_buffers (128 MB) is sized for a server; the embedded
 * database serves one process, and 16 MB keeps its resident memory under ~200 MB.
 */
const PGLITE_CONF = ['shared_buffers = 16MB', 'wal_buffers = 1MB'];

/**
 * Creates a new PGlite data directory in a short-lived child process. initdb inflates the WASM
 * heap to ~750 MB and WebAssembly memory never shrinks, so doing it in the server process would
 * keep that memory for the process's whole life.
 */
async function initDataDirInChild(dataDir: string): Promise<void> {
  const entry = import.meta.resolve('@electric-sql/pglite');
  const code =
    `const { PGlite } = await import(${JSON.stringify(entry)});` +
    `const db = await PGlite.create(${JSON.stringify(path.resolve(dataDir))}, { postgresqlconf: ${JSON.stringify(PGLITE_CONF)} });` +
    `await db.close();`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`creating the database in ${dataDir} failed (exit ${code}): ${stderr.slice(-500)}`)),
    );
  });
}

/** How long after the statement deadline a connection with no answer at all is dropped as silent. */
const SILENCE_GRACE_MS = 400;

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; `null` keeps the database in memory (tests). */
  dataDir?: string | null;
  poolSize?: number;
  /**
   * PostgreSQL: the longest a statement may run (PostgreSQL's `statement_timeout`); a connection
   * that has not heard a byte back 400 ms later is taken for a silent database and dropped. Unset: no
   * deadline (scripts, tests that hold locks on purpose).
   */
  statementTimeoutMs?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: postgres } = await import('postgres');
    const { silentDatabaseWatch } = await import('./silent-watch');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    // reconnect attempts at most a quarter second apart (postgres.js backs off up to 20 s by default):
    // requests waiting for a connection fail fast, and the server is back soon after the database.
    // With the deadline on, while the database is silent or refusing, only one attempt at a time
    // reaches it, ten a second at most (db/silent-watch.ts), and the others fail without waiting.
    const deadline = opts.statementTimeoutMs;
    const watch = deadline ? silentDatabaseWatch(deadline + SILENCE_GRACE_MS) : null;
    const connect = (extra: Options<Record<string, PostgresType>>) =>
      postgres(opts.databaseUrl!, {
        onnotice: () => {},
        // a database that does not accept a connection within 2 s fails the request (and health) instead of holding it
        connect_timeout: 2,
        backoff: (attempts: number) => (watch?.refusing() ? 0 : Math.min(0.05 * 2 ** attempts, 0.25)),
        ...extra,
      });
    const sql = connect({
      max: opts.poolSize ?? 10,
      ...(watch ? { connection: { statement_timeout: deadline }, socket: watch.socket } : {}),
    });
    const db = drizzle(sql, { schema, casing: 'snake_case' }) as unknown as Db;
    const database: Database = {
      db,
      driver: 'postgres',
      ping: async () => {
        await sql`select 1`;
      },
      listen: async (channel, onMessage) => {
        const sub = await sql.listen(channel, onMessage);
        return { unlisten: () => sub.unlisten() };
      },
      notify: async (channel, payload) => {
        await sql.notify(channel, payload);
      },
      exclusive: async (key, fn) => {
        // a session lock on one reserved connection of a small pool without the statement deadline
        // (waiting for another process's lock is no silence), held while fn runs on that pool's other
        const slow = connect({ max: 2 });
        try {
          const conn = await slow.reserve();
          try {
            await conn`select pg_advisory_lock(hashtext(${key}))`;
            try {
              const unhurried = drizzle(slow, { schema, casing: 'snake_case' }) as unknown as Db;
              return await fn({ ...database, db: unhurried });
            } finally {
              await conn`select pg_advisory_unlock(hashtext(${key}))`;
            }
          } finally {
            conn.release();
          }
        } finally {
          await slow.end({ timeout: 5 });
        }
      },
      close: async () => {
        await sql.end({ timeout: 5 });
      },
    };
    return database;
  }
  const release = opts.dataDir ? acquireLock(opts.dataDir) : () => {};
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    if (opts.dataDir && !existsSync(path.join(opts.dataDir, 'PG_VERSION'))) await initDataDirInChild(opts.dataDir);
    const client = opts.dataDir
      ? await PGlite.create(opts.dataDir, { postgresqlconf: PGLITE_CONF })
      : await PGlite.create({ postgresqlconf: PGLITE_CONF });
    return pgliteDatabase(client, drizzle, release);
  } catch (e) {
    release();
    throw e;
  }
}

/** The Database around an open PGlite client; `release` runs after it closes (the data directory's lock). */
export function pgliteDatabase(
  client: PGlite,
  drizzle: typeof import('drizzle-orm/pglite').drizzle,
  release: () => void = () => {},
): Database {
  return {
    db: drizzle(client, { schema, casing: 'snake_case' }) as unknown as Db,
    driver: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    dump: () => client.dumpDataDir('gzip'),
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

export async function migrateDatabase(database: Database, opts: { migrationsFolder?: string } = {}): Promise<void> {
  const folder = opts.migrationsFolder ?? migrationsFolder();
  if (database.driver === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator wants the driver-specific type
    await migrate(database.db as any, { migrationsFolder: folder });
  } else {
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator wants the driver-specific type
    await migrate(database.db as any, { migrationsFolder: folder });
  }
}
