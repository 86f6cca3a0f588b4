import type { AuditEntry } from '../../db/audit';
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
