import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { productGroupings } from '../../../db/schema';
import { AppError } from '../../errors';
import type { ProductGroupingFields } from '../../contracts/product-groupings';

const columns = { id: productGroupings.id, name: productGroupings.name, details: productGroupings.details, updatedAt: productGroupings.updatedAt };
const present = <T extends { updatedAt: Date }>(row: T) => ({ ...row, updatedAt: row.updatedAt.toISOString() });
const notFound = () => new AppError('NOT_FOUND', 'Product grouping not found');

// RLS already limits every query to the tenant; the explicit tenant filter keeps a system handle safe too.
export async function listProductGroupings(db: Executor, tenantId: string) {
  const rows = await db.select(columns).from(productGroupings).where(eq(productGroupings.tenantId, tenantId)).orderBy(asc(productGroupings.name), asc(productGroupings.createdAt));
  return rows.map(present);
}

export async function getProductGrouping(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select(columns)
    .from(productGroupings)
    .where(and(eq(productGroupings.tenantId, tenantId), eq(productGroupings.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return present(row);
}

export async function createProductGrouping(db: Executor, tenantId: string, f: ProductGroupingFields) {
  const [row] = await db.insert(productGroupings).values({ tenantId, name: f.name, details: f.details }).returning(columns);
  return present(row);
}

export async function updateProductGrouping(db: Executor, tenantId: string, id: string, f: ProductGroupingFields) {
  const [row] = await db
    .update(productGroupings)
    .set({ name: f.name, details: f.details, updatedAt: new Date() })
    .where(and(eq(productGroupings.tenantId, tenantId), eq(productGroupings.id, id)))
    .returning(columns);
  if (!row) throw notFound();
  return present(row);
}

/** Nothing references it yet (simulations come later), so it is simply removed. */
export async function deleteProductGrouping(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .delete(productGroupings)
    .where(and(eq(productGroupings.tenantId, tenantId), eq(productGroupings.id, id)))
    .returning({ id: productGroupings.id });
  if (!row) throw notFound();
  return row;
}
