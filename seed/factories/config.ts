import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client';
import { callInstructions, clientOverviews, icps, personas, productGroupings } from '../../db/schema';

type Fields<T extends { $inferInsert: object }> = Partial<T['$inferInsert']> & { tenantId: string };
const suffix = () => randomBytes(3).toString('hex');

/** A prospect persona; only the tenant is required. */
export async function createPersona(db: Executor, f: Fields<typeof personas>) {
  const [row] = await db
    .insert(personas)
    .values({ name: `Persona ${suffix()}`, shortDescription: 'Ops head', longDescription: 'Busy.', ...f })
    .returning();
  return row;
}

export async function createIcp(db: Executor, f: Fields<typeof icps>) {
  const [row] = await db
    .insert(icps)
    .values({ name: `ICP ${suffix()}`, ...f })
    .returning();
  return row;
}

export async function createProductGrouping(db: Executor, f: Fields<typeof productGroupings>) {
  const [row] = await db
    .insert(productGroupings)
    .values({ name: `Product ${suffix()}`, ...f })
    .returning();
  return row;
}

export async function createCallInstruction(db: Executor, f: Fields<typeof callInstructions>) {
  const [row] = await db
    .insert(callInstructions)
    .values({ instructions: 'Open the call and discover.', ...f })
    .returning();
  return row;
}

/** The tenant's overview text (one per tenant: a second call replaces it). */
export async function createClientOverview(db: Executor, f: { tenantId: string; details: string }) {
  const [row] = await db
    .insert(clientOverviews)
    .values(f)
    .onConflictDoUpdate({ target: clientOverviews.tenantId, set: { details: f.details, updatedAt: new Date() } })
    .returning();
  return row;
}
