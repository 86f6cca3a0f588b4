import { sql, type SQL } from 'drizzle-orm';
import type { Role } from '../../contracts/roles';

export interface Viewer {
  userId: string;
  role: Role | null;
  tenantId: string;
}

/**
 * "The team" of a viewer as a condition on the users alias `u`: a manager's direct reports
 * (users.manager_id = me); admins and superusers see every sales rep of the tenant.
 */
export function teamCondition(viewer: Viewer, alias = 'u'): SQL {
  const a = sql.raw(alias);
  if (viewer.role === 'admin' || viewer.role === 'superuser')
    return sql`${a}.tenant_id = ${viewer.tenantId} and ${a}.user_type = 'sales_rep'`;
  return sql`${a}.tenant_id = ${viewer.tenantId} and ${a}.manager_id = ${viewer.userId}`;
}
