import { and, count, desc, gte, ilike, like, lt, not, or, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client';
import { recordAudit, type AuditBy } from '../../../db/audit';
import { auditLog, securitySettings } from '../../../db/schema';
import { AUDIT_FAMILY_RULES } from '../../contracts/audit-families';
import {
  AUDIT_EXPORT_MAX,
  AUDIT_PAGE_SIZE,
  AUDIT_RETENTION_DEFAULT,
  type AuditFilter,
  type AuditRow,
} from '../../contracts/audit';
import { toCsv } from '../../contracts/csv';

/** A LIKE pattern matching `text` literally, with the family rules' `*` as "any text". */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const pattern = (rule: string) => literal(rule).replace('*', '%');

function familyCondition(family: NonNullable<AuditFilter['family']>): SQL {
  const rule = AUDIT_FAMILY_RULES[family];
  const included = or(...rule.include.map((p) => like(auditLog.action, pattern(p))))!;
  const excluded = rule.exclude?.length ? or(...rule.exclude.map((p) => like(auditLog.action, pattern(p)))) : undefined;
  return excluded ? and(included, not(excluded))! : included;
}

/** The filters as one condition; the tenant is row-level security's (the caller's transaction). */
function where(f: AuditFilter): SQL | undefined {
  const q = f.q ? `%${literal(f.q)}%` : null;
  return and(
    f.family ? familyCondition(f.family) : undefined,
    q ? or(ilike(auditLog.actorLabel, q), ilike(auditLog.target, q)) : undefined,
    f.outcome ? sql`${auditLog.outcome} = ${f.outcome}` : undefined,
    f.from ? gte(auditLog.createdAt, new Date(f.from)) : undefined,
    f.to ? lt(auditLog.createdAt, new Date(f.to)) : undefined,
  );
}

const columns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  actorUserId: auditLog.actorUserId,
  actorLabel: auditLog.actorLabel,
  action: auditLog.action,
  target: auditLog.target,
  outcome: auditLog.outcome,
  detail: auditLog.detail,
  ip: auditLog.ip,
  userAgent: auditLog.userAgent,
};

async function select(tx: Executor, f: AuditFilter, limit: number, offset: number): Promise<AuditRow[]> {
  const rows = await tx
    .select(columns)
    .from(auditLog)
    .where(where(f))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
}

/** One page of the tenant's audit log (row-level security), newest first, and how many rows match. */
export async function listAuditLog(tx: Executor, f: AuditFilter & { page: number }) {
  const [{ total }] = await tx.select({ total: count() }).from(auditLog).where(where(f));
  const rows = await select(tx, f, AUDIT_PAGE_SIZE, (f.page - 1) * AUDIT_PAGE_SIZE);
  return { rows, total: Number(total), page: f.page, pageSize: AUDIT_PAGE_SIZE };
}

const AUDIT_CSV_COLUMNS = ['time', 'actor', 'action', 'target', 'outcome', 'ip', 'user_agent', 'detail'];

/**
 * The matching rows as CSV (newest first, at most AUDIT_EXPORT_MAX), action names as stored; the
 * export itself is recorded as `export.audit_log` in the same transaction, after the rows are read.
 */
export async function exportAuditLog(tx: Tx, by: AuditBy, f: AuditFilter): Promise<{ csv: string; count: number }> {
  const rows = await select(tx, f, AUDIT_EXPORT_MAX, 0);
  const csv = toCsv([
    AUDIT_CSV_COLUMNS,
    ...rows.map((r) => [r.createdAt, r.actorLabel, r.action, r.target, r.outcome, r.ip, r.userAgent, r.detail]),
  ]);
  await recordAudit(tx, { ...by, action: 'export.audit_log', detail: `${rows.length} rows` });
  return { csv, count: rows.length };
}

/** The tenant's audit retention in days (the default when it has no security settings yet). */
export async function auditRetentionDays(tx: Executor): Promise<number> {
  const [row] = await tx.select({ days: securitySettings.auditRetentionDays }).from(securitySettings).limit(1);
  return row?.days ?? AUDIT_RETENTION_DEFAULT;
}

/**
 * Sets how long the tenant keeps its audit log: writes `auditRetentionDays` only (the other
 * security settings keep their values, or their defaults on a first row) and records the change.
 */
export async function setAuditRetention(tx: Tx, by: AuditBy, days: number): Promise<{ retentionDays: number }> {
  const before = await auditRetentionDays(tx);
  await tx
    .insert(securitySettings)
    .values({ tenantId: by.tenantId, auditRetentionDays: days })
    .onConflictDoUpdate({
      target: securitySettings.tenantId,
      set: { auditRetentionDays: days, updatedAt: new Date() },
    });
  if (before !== days)
    await recordAudit(tx, { ...by, action: 'security.audit_retention_changed', detail: `${before} → ${days}` });
  return { retentionDays: days };
}
