import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { clientOverviews } from '../../../db/schema';
import type { ClientOverviewFields } from '../../contracts/client-overview';

const columns = { details: clientOverviews.details, updatedAt: clientOverviews.updatedAt };

export async function getClientOverview(db: Executor, tenantId: string) {
  const [row] = await db.select(columns).from(clientOverviews).where(eq(clientOverviews.tenantId, tenantId)).limit(1);
  return row ? { details: row.details, updatedAt: row.updatedAt.toISOString() } : { details: '', updatedAt: null };
}

/** Upsert: the tenant id is the primary key, so a second save replaces the text. */
export async function saveClientOverview(db: Executor, tenantId: string, f: ClientOverviewFields) {
  const now = new Date();
  const [row] = await db
    .insert(clientOverviews)
    .values({ tenantId, details: f.details, updatedAt: now })
    .onConflictDoUpdate({ target: clientOverviews.tenantId, set: { details: f.details, updatedAt: now } })
    .returning(columns);
  return { details: row.details, updatedAt: row.updatedAt.toISOString() };
}
