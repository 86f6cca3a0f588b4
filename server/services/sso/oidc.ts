import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import * as client from 'openid-client';
import type { Db, Tx } from '../../../db/client';
import { recordAudit } from '../../../db/audit';
import { ssoConnections, ssoLoginStates } from '../../../db/schema';
import { asSystem } from '../../../db/tenant';
import type { SsoErrorReason } from '../../contracts/sso';
import { logger } from '../../logger';
import { unseal } from '../../security/sealed';
import { completeSsoSignIn, SsoFailure } from './sign-in';

/** The purpose OIDC client secrets are sealed under (server/security/sealed.ts). */
export const OIDC_SECRET_PURPOSE = 'sso.oidc.client_secret';
/** Where every tenant's provider sends people back; the tenant is known from the state. */
export const OIDC_CALLBACK_PATH = '/api/v1/auth/sso/oidc/callback';
/** The browser's half of a sign-in in flight: the state, in a cookie only the callback reads. */
export const OIDC_STATE_COOKIE = 'spar_sso_state';
const STATE_TTL_MS = 10 * 60_000;
const DISCOVERY_TTL_MS = 10 * 60_000;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** A provider is reached over HTTPS; plain HTTP only on this machine (a provider under test). */
export const issuerAllowed = (u: URL) =>
  u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.has(u.hostname));

const hashOf = (s: string) => createHash('sha256').update(s).digest('hex');

interface ProviderKey {
  issuer: string;
  clientId: string;
  secret: string | null;
}

const discovered = new Map<string, { at: number; config: Promise<client.Configuration> }>();

/**
 * The provider's configuration, found through OpenID Connect discovery
 * (`<issuer>/.well-known/openid-configuration`, which also names its signing keys' JWKS), kept ten
 * minutes per issuer, client and secret.
 */
export function providerConfiguration(p: ProviderKey, now = Date.now()): Promise<client.Configuration> {
  const key = hashOf(`${p.issuer}\n${p.clientId}\n${p.secret ?? ''}`);
  const hit = discovered.get(key);
  if (hit && now - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const issuer = new URL(p.issuer);
  if (!issuerAllowed(issuer)) return Promise.reject(new SsoFailure('failed', 'The issuer must be an https:// address'));
  const config = client.discovery(
    issuer,
    p.clientId,
    undefined,
    p.secret ? client.ClientSecretBasic(p.secret) : client.None(),
    {
      // the ID token's signature is checked against the provider's JWKS even though it came
      // straight from the token endpoint (OpenID Connect would let TLS stand in for it)
      execute: [
        client.enableNonRepudiationChecks,
        ...(issuer.protocol === 'http:' ? [client.allowInsecureRequests] : []),
      ],
      timeout: 10,
    },
  );
  discovered.set(key, { at: now, config });
  config.catch(() => discovered.delete(key));
  return config;
}

async function connectionOf(tx: Tx, tenantId: string) {
  const [c] = await tx
    .select()
    .from(ssoConnections)
    .where(and(eq(ssoConnections.tenantId, tenantId), eq(ssoConnections.protocol, 'oidc')));
  return c ?? null;
}

function providerKey(c: NonNullable<Awaited<ReturnType<typeof connectionOf>>>, encryptionKey: string | undefined) {
  const secret =
    c.oidcClientSecretSealed && encryptionKey
      ? unseal(encryptionKey, OIDC_SECRET_PURPOSE, c.oidcClientSecretSealed)
      : null;
  return { issuer: c.oidcIssuer ?? '', clientId: c.oidcClientId ?? '', secret };
}

/**
 * Starts an authorization-code sign-in with PKCE, state and nonce: the verifier and nonce wait in
 * sso_login_states (by the state's SHA-256) for ten minutes; the state also goes to the browser's
 * cookie, so only the browser that started it can finish it.
 */
export async function startOidcSignIn(
  db: Db,
  opts: { tenantId: string; redirectUri: string; returnTo?: string | null; encryptionKey?: string },
) {
  const conn = await asSystem(db, { action: 'sso.oidc.start', tenantId: opts.tenantId }, (tx) =>
    connectionOf(tx, opts.tenantId),
  );
  if (!conn?.enabled || !conn.oidcIssuer || !conn.oidcClientId)
    throw new SsoFailure('not_configured', 'No OpenID Connect provider is enabled');
  const config = await providerConfiguration(providerKey(conn, opts.encryptionKey));
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const now = new Date();
  await asSystem(db, { action: 'sso.oidc.state' }, async (tx) => {
    await tx.delete(ssoLoginStates).where(lt(ssoLoginStates.expiresAt, now));
    await tx.insert(ssoLoginStates).values({
      id: hashOf(state),
      tenantId: opts.tenantId,
      protocol: 'oidc',
      codeVerifier,
      nonce,
      returnTo: opts.returnTo ?? null,
      expiresAt: new Date(now.getTime() + STATE_TTL_MS),
    });
  });
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: opts.redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.toString(), state };
}

/**
 * What openid-client's refusal means for the person signing in. Its errors carry oauth4webapi's
 * code, and their causes the claim that failed (`{ claim: 'nonce' }`).
 */
function reasonOf(e: unknown): SsoErrorReason {
  const chain: { code?: string; message?: string; claim?: string; error?: string }[] = [];
  for (let cur: unknown = e; cur && typeof cur === 'object' && chain.length < 6;) {
    chain.push(cur as (typeof chain)[number]);
    cur = (cur as { cause?: unknown }).cause;
  }
  const has = (code: string) => chain.some((c) => c.code === code);
  const claim = chain.find((c) => typeof c.claim === 'string')?.claim;
  if (has('OAUTH_JWT_CLAIM_COMPARISON_FAILED'))
    return claim === 'nonce' ? 'nonce' : claim === 'aud' || claim === 'azp' ? 'audience' : 'failed';
  if (has('OAUTH_JWT_TIMESTAMP_CHECK_FAILED')) return 'expired';
  if (has('OAUTH_KEY_SELECTION_FAILED') || chain.some((c) => /signature verification failed/i.test(c.message ?? '')))
    return 'signature';
  if (has('OAUTH_AUTHORIZATION_RESPONSE_ERROR'))
    return chain.some((c) => c.error === 'access_denied') ? 'denied' : 'failed';
  return 'failed';
}

/**
 * Finishes the sign-in the provider sent back: the state must match the browser's cookie and a
 * waiting sign-in (used once), then openid-client exchanges the code with the PKCE verifier and
 * checks the ID token (issuer, audience, expiry, signature by the provider's JWKS, nonce). The
 * person is signed in by completeSsoSignIn; every refusal is in the audit log.
 */
export async function finishOidcSignIn(
  db: Db,
  opts: {
    callbackUrl: URL;
    cookieState: string | undefined;
    encryptionKey?: string;
    ip?: string | null;
    userAgent?: string | null;
  },
) {
  const state = opts.callbackUrl.searchParams.get('state');
  const origin = { ip: opts.ip ?? null, userAgent: opts.userAgent ?? null };
  const fail = async (reason: SsoErrorReason, tenantId: string | null, why: string): Promise<never> => {
    // a refusal is in its organisation's audit log; an answer that names no sign-in of ours
    // belongs to nobody's (it is only logged)
    if (tenantId)
      await asSystem(db, { action: 'sso.oidc.refused' }, (tx) =>
        recordAudit(tx, {
          ...origin,
          tenantId,
          action: 'auth.sso_sign_in',
          outcome: 'failure',
          detail: `oidc: ${why}`,
        }),
      );
    else logger.info({ reason, ip: origin.ip }, 'single sign-on answer refused');
    throw new SsoFailure(reason, why);
  };
  if (!state || !opts.cookieState || state !== opts.cookieState)
    return fail('state', null, 'the answer does not belong to a sign-in this browser started');
  const now = new Date();
  const waiting = await asSystem(db, { action: 'sso.oidc.finish' }, async (tx) => {
    const [row] = await tx
      .delete(ssoLoginStates)
      .where(eq(ssoLoginStates.id, hashOf(state)))
      .returning();
    if (!row || row.protocol !== 'oidc' || row.expiresAt.getTime() <= now.getTime()) return null;
    return { row, conn: await connectionOf(tx, row.tenantId) };
  });
  if (!waiting) return fail('state', null, 'the sign-in expired or was already used');
  const { row, conn } = waiting;
  if (!conn?.enabled) return fail('not_configured', row.tenantId, 'the provider was turned off');
  let claims: Record<string, unknown>;
  try {
    const config = await providerConfiguration(providerKey(conn, opts.encryptionKey));
    const tokens = await client.authorizationCodeGrant(config, opts.callbackUrl, {
      pkceCodeVerifier: row.codeVerifier ?? undefined,
      expectedState: state,
      expectedNonce: row.nonce ?? undefined,
      idTokenExpected: true,
    });
    const idToken = tokens.claims()!;
    // a provider that keeps the ID token minimal gives the address at its userinfo endpoint, for
    // the same subject (checked by openid-client)
    claims =
      typeof idToken.email === 'string'
        ? idToken
        : { ...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...idToken };
  } catch (e) {
    const reason = reasonOf(e);
    return fail(reason, row.tenantId, `${reason}: ${e instanceof Error ? e.message : String(e)}`.slice(0, 500));
  }
  const name =
    typeof claims.name === 'string'
      ? claims.name
      : [claims.given_name, claims.family_name].filter((x) => typeof x === 'string').join(' ');
  const signedIn = await completeSsoSignIn(db, {
    tenantId: row.tenantId,
    protocol: 'oidc',
    email: typeof claims.email === 'string' ? claims.email : '',
    emailVerified: claims.email_verified === true,
    name,
    ...origin,
  });
  return { ...signedIn, returnTo: row.returnTo };
}
