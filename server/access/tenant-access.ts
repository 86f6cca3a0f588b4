import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { clients } from '../../db/schema';
import { asSystem, withTenant, type TenantRunner } from '../../db/tenant';
import { requireRole } from '../auth/roles';
import type { Role } from '../contracts/roles';
import { AppError } from '../errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who asks: the signed-in user (their own tenant) and their role. */
export interface Requester {
  id: string;
  tenantId: string;
}

/** What a superuser's write on a foreign client is recorded as in audit_log. */
export interface AuditNote {
  action: string;
  detail?: string;
  /** The superuser's e-mail, address and browser, as the tenant's audit log shows them. */
  origin?: { actorLabel?: string | null; ip?: string | null; userAgent?: string | null };
}

/**
 * The tenant one request acts on, and the only way to reach its rows. `tenant(fn)` opens a short
 * tenant transaction (row-level security set); open one per step and keep slow work (models,
 * extraction, argon2) between them. When the request is a superuser's write on a foreign client,
 * the audit row is written in the first tenant transaction that commits; `settle()` writes it on
 * its own only when the request opened none.
 */
export class TenantAccess {
  private audited = false;

  constructor(
    private readonly db: Db,
    readonly requester: Requester,
    readonly tenantId: string,
    /** A superuser acting on another client than their own. */
    readonly foreign: boolean,
    private readonly audit: AuditNote | null,
  ) {}

  private auditReason({ origin, ...note }: AuditNote) {
    return { ...origin, ...note, actorUserId: this.requester.id, tenantId: this.tenantId, audit: true };
  }

  async tenant<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const note = this.foreign && !this.audited ? this.audit : null;
    const result = await withTenant(this.db, this.tenantId, async (tx) => {
      const r = await fn(tx);
      if (note) await asSystem(tx, this.auditReason(note), async () => {});
      return r;
    });
    if (note) this.audited = true;
    return result;
  }

  /** `tenant` as a function of its own, for services that take a TenantRunner. */
  readonly runner: TenantRunner = (fn) => this.tenant(fn);

  /**
   * After a successful write: the audit row, if no tenant transaction carried it. `note` names it
   * when the work was done elsewhere (an upload stored by its own service, with the file's id).
   */
  async settle(note: AuditNote | null = this.audit): Promise<void> {
    if (!this.foreign || !note || this.audited) return;
    this.audited = true;
    await asSystem(this.db, this.auditReason(note), async () => {});
  }
}

/**
 * THE tenant access rule, for tRPC, REST and the WebSocket alike: the requester's role must be
 * one of `roles` (superuser passes; omitted = any signed-in user), and the request acts on the
 * requester's own tenant — or, for a superuser only, on an existing client named by `clientId`.
 * Anyone else naming a foreign client is FORBIDDEN. `audit` names the audit_log action of a
 * superuser's write on a foreign client (none for reads).
 */
export async function resolveTenantAccess(
  db: Db,
  requester: Requester,
  role: Role | null,
  opts: { roles?: readonly Role[]; clientId?: string | null; audit?: AuditNote | null } = {},
): Promise<TenantAccess> {
  if (opts.roles) requireRole(role, opts.roles);
  const clientId = opts.clientId;
  if (clientId && !UUID.test(clientId)) throw new AppError('CLIENT_ID_REQUIRED', 'Client ID is required');
  if (!clientId || clientId === requester.tenantId)
    return new TenantAccess(db, requester, requester.tenantId, false, null);
  if (role !== 'superuser') throw new AppError('FORBIDDEN', 'You do not have access to this client');
  const exists = await asSystem(db, { action: 'client.resolve', actorUserId: requester.id }, (tx) =>
    tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).limit(1),
  );
  if (!exists.length) throw new AppError('NOT_FOUND', 'Client not found');
  return new TenantAccess(db, requester, clientId, true, opts.audit ?? null);
}
