import type { Tx } from '../../db/client';
import { recordAudit, type AuditBy, type AuditEntry } from '../../db/audit';
import type { TenantRunner } from '../../db/tenant';
import type { Context } from './context';

/**
 * Who and where an audit row of this request comes from: the signed-in user (by e-mail, kept if the
 * account is later deleted) or the API key, the client address and the browser.
 */
export function auditOrigin(
  ctx: Pick<Context, 'req' | 'user' | 'apiKey'>,
): Pick<AuditEntry, 'actorUserId' | 'actorLabel' | 'ip' | 'userAgent'> {
  return {
    actorUserId: ctx.user?.id ?? null,
    actorLabel: ctx.user?.email ?? (ctx.apiKey ? `api-key:${ctx.apiKey.apiKeyId}` : null),
    ip: ctx.req.ip,
    userAgent: ctx.req.userAgent ?? null,
  };
}

/** The origin of this request with the tenant it acts on: what a service records its actions with. */
export function auditBy(ctx: Pick<Context, 'req' | 'user' | 'apiKey'> & { tenantId: string }): AuditBy {
  return { ...auditOrigin(ctx), tenantId: ctx.tenantId };
}

/** What one write is recorded as (the origin and tenant come from the request). */
type AuditNoteOf<T> = (result: T) => Pick<AuditEntry, 'action' | 'target' | 'detail'>;

/**
 * Runs `fn` in one tenant transaction of the request and records `note(result)` in the audit log
 * in the same transaction: the row commits with the change, or neither does.
 */
export function tenantAudited<T>(
  ctx: Pick<Context, 'req' | 'user' | 'apiKey'> & { tenantId: string; tenant: TenantRunner },
  fn: (tx: Tx) => Promise<T>,
  note: AuditNoteOf<T>,
): Promise<T> {
  return ctx.tenant(async (tx) => {
    const result = await fn(tx);
    await recordAudit(tx, { ...auditBy(ctx), ...note(result) });
    return result;
  });
}
