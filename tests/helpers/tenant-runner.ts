import type { Db } from '../../db/client';
import { withTenant, type TenantRunner } from '../../db/tenant';

/** What a test hands a service that takes a TenantRunner: short tenant transactions on `tenantId`. */
export function tenantRunner(db: Db, tenantId: string): TenantRunner {
  return (fn) => withTenant(db, tenantId, fn);
}
