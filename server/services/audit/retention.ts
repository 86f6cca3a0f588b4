import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { asSystem, rawRows } from '../../../db/tenant';
import { AUDIT_RETENTION_DEFAULT, AUDIT_SYSTEM_RETENTION_DAYS } from '../../contracts/audit';

/**
 * The audit log's retention sweep, on the system path: each tenant's rows older than its
 * `auditRetentionDays` (the default without settings) and superuser rows of no tenant older than
 * AUDIT_SYSTEM_RETENTION_DAYS leave the log. The one way rows are ever deleted from it. Several
 * processes may sweep at once: a row is deleted once. Returns how many rows went.
 */
export async function sweepAuditLog(db: Db, now: Date = new Date()): Promise<number> {
  const at = now.toISOString();
  return asSystem(db, { action: 'audit.retention' }, async (tx) => {
    const [tenants] = await rawRows<{ n: number }>(
      tx,
      sql`with gone as (delete from audit_log a
          where a.tenant_id is not null
            and a.created_at < ${at}::timestamptz - make_interval(days => coalesce(
              (select s.audit_retention_days from security_settings s where s.tenant_id = a.tenant_id),
              ${AUDIT_RETENTION_DEFAULT}::int))
          returning 1) select count(*)::int as n from gone`,
    );
    const [system] = await rawRows<{ n: number }>(
      tx,
      sql`with gone as (delete from audit_log
          where tenant_id is null
            and created_at < ${at}::timestamptz - make_interval(days => ${AUDIT_SYSTEM_RETENTION_DAYS}::int)
          returning 1) select count(*)::int as n from gone`,
    );
    return Number(tenants?.n ?? 0) + Number(system?.n ?? 0);
  });
}
