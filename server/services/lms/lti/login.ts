import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../../db/client';
import { ltiLoginStates, ltiNonces, ltiPlatforms } from '../../../../db/schema';
import { asSystem } from '../../../../db/tenant';
import { LtiRefusal, refuseFor } from './refusal';

/*
 * OIDC third-party-initiated login (LTI Core 1.3 / IMS Security Framework): the platform sends the
 * browser to the registration's login URL with its issuer and hints; Spar keeps a state (its
 * SHA-256) and a nonce for ten minutes, gives the browser the state in a cookie, and sends it to
 * the platform's authorization endpoint, which answers with the signed launch (an id_token posted
 * to the redirect URI).
 *
 * A login's row stays until it expires rather than going at its launch: its nonce is recorded as
 * used by the first launch that carries it (lti_nonces), so a second post of the same launch is
 * still known to be this platform's and is refused as a replay in its tenant's launch log.
 */

export const LOGIN_STATE_TTL_MS = 10 * 60_000;
const COOKIE_PREFIX = 'spar_lti_';

export const hashState = (state: string) => createHash('sha256').update(state).digest('hex');
/**
 * The browser's half of one login: a cookie named after the state (so logins in several tabs do
 * not overwrite each other) holding the state itself.
 */
export const stateCookieName = (state: string) => `${COOKIE_PREFIX}${hashState(state).slice(0, 16)}`;

export const loginParams = z.object({
  iss: z.string().min(1).max(2000),
  login_hint: z.string().min(1).max(2000),
  target_link_uri: z.string().min(1).max(2000),
  lti_message_hint: z.string().max(4000).optional(),
  client_id: z.string().max(255).optional(),
  lti_deployment_id: z.string().max(255).optional(),
});
export type LoginParams = z.infer<typeof loginParams>;

/**
 * Checks the login against the registration and opens it: the authorization request's URL, the
 * state and the name of the cookie that carries it. A refusal of a known registration is in its
 * tenant's launch log.
 */
export async function startLtiLogin(
  db: Db,
  opts: { platformId: string; params: LoginParams; redirectUri: string },
): Promise<{ location: string; state: string; cookieName: string }> {
  const [platform] = await asSystem(db, { action: 'lti.login' }, (tx) =>
    tx.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, opts.platformId)),
  );
  if (!platform) throw new LtiRefusal('lti.errors.unknownPlatform', 404);
  const who = { tenantId: platform.tenantId, platformId: platform.id };
  const p = opts.params;
  if (platform.disabledAt) await refuseFor(db, who, new LtiRefusal('lti.errors.platformDisabled', 403));
  if (p.iss !== platform.issuer) await refuseFor(db, who, new LtiRefusal('lti.errors.issuer'));
  if (p.client_id !== undefined && p.client_id !== platform.clientId)
    await refuseFor(db, who, new LtiRefusal('lti.errors.clientId'));
  if (p.lti_deployment_id !== undefined && !platform.deploymentIds.includes(p.lti_deployment_id))
    await refuseFor(db, who, new LtiRefusal('lti.errors.deployment'));

  const state = randomBytes(32).toString('base64url');
  const nonce = randomBytes(24).toString('base64url');
  const now = new Date();
  await asSystem(db, { action: 'lti.login', tenantId: platform.tenantId }, async (tx) => {
    // logins and nonces past their time are of no use to anyone: cleared as new ones come
    await tx.delete(ltiLoginStates).where(lt(ltiLoginStates.expiresAt, now));
    await tx.delete(ltiNonces).where(lt(ltiNonces.expiresAt, now));
    await tx.insert(ltiLoginStates).values({
      id: hashState(state),
      tenantId: platform.tenantId,
      platformId: platform.id,
      nonce,
      expiresAt: new Date(now.getTime() + LOGIN_STATE_TTL_MS),
    });
  });
  const to = new URL(platform.authLoginUrl);
  const query: Record<string, string> = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: platform.clientId,
    redirect_uri: opts.redirectUri,
    login_hint: p.login_hint,
    state,
    nonce,
    ...(p.lti_message_hint !== undefined ? { lti_message_hint: p.lti_message_hint } : {}),
  };
  for (const [k, v] of Object.entries(query)) to.searchParams.set(k, v);
  return { location: to.toString(), state, cookieName: stateCookieName(state) };
}
