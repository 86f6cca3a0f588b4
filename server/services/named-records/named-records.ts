import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { callInstructions, icps, productGroupings } from '../../../db/schema';
import { AppError } from '../../errors';
import { deleteTenantRow } from './delete-row';

/** The tables of the tenant's named records: same id, tenant and stamps, their own text fields. */
type NamedRecordTable = typeof icps | typeof productGroupings | typeof callInstructions;

export interface NamedRecordKind<F extends Record<string, string>> {
  table: NamedRecordTable;
  /** The text columns the record is edited by, as named in the contract and the table. */
  fields: readonly (keyof F & string)[];
  /** List order: by name (then creation), or by creation (then id). */
  order: 'name' | 'created';
  /** The NOT_FOUND message. */
  notFound: string;
}

type NamedRecord<F> = F & { id: string; updatedAt: string };

/**
 * List/get/create/update/delete of one kind of named record (ICPs, product groupings, call
 * instructions). RLS already limits every query to the tenant; the explicit tenant filter keeps a
 * system handle safe too. Nothing references these records yet, so delete simply removes one.
 */
export function namedRecords<F extends Record<string, string>>(kind: NamedRecordKind<F>) {
  // one table shape for the query builder: every named-record table has these columns
  const t = kind.table as typeof icps;
  const col = (name: string) => (kind.table as unknown as Record<string, typeof icps.name>)[name];
  const columns = { id: t.id, ...Object.fromEntries(kind.fields.map((f) => [f, col(f)])), updatedAt: t.updatedAt };
  const pick = (f: F): Record<string, string> => Object.fromEntries(kind.fields.map((k) => [k, f[k]]));
  const present = (row: Record<string, unknown>) =>
    ({ ...row, updatedAt: (row.updatedAt as Date).toISOString() }) as NamedRecord<F>;
  const notFound = () => new AppError('NOT_FOUND', kind.notFound);
  const ofTenant = (tenantId: string, id: string) => and(eq(t.tenantId, tenantId), eq(t.id, id));
  const order = kind.order === 'name' ? [asc(col('name')), asc(t.createdAt)] : [asc(t.createdAt), asc(t.id)];

  return {
    async list(db: Executor, tenantId: string) {
      const rows = await db
        .select(columns)
        .from(t)
        .where(eq(t.tenantId, tenantId))
        .orderBy(...order);
      return rows.map(present);
    },

    async get(db: Executor, tenantId: string, id: string) {
      const [row] = await db.select(columns).from(t).where(ofTenant(tenantId, id)).limit(1);
      if (!row) throw notFound();
      return present(row);
    },

    async create(db: Executor, tenantId: string, f: F) {
      const [row] = await db
        .insert(t)
        .values({ tenantId, ...pick(f) } as unknown as typeof icps.$inferInsert)
        .returning(columns);
      return present(row);
    },

    async update(db: Executor, tenantId: string, id: string, f: F) {
      const [row] = await db
        .update(t)
        .set({ ...pick(f), updatedAt: new Date() })
        .where(ofTenant(tenantId, id))
        .returning(columns);
      if (!row) throw notFound();
      return present(row);
    },

    remove(db: Executor, tenantId: string, id: string) {
      return deleteTenantRow({ db, table: kind.table, tenantId, id, notFound });
    },
  };
}

export type NamedRecordService<F extends Record<string, string>> = ReturnType<typeof namedRecords<F>>;
