import { createHash } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { CacheProvider } from '@node-saml/node-saml';
import type { Db } from '../../../db/client';
import { recordAudit } from '../../../db/audit';
import { clients, samlAssertionIds, ssoConnections, ssoLoginStates } from '../../../db/schema';
import { asSystem } from '../../../db/tenant';
import {
  assertionFacts,
  assertionHasSignature,
  identityOf,
  peekResponse,
  refusalOf,
  SAML_CLOCK_SKEW_MS,
  SAML_REQUEST_TTL_MS,
  SamlRefusal,
  samlFor,
  spMetadataXml,
  spUrls,
} from '../../auth/saml';
import { parseIdpMetadata } from '../../auth/saml-metadata';
import { safeReturnPath, SSO_ERROR_CODES, type SsoErrorCode } from '../../contracts/sso-saml';
import { hasUnstorableText } from '../../contracts/text';
import { AppError } from '../../errors';
import { completeSsoSignIn, SsoFailure } from './sign-in';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The tenant behind a `clientSchema` path segment and its SAML connection (if any), found on the system path. */
async function samlTenant(db: Db, clientSchema: string) {
  // a path segment PostgreSQL cannot compare (NUL, a lone surrogate) names no tenant
  if (clientSchema.length > 100 || hasUnstorableText(clientSchema)) return null;
  return asSystem(db, { action: 'sso.saml_lookup' }, async (tx) => {
    const [client] = await tx
      .select({ id: clients.id, schemaName: clients.schemaName })
      .from(clients)
      .where(eq(sql`lower(${clients.schemaName})`, clientSchema.toLowerCase()))
      .limit(1);
    if (!client) return null;
    const [connection] = await tx
      .select({ enabled: ssoConnections.enabled, metadataXml: ssoConnections.samlMetadataXml })
      .from(ssoConnections)
      .where(and(eq(ssoConnections.tenantId, client.id), eq(ssoConnections.protocol, 'saml')))
      .limit(1);
    return { tenantId: client.id, schemaName: client.schemaName, connection: connection ?? null };
  });
}

/** The tenant and its IdP, when the tenant signs in with SAML; SSO_NOT_CONFIGURED (404) otherwise. */
export async function enabledSamlTenant(db: Db, clientSchema: string) {
  const found = await samlTenant(db, clientSchema);
  if (!found?.connection?.enabled || !found.connection.metadataXml)
    throw new AppError('SSO_NOT_CONFIGURED', 'This organisation does not sign in with SAML');
  return { ...found, idp: parseIdpMetadata(found.connection.metadataXml) };
}

/** The SP metadata of a tenant (whether or not its SAML is on yet: the admin gives it to the IdP first). */
export async function samlSpMetadata(db: Db, opts: { clientSchema: string; base: string }): Promise<string> {
  const found = await samlTenant(db, opts.clientSchema);
  if (!found) throw new AppError('NOT_FOUND', 'No such organisation');
  return spMetadataXml(spUrls(opts.base, found.schemaName));
}

/**
 * The AuthnRequests in flight, kept in sso_login_states by the SHA-256 of the request id, with
 * where to go after. `removeAsync` is the one consumption: a DELETE … RETURNING, so of two
 * answers to one request only one finds the row (`consumed`).
 */
function requestStore(db: Db, tenantId: string, returnTo: string | null = null) {
  const mine = (key: string) =>
    and(eq(ssoLoginStates.id, sha256(key)), eq(ssoLoginStates.tenantId, tenantId), eq(ssoLoginStates.protocol, 'saml'));
  const store: CacheProvider & { consumed: { returnTo: string | null } | null; saved: string | null } = {
    consumed: null,
    saved: null,
    async saveAsync(key, value) {
      const now = new Date();
      store.saved = key;
      await asSystem(db, { action: 'sso.saml_request', tenantId }, async (tx) => {
        await tx.delete(ssoLoginStates).where(lt(ssoLoginStates.expiresAt, now));
        await tx.insert(ssoLoginStates).values({
          id: sha256(key),
          tenantId,
          protocol: 'saml',
          returnTo,
          expiresAt: new Date(now.getTime() + SAML_REQUEST_TTL_MS),
          createdAt: now,
        });
      });
      return { value, createdAt: now.getTime() };
    },
    async getAsync(key) {
      const [row] = await asSystem(db, { action: 'sso.saml_request', tenantId }, (tx) =>
        tx
          .select({ createdAt: ssoLoginStates.createdAt })
          .from(ssoLoginStates)
          .where(and(mine(key), gt(ssoLoginStates.expiresAt, new Date())))
          .limit(1),
      );
      return row ? row.createdAt.toISOString() : null;
    },
    async removeAsync(key) {
      if (!key) return null;
      const [row] = await asSystem(db, { action: 'sso.saml_request', tenantId }, (tx) =>
        tx.delete(ssoLoginStates).where(mine(key)).returning({ returnTo: ssoLoginStates.returnTo }),
      );
      if (row) store.consumed ??= { returnTo: row.returnTo };
      return row ? key : null;
    },
  };
  return store;
}

/**
 * Starts a SAML sign-in: stores the AuthnRequest's id (and the safe part of `returnTo`) and
 * gives where to send the browser — a redirect URL, or for an IdP that takes POST only, the
 * form to post — and the request's id, which the browser keeps in a cookie so that the answer is
 * taken only from the browser that asked.
 */
export async function startSamlSignIn(
  db: Db,
  opts: { clientSchema: string; base: string; returnTo?: string | null },
): Promise<{ requestId: string } & ({ redirect: string } | { post: { url: string; fields: Record<string, string> } })> {
  const { tenantId, schemaName, idp } = await enabledSamlTenant(db, opts.clientSchema);
  const store = requestStore(db, tenantId, safeReturnPath(opts.returnTo));
  const saml = samlFor(idp, spUrls(opts.base, schemaName), store);
  const requestId = () => {
    if (!store.saved) throw new Error('node-saml stored no request id');
    return store.saved;
  };
  if (idp.ssoBinding === 'post') {
    const message = await saml.getAuthorizeMessageAsync('');
    const fields = Object.fromEntries(Object.entries(message).map(([k, v]) => [k, String(v)]));
    return { requestId: requestId(), post: { url: idp.ssoUrl, fields } };
  }
  const redirect = await saml.getAuthorizeUrlAsync('', undefined, {});
  return { requestId: requestId(), redirect };
}

export type SamlFinish =
  { ok: true; token: string; expiresAt: Date; location: string } | { ok: false; code: SsoErrorCode };

/** The sign-in page's reason key for a refusal of completeSsoSignIn, or null when the error is no refusal. */
function signInRefusalCode(e: unknown): SsoErrorCode | null {
  if (!(e instanceof SsoFailure)) return null;
  return (SSO_ERROR_CODES as readonly string[]).includes(e.reason) ? (e.reason as SsoErrorCode) : 'failed';
}

/**
 * Checks a SAML response posted to a tenant's ACS and signs the person in. Checks, in order: the
 * response answers the request this browser started (its cookie) and that request is still in
 * flight (`InResponseTo`); its assertion is signed by the IdP's certificate, within its time (a
 * minute's skew), for our entity id as audience and our ACS as recipient/destination, from the
 * IdP's entity id; then the request is consumed once and the assertion id remembered until it
 * expires, so no response signs in twice. A failed check is in the audit log (`auth.sso_sign_in`,
 * failure, which check) and comes back as a reason key for the sign-in page; the account rules
 * are completeSsoSignIn's.
 */
export async function finishSamlSignIn(
  db: Db,
  opts: {
    tenant: Awaited<ReturnType<typeof enabledSamlTenant>>;
    base: string;
    samlResponse: string;
    /** The request id the browser kept when it started (its cookie); null when it sent none. */
    browserRequestId: string | null;
    ip?: string | null;
    userAgent?: string | null;
  },
): Promise<SamlFinish> {
  const { tenant } = opts;
  const urls = spUrls(opts.base, tenant.schemaName);
  const store = requestStore(db, tenant.tenantId);
  const audit = (detail: string) =>
    asSystem(db, { action: 'sso.refused' }, (tx) =>
      recordAudit(tx, {
        tenantId: tenant.tenantId,
        action: 'auth.sso_sign_in',
        outcome: 'failure',
        detail: `saml: ${detail}`.slice(0, 500),
        ip: opts.ip ?? null,
        userAgent: opts.userAgent ?? null,
      }),
    );

  let identity: ReturnType<typeof identityOf>;
  let returnTo: string | null;
  try {
    // an answer is taken only from the browser that started the sign-in: otherwise someone could
    // post their own valid answer from another person's browser and sign them in as themselves
    const claimed = peekResponse(opts.samlResponse).inResponseTo;
    if (!claimed || claimed !== opts.browserRequestId)
      throw new SamlRefusal('state', 'the sign-in was not started in this browser');
    const saml = samlFor(tenant.idp, urls, store);
    let checked;
    try {
      checked = await saml.validatePostResponseAsync({ SAMLResponse: opts.samlResponse });
    } catch (e) {
      throw refusalOf(e, assertionHasSignature(opts.samlResponse));
    }
    const profile = checked.profile;
    const assertionXml = profile?.getAssertionXml?.();
    if (!profile || !assertionXml) throw new SamlRefusal('failed', 'the response holds no assertion');
    const facts = assertionFacts(assertionXml);
    if (facts.issuer !== tenant.idp.entityId)
      throw new SamlRefusal(
        'failed',
        `the assertion's issuer is not the identity provider (${facts.issuer ?? 'none'})`,
      );
    if (facts.recipients.length === 0 || facts.recipients.some((r) => r !== urls.acsUrl))
      throw new SamlRefusal('audience', `the assertion's recipient is not our ACS (${facts.recipients.join(', ')})`);
    const { destination, inResponseTo } = peekResponse(opts.samlResponse);
    if (destination !== null && destination !== urls.acsUrl)
      throw new SamlRefusal('audience', `the response's destination is not our ACS (${destination})`);
    if (!facts.id) throw new SamlRefusal('failed', 'the assertion has no ID');

    // consume the request once: node-saml may have removed it already (then `consumed` is set)
    if (inResponseTo) await store.removeAsync(inResponseTo);
    if (!store.consumed) throw new SamlRefusal('replayed', 'the request this answers was already used');
    returnTo = safeReturnPath(store.consumed.returnTo);

    const expiresAt = new Date(
      Math.max(facts.notOnOrAfter?.getTime() ?? 0, Date.now() + SAML_REQUEST_TTL_MS) + SAML_CLOCK_SKEW_MS,
    );
    const fresh = await asSystem(db, { action: 'sso.saml_replay_cache', tenantId: tenant.tenantId }, async (tx) => {
      await tx.delete(samlAssertionIds).where(lt(samlAssertionIds.expiresAt, new Date()));
      return tx
        .insert(samlAssertionIds)
        .values({ id: sha256(`${tenant.idp.entityId}\n${facts.id}`), tenantId: tenant.tenantId, expiresAt })
        .onConflictDoNothing()
        .returning({ id: samlAssertionIds.id });
    });
    if (fresh.length === 0) throw new SamlRefusal('replayed', `assertion ${facts.id} was already used`);
    identity = identityOf(profile);
  } catch (e) {
    if (!(e instanceof SamlRefusal)) throw e; // the database, not the response: the caller's 5xx
    await audit(`${e.code}: ${e.detail}`);
    return { ok: false, code: e.code };
  }

  try {
    const session = await completeSsoSignIn(db, {
      tenantId: tenant.tenantId,
      protocol: 'saml',
      email: identity.email ?? '',
      emailVerified: false,
      name: identity.name,
      ip: opts.ip,
      userAgent: opts.userAgent,
    });
    return { ok: true, token: session.token, expiresAt: session.expiresAt, location: returnTo ?? session.home };
  } catch (e) {
    // completeSsoSignIn has audited its own refusal; anything else is not a refusal
    const code = signInRefusalCode(e);
    if (!code) throw e;
    return { ok: false, code };
  }
}
