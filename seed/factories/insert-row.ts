import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';

/** Inserts one row of `table` (the factory's defaults already merged in) and returns it as stored. */
export async function insertRow<T extends PgTable>(db: Executor, table: T, values: T['$inferInsert']) {
  const [row] = await db.insert(table).values(values).returning();
  return row as T['$inferSelect'];
}
