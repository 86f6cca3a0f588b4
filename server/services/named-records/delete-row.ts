import { and, eq, getTableColumns } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { callInstructions, icps, knowledgeFiles, personas, productGroupings, simulations } from '../../../db/schema';
import type { AppError } from '../../errors';

/** Tables of one tenant's named rows, found by id and deleted outright (foreign keys cascade the rest). */
type TenantRowTable =
  | typeof simulations
  | typeof personas
  | typeof knowledgeFiles
  | typeof icps
  | typeof productGroupings
  | typeof callInstructions;

/**
 * Deletes one row of the tenant, or throws `notFound` when there is none (another tenant's row
 * counts as none); answers its id and name. RLS already limits the query; the tenant filter keeps a system handle safe too.
 */
export async function deleteTenantRow({
  db,
  table,
  tenantId,
  id,
  notFound,
}: {
  db: Executor;
  table: TenantRowTable;
  tenantId: string;
  id: string;
  notFound: () => AppError;
}): Promise<{ id: string; name: string | null }> {
  // one table shape for the query builder: each of these tables has an id and a tenant column;
  // not every one has a name (call instructions, knowledge files)
  const t = table as typeof personas;
  const hasName = 'name' in getTableColumns(table);
  const [row] = await db
    .delete(t)
    .where(and(eq(t.tenantId, tenantId), eq(t.id, id)))
    .returning(hasName ? { id: t.id, name: t.name } : { id: t.id });
  if (!row) throw notFound();
  return { id: row.id as string, name: 'name' in row ? (row.name as string) : null };
}
