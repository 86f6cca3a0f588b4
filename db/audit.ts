import type { Tx } from './client';
import { auditLog, type AuditOutcome } from './schema';

/** Where a request came from, for the audit log (the transport fills it from the request). */
export interface AuditOrigin {
  actorUserId?: string | null;
  /** Who the actor was at the time (their e-mail, "SCIM", "API key spk_…"): kept if they are deleted. */
  actorLabel?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

/** Who acts and in which tenant: what a service needs to record the actions of one request. */
export interface AuditBy extends AuditOrigin {
  tenantId: string;
}

export interface AuditEntry extends AuditOrigin {
  /** The tenant the action touched; null for a superuser action on no one tenant. */
  tenantId: string | null;
  /** A dotted name, e.g. `auth.sign_in`, `sso.oidc_updated`, `scim.user_deactivated`. */
  action: string;
  /** What it was done to, as the log shows it (an e-mail, a key's prefix, a name). */
  target?: string | null;
  outcome?: AuditOutcome;
  detail?: string | null;
}

/**
 * Appends one row to the audit log in the caller's transaction, so the row commits with the
 * change it records (or not at all). In a tenant transaction row-level security lets it write only
 * that tenant's rows; on the system path any.
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    tenantId: entry.tenantId,
    action: entry.action,
    actorUserId: entry.actorUserId ?? null,
    actorLabel: entry.actorLabel ?? null,
    target: entry.target ?? null,
    outcome: entry.outcome ?? 'success',
    detail: entry.detail ?? null,
    ip: entry.ip ?? null,
    userAgent: entry.userAgent?.slice(0, 400) ?? null,
  });
}
