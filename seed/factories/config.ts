import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client';
import { insertRow } from './insert-row';
import { callInstructions, clientOverviews, icps, personas, productGroupings } from '../../db/schema';

type Fields<T extends { $inferInsert: object }> = Partial<T['$inferInsert']> & { tenantId: string };
const suffix = () => randomBytes(3).toString('hex');

/** A prospect persona; only the tenant is required. */
export const createPersona = (db: Executor, f: Fields<typeof personas>) =>
  insertRow(db, personas, {
    name: `Persona ${suffix()}`,
    shortDescription: 'Ops head',
    longDescription: 'Busy.',
    ...f,
  });

export const createIcp = (db: Executor, f: Fields<typeof icps>) =>
  insertRow(db, icps, { name: `ICP ${suffix()}`, ...f });

export const createProductGrouping = (db: Executor, f: Fields<typeof productGroupings>) =>
  insertRow(db, productGroupings, { name: `Product ${suffix()}`, ...f });

export const createCallInstruction = (db: Executor, f: Fields<typeof callInstructions>) =>
  insertRow(db, callInstructions, { instructions: 'Open the call and discover.', ...f });

/** The tenant's overview text (one per tenant: a second call replaces it). */
export async function createClientOverview(db: Executor, f: { tenantId: string; details: string }) {
  const [row] = await db
    .insert(clientOverviews)
    .values(f)
    .onConflictDoUpdate({ target: clientOverviews.tenantId, set: { details: f.details, updatedAt: new Date() } })
    .returning();
  return row;
}
