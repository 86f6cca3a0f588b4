import { timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { errors, jwtVerify, type JWTPayload } from 'jose';
import type { Db, Tx } from '../../../../db/client';
import {
  certifications,
  ltiLoginStates,
  ltiNonces,
  ltiPlatforms,
  ltiResourceLinks,
  simulations,
} from '../../../../db/schema';
import { asSystem, type TenantRunner } from '../../../../db/tenant';
import type { Env } from '../../../env';
import { lmsLearnerAccount } from '../learners';
import { openLaunch } from '../launches';
import {
  CLAIM,
  launchClaims,
  LTI_VERSION,
  MESSAGE_TYPES,
  mayChooseContent,
  parseTarget,
  TARGET_PARAMETER,
  webUrl,
  type LaunchClaims,
  type LtiTarget,
} from './claims';
import { startDeepLinking, type DeepLinkingPage } from './deep-linking';
import { hashState, stateCookieName } from './login';
import { PlatformKeysUnavailable, platformKeySet } from './platform-keys';
import { LtiRefusal, refuseFor } from './refusal';

/*
 * The launch (LTI Core 1.3): the platform's authorization endpoint has the browser post a signed
 * id_token and the state back to Spar's redirect URI. Before anything is opened: the state is one
 * Spar gave this browser (its cookie) within ten minutes; the token is signed by a key of the
 * platform's key set, issued by its issuer for Spar's client id (another audience only with
 * `azp` = the client id), within its times, carries the login's nonce for the first time, and
 * names a deployment of the registration, LTI 1.3.0 and a message Spar handles. Every refusal of a
 * known platform goes to its tenant's launch log.
 */

type Platform = typeof ltiPlatforms.$inferSelect;
const CLOCK_TOLERANCE_S = 60;
const MAX_TOKEN_AGE_S = 15 * 60;

export type LaunchOutcome = { kind: 'resourceLink'; path: string } | { kind: 'deepLinking'; page: DeepLinkingPage };

interface LaunchInput {
  idToken: string;
  state: string;
  /** The browser's cookies: the login's state cookie is looked for among them. */
  cookies: Record<string, string | undefined>;
  allowPrivate: boolean;
  base: string;
  /** Short transactions of the tenant the login's state names (made by the route, which found it). */
  tenantRunner: (tenantId: string) => TenantRunner;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** What jose said about a token, as our reason. */
function tokenRefusal(e: unknown): LtiRefusal {
  if (e instanceof PlatformKeysUnavailable) return new LtiRefusal('lti.errors.platformKeys', 502, e.message);
  if (e instanceof errors.JWTExpired) return new LtiRefusal('lti.errors.expired', 400, e.message);
  if (e instanceof errors.JWTClaimValidationFailed) {
    if (e.claim === 'aud') return new LtiRefusal('lti.errors.audience', 400, e.message);
    if (e.claim === 'iss') return new LtiRefusal('lti.errors.issuer', 400, e.message);
    if (e.claim === 'iat' || e.claim === 'nbf') return new LtiRefusal('lti.errors.expired', 400, e.message);
    return new LtiRefusal('lti.errors.malformedToken', 400, e.message);
  }
  if (
    e instanceof errors.JWSSignatureVerificationFailed ||
    e instanceof errors.JWKSNoMatchingKey ||
    e instanceof errors.JWKSMultipleMatchingKeys ||
    e instanceof errors.JOSEAlgNotAllowed ||
    e instanceof errors.JOSENotSupported
  )
    return new LtiRefusal('lti.errors.signature', 400, (e as Error).message);
  return new LtiRefusal('lti.errors.malformedToken', 400, e instanceof Error ? e.message : String(e));
}

/** Checks a posted launch and opens what it asks for; throws LtiRefusal (logged when the platform is known). */
export async function completeLtiLaunch(db: Db, env: Env, input: LaunchInput): Promise<LaunchOutcome> {
  const now = new Date();
  const login = await asSystem(db, { action: 'lti.launch' }, async (tx) => {
    const [row] = await tx
      .select({ s: ltiLoginStates, p: ltiPlatforms })
      .from(ltiLoginStates)
      .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiLoginStates.platformId))
      .where(and(eq(ltiLoginStates.id, hashState(input.state)), gt(ltiLoginStates.expiresAt, now)));
    return row ?? null;
  });
  if (!login) throw new LtiRefusal('lti.errors.stateUnknown');
  const platform = login.p;
  const who = { tenantId: platform.tenantId, platformId: platform.id };
  const browserState = input.cookies[stateCookieName(input.state)];
  if (!browserState || !sameText(browserState, input.state))
    await refuseFor(db, who, new LtiRefusal('lti.errors.stateCookie'));
  if (platform.disabledAt) await refuseFor(db, who, new LtiRefusal('lti.errors.platformDisabled', 403));

  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(input.idToken, platformKeySet(platform.jwksUrl, input.allowPrivate), {
      issuer: platform.issuer,
      audience: platform.clientId,
      algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'ES256'],
      requiredClaims: ['exp', 'iat', 'nonce'],
      clockTolerance: CLOCK_TOLERANCE_S,
      maxTokenAge: MAX_TOKEN_AGE_S,
    }));
  } catch (e) {
    return refuseFor(db, who, tokenRefusal(e));
  }
  const parsed = launchClaims.safeParse(payload);
  if (!parsed.success)
    return refuseFor(db, who, new LtiRefusal('lti.errors.malformedToken', 400, parsed.error.message));
  const claims = parsed.data;
  const learner = { ...who, learnerId: claims.sub ?? null };
  // several audiences: the one the token was issued to (authorized party) must be Spar
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if ((audiences.length > 1 || claims.azp !== undefined) && claims.azp !== platform.clientId)
    await refuseFor(db, learner, new LtiRefusal('lti.errors.audience'));
  if (!sameText(claims.nonce, login.s.nonce)) await refuseFor(db, learner, new LtiRefusal('lti.errors.nonce'));
  // the nonce is used once: a second post of the same launch (a replay) is refused
  const fresh = await asSystem(db, { action: 'lti.launch', tenantId: platform.tenantId }, (tx) =>
    tx
      .insert(ltiNonces)
      .values({
        platformId: platform.id,
        nonce: claims.nonce,
        tenantId: platform.tenantId,
        expiresAt: new Date(Math.max(claims.exp * 1000, now.getTime()) + CLOCK_TOLERANCE_S * 1000),
      })
      .onConflictDoNothing()
      .returning({ nonce: ltiNonces.nonce }),
  );
  if (!fresh.length) await refuseFor(db, learner, new LtiRefusal('lti.errors.replay'));
  if (claims[CLAIM.version] !== LTI_VERSION) await refuseFor(db, learner, new LtiRefusal('lti.errors.version'));
  if (!platform.deploymentIds.includes(claims[CLAIM.deploymentId]))
    await refuseFor(db, learner, new LtiRefusal('lti.errors.deployment'));
  const messageType = claims[CLAIM.messageType];
  if (messageType !== MESSAGE_TYPES.resourceLink && messageType !== MESSAGE_TYPES.deepLinking)
    await refuseFor(db, learner, new LtiRefusal('lti.errors.messageType'));
  if (!claims.sub) await refuseFor(db, learner, new LtiRefusal('lti.errors.noSubject'));

  const tenant = input.tenantRunner(platform.tenantId);
  if (messageType === MESSAGE_TYPES.deepLinking) {
    const settings = claims[CLAIM.deepLinkingSettings];
    if (!settings || !webUrl(settings.deep_link_return_url))
      await refuseFor(db, learner, new LtiRefusal('lti.errors.noDeepLinkingSettings'));
    if (!mayChooseContent(claims[CLAIM.roles]))
      await refuseFor(db, learner, new LtiRefusal('lti.errors.notInstructor', 403));
    if (settings!.accept_types.length && !settings!.accept_types.includes('ltiResourceLink'))
      await refuseFor(db, learner, new LtiRefusal('lti.errors.resourceLinksNotAccepted'));
    const page = await startDeepLinking(db, env, {
      platform,
      claims,
      settings: settings!,
      tenant,
    });
    return { kind: 'deepLinking', page };
  }
  return { kind: 'resourceLink', path: await openResourceLink(db, env, { platform, claims, tenant, learner }) };
}

async function targetExists(tx: Tx, target: LtiTarget): Promise<boolean> {
  const table = target.kind === 'simulation' ? simulations : certifications;
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, target.id));
  return Boolean(row);
}

const displayName = (c: LaunchClaims) =>
  c.name?.trim() || [c.given_name, c.family_name].filter((s) => s?.trim()).join(' ') || null;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A resource link launch: the exercise its custom parameter names (or the one it opened before),
 * the link kept with its grade endpoints, the learner's account (made on the first launch, with
 * the registration's user type), and the launch opened: the learner page's path.
 */
async function openResourceLink(
  db: Db,
  env: Env,
  o: {
    platform: Platform;
    claims: LaunchClaims;
    tenant: TenantRunner;
    learner: { tenantId: string; platformId: string; learnerId: string | null };
  },
): Promise<string> {
  const { platform, claims } = o;
  const link = claims[CLAIM.resourceLink];
  if (!link) return refuseFor(db, o.learner, new LtiRefusal('lti.errors.noResourceLink'));
  const ags = claims[CLAIM.agsEndpoint];
  const named = parseTarget(claims[CLAIM.custom]?.[TARGET_PARAMETER]);
  const prepared = await o.tenant(async (tx) => {
    const [known] = await tx
      .select()
      .from(ltiResourceLinks)
      .where(and(eq(ltiResourceLinks.platformId, platform.id), eq(ltiResourceLinks.resourceLinkId, link.id)));
    const target: LtiTarget | null =
      named ??
      (known
        ? known.targetKind === 'simulation' && known.simulationId
          ? { kind: 'simulation', id: known.simulationId }
          : known.targetKind === 'certification' && known.certificationId
            ? { kind: 'certification', id: known.certificationId }
            : null
        : null);
    if (!target) return { ok: false as const, refusal: 'lti.errors.noTarget' as const };
    if (!(await targetExists(tx, target))) return { ok: false as const, refusal: 'lti.errors.targetMissing' as const };
    const values = {
      contextId: claims[CLAIM.context]?.id ?? null,
      title: link.title ?? null,
      targetKind: target.kind,
      simulationId: target.kind === 'simulation' ? target.id : null,
      certificationId: target.kind === 'certification' ? target.id : null,
      lineItemsUrl: webUrl(ags?.lineitems),
      agsScopes: ags?.scope ?? [],
    };
    const lineItemUrl = webUrl(ags?.lineitem);
    const [saved] = await tx
      .insert(ltiResourceLinks)
      .values({
        tenantId: platform.tenantId,
        platformId: platform.id,
        resourceLinkId: link.id,
        lineItemUrl: ags ? lineItemUrl : null,
        ...values,
      })
      .onConflictDoUpdate({
        target: [ltiResourceLinks.platformId, ltiResourceLinks.resourceLinkId],
        set: {
          ...values,
          // a line item found or made earlier for this link is kept while the platform still offers grades
          lineItemUrl: ags
            ? lineItemUrl
              ? lineItemUrl
              : sql`case when ${ltiResourceLinks.lineItemsUrl} is not distinct from ${values.lineItemsUrl} then ${ltiResourceLinks.lineItemUrl} else null end`
            : null,
          updatedAt: new Date(),
        },
      })
      .returning({ id: ltiResourceLinks.id });
    const account = await lmsLearnerAccount(tx, {
      tenantId: platform.tenantId,
      source: 'lti',
      issuer: platform.issuer,
      subject: claims.sub!,
      name: displayName(claims),
      email: claims.email && EMAIL.test(claims.email) ? claims.email : null,
      userType: platform.userType,
      create: true,
    });
    if (!account) return { ok: false as const, refusal: 'lti.errors.noAccount' as const };
    return { ok: true as const, target, resourceLinkId: saved.id, userId: account.userId };
  });
  if (!prepared.ok)
    return refuseFor(
      db,
      o.learner,
      new LtiRefusal(prepared.refusal, prepared.refusal === 'lti.errors.noAccount' ? 403 : 400),
    );
  const opened = await openLaunch(db, env, {
    tenantId: platform.tenantId,
    source: 'lti',
    platformId: platform.id,
    resourceLinkId: prepared.resourceLinkId,
    targetKind: prepared.target.kind,
    simulationId: prepared.target.kind === 'simulation' ? prepared.target.id : null,
    certificationId: prepared.target.kind === 'certification' ? prepared.target.id : null,
    userId: prepared.userId,
    learnerId: claims.sub!,
    learnerName: displayName(claims),
    returnUrl: webUrl(claims[CLAIM.launchPresentation]?.return_url),
  });
  return opened.path;
}
