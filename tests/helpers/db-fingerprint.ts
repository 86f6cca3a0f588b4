import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { asSystem } from '../../db/tenant';
import { rows } from './db';

/** Tables that change on every authenticated request (sliding sessions, sign-in throttling). */
const VOLATILE_TABLES = new Set(['sessions', 'login_throttle']);
/** Columns that change when someone merely uses the product. */
const VOLATILE_COLUMNS = ['last_active_at', 'lastActiveAt'];

/**
 * A digest of every application table (row count and an md5 of all rows), to prove a run of
 * refused requests wrote nothing. Volatile bookkeeping (sessions, throttling, last activity) is left out.
 */
export async function databaseFingerprint(db: Db): Promise<Record<string, string>> {
  return asSystem(db, { action: 'test.fingerprint' }, async (tx) => {
    const tables = await rows<{ name: string }>(
      tx,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const out: Record<string, string> = {};
    const drop = VOLATILE_COLUMNS.map((c) => ` - '${c}'`).join('');
    for (const { name } of tables) {
      if (VOLATILE_TABLES.has(name)) continue;
      const [r] = await rows<{ n: number; h: string }>(
        tx,
        sql.raw(
          `select count(*)::int as n, md5(coalesce(string_agg(x, '|' order by x), '')) as h from (select (to_jsonb(t)${drop})::text as x from "${name}" t) s`,
        ),
      );
      out[name] = `${r.n}:${r.h}`;
    }
    return out;
  });
}
