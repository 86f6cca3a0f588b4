import type { Db } from '../../db/client';
import { withTenant, type TenantRunner } from '../../db/tenant';

/**
 * "This request acts for tenant X, which the system path resolved": a runner of short tenant
 * transactions (row-level security set) on a tenant that no signed-in user chose, because the
 * caller found it on the system path — a link without an account (an assessment candidate's or a
 * campaign guest's token), a call's socket ticket, a partner API key, a live call's session (which
 * was authorized when it started), or a job's own tenant. Only such entry points may use it, once,
 * and pass the runner down; services never open a tenant transaction on an id they chose. A
 * signed-in user's request goes through resolveTenantAccess (tenant-access.ts) instead, which
 * checks the role and the client.
 */
export function tenantRunnerFor(db: Db, tenantId: string): TenantRunner {
  return (fn) => withTenant(db, tenantId, fn);
}
