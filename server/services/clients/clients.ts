import { asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { clients, users } from '../../../db/schema';
import { AppError } from '../../errors';
import type { ClientOutput } from '../../contracts/clients';
import { copyClientConfiguration } from './copy-steps';
import { countClientRecords } from './deletion';
import { isUniqueViolation } from '../../../db/errors';

// Every function here runs in the audited system transaction (superuser screens): clients
// cannot be created or removed from a tenant context.

const SCHEMA_TAKEN = 'clients.validation.schemaTaken';

const userCounts = (tx: Executor) =>
  tx
    .select({ tenantId: users.tenantId, n: count().as('n') })
    .from(users)
    .groupBy(users.tenantId)
    .as('user_counts');

const columns = {
  id: clients.id,
  name: clients.name,
  domain: clients.domain,
  type: clients.type,
  tier: clients.tier,
  schemaName: clients.schemaName,
  defaultLanguage: clients.defaultLanguage,
  createdAt: clients.createdAt,
  updatedAt: clients.updatedAt,
};

type Row = Pick<typeof clients.$inferSelect, keyof typeof columns> & { userCount: number | null };

const toOutput = (r: Row): ClientOutput => ({
  ...r,
  userCount: Number(r.userCount ?? 0),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function listClients(tx: Executor): Promise<ClientOutput[]> {
  const uc = userCounts(tx);
  const rows = await tx
    .select({ ...columns, userCount: uc.n })
    .from(clients)
    .leftJoin(uc, eq(uc.tenantId, clients.id))
    .orderBy(asc(sql`lower(${clients.name})`), asc(clients.createdAt));
  return rows.map(toOutput);
}

export async function getClient(tx: Executor, id: string): Promise<ClientOutput> {
  const uc = userCounts(tx);
  const [row] = await tx
    .select({ ...columns, userCount: uc.n })
    .from(clients)
    .leftJoin(uc, eq(uc.tenantId, clients.id))
    .where(eq(clients.id, id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Client not found');
  return toOutput(row);
}

async function assertSchemaNameFree(tx: Executor, schemaName: string) {
  const [clash] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(eq(sql`lower(${clients.schemaName})`, schemaName.toLowerCase()))
    .limit(1);
  if (clash) throw new AppError('CONFLICT', SCHEMA_TAKEN, { field: 'schemaName' });
}

export interface ClientFieldsInput {
  name: string;
  domain: string | null;
  type: ClientOutput['type'];
  tier: string | null;
  defaultLanguage: ClientOutput['defaultLanguage'];
}

export async function createClient(
  tx: Executor,
  input: ClientFieldsInput & { schemaName: string },
): Promise<ClientOutput> {
  await assertSchemaNameFree(tx, input.schemaName);
  let id: string;
  try {
    [{ id }] = await tx
      .insert(clients)
      .values({
        name: input.name,
        domain: input.domain,
        type: input.type,
        tier: input.tier,
        schemaName: input.schemaName,
        defaultLanguage: input.defaultLanguage,
      })
      .returning({ id: clients.id });
  } catch (e) {
    // a concurrent create with the same schema name reads as the same conflict
    if (isUniqueViolation(e)) throw new AppError('CONFLICT', SCHEMA_TAKEN, { field: 'schemaName' });
    throw e;
  }
  return getClient(tx, id);
}

export async function updateClient(
  tx: Executor,
  input: ClientFieldsInput & { id: string; schemaName?: string },
): Promise<ClientOutput> {
  const [row] = await tx
    .select({ schemaName: clients.schemaName })
    .from(clients)
    .where(eq(clients.id, input.id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Client not found');
  if (input.schemaName !== undefined && input.schemaName !== row.schemaName) {
    throw new AppError('SCHEMA_NAME_IMMUTABLE', 'The schema name cannot be changed after creation', {
      field: 'schemaName',
    });
  }
  await tx
    .update(clients)
    .set({
      name: input.name,
      domain: input.domain,
      type: input.type,
      tier: input.tier,
      defaultLanguage: input.defaultLanguage,
      updatedAt: new Date(),
    })
    .where(eq(clients.id, input.id));
  return getClient(tx, input.id);
}

/**
 * A new client with the source's settings and configuration (see CLIENT_COPY_STEPS), in the
 * caller's transaction: a failing step leaves no half-copied client.
 */
export async function duplicateClient(tx: Executor, input: { id: string; name: string; schemaName: string }) {
  const source = await getClient(tx, input.id);
  const created = await createClient(tx, {
    name: input.name,
    schemaName: input.schemaName,
    domain: source.domain,
    type: source.type,
    tier: source.tier,
    defaultLanguage: source.defaultLanguage,
  });
  const copied = await copyClientConfiguration(tx, source.id, created.id);
  return { client: created, copied };
}

export async function clientDeletionPreview(tx: Executor, id: string, actorTenantId: string) {
  const c = await getClient(tx, id);
  const items = (await countClientRecords(tx, id)).filter((i) => i.count > 0);
  return { client: { id: c.id, name: c.name, schemaName: c.schemaName }, items, isOwnClient: id === actorTenantId };
}

/** Removes the client and, through the foreign keys, everything it owns. */
export async function deleteClient(
  tx: Executor,
  input: { id: string; confirmSchemaName: string },
  actorTenantId: string,
): Promise<{ schemaName: string }> {
  const c = await getClient(tx, input.id);
  if (c.id === actorTenantId)
    throw new AppError('FORBIDDEN', 'You cannot delete the client your own account belongs to', {
      reason: 'ownClient',
    });
  if (input.confirmSchemaName.trim() !== c.schemaName) {
    throw new AppError('VALIDATION', 'The schema name typed does not match', { field: 'confirmSchemaName' });
  }
  await tx.delete(clients).where(eq(clients.id, input.id));
  return { schemaName: c.schemaName };
}
