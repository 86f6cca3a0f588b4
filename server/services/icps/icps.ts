import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { icps } from '../../../db/schema';
import { AppError } from '../../errors';
import type { IcpFields } from '../../contracts/icps';

const columns = { id: icps.id, name: icps.name, details: icps.details, updatedAt: icps.updatedAt };
const present = <T extends { updatedAt: Date }>(row: T) => ({ ...row, updatedAt: row.updatedAt.toISOString() });
const notFound = () => new AppError('NOT_FOUND', 'ICP not found');

// RLS already limits every query to the tenant; the explicit tenant filter keeps a system handle safe too.
export async function listIcps(db: Executor, tenantId: string) {
  const rows = await db.select(columns).from(icps).where(eq(icps.tenantId, tenantId)).orderBy(asc(icps.name), asc(icps.createdAt));
  return rows.map(present);
}

export async function getIcp(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select(columns)
    .from(icps)
    .where(and(eq(icps.tenantId, tenantId), eq(icps.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return present(row);
}

export async function createIcp(db: Executor, tenantId: string, f: IcpFields) {
  const [row] = await db.insert(icps).values({ tenantId, name: f.name, details: f.details }).returning(columns);
  return present(row);
}

export async function updateIcp(db: Executor, tenantId: string, id: string, f: IcpFields) {
  const [row] = await db
    .update(icps)
    .set({ name: f.name, details: f.details, updatedAt: new Date() })
    .where(and(eq(icps.tenantId, tenantId), eq(icps.id, id)))
    .returning(columns);
  if (!row) throw notFound();
  return present(row);
}

/** Nothing references it yet (simulations come later), so it is simply removed. */
export async function deleteIcp(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .delete(icps)
    .where(and(eq(icps.tenantId, tenantId), eq(icps.id, id)))
    .returning({ id: icps.id });
  if (!row) throw notFound();
  return row;
}
