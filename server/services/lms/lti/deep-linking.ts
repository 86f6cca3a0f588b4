import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../../../db/client';
import { certifications, ltiPlatforms, simulations } from '../../../../db/schema';
import { asSystem, type TenantRunner } from '../../../../db/tenant';
import { LTI_PATHS } from '../../../contracts/lti';
import type { Env } from '../../../env';
import { signLmsJwt, verifyLmsJwt } from '../keys';
import {
  CLAIM,
  LTI_VERSION,
  MESSAGE_TYPES,
  parseTarget,
  TARGET_PARAMETER,
  targetValue,
  type LaunchClaims,
} from './claims';
import { LtiRefusal } from './refusal';

/*
 * Deep linking (LTI Deep Linking 2.0): an instructor adding Spar to a course picks a simulation or
 * a certification; Spar answers the platform with an LtiDeepLinkingResponse (signed with the
 * tenant's key, published at its JWKS address) holding one ltiResourceLink whose custom parameter
 * names the exercise and whose line item asks for a grade column out of 100.
 *
 * Between the launch and the choice nothing is stored: the request's needs (platform, deployment,
 * return URL, the platform's opaque `data`) travel in a short-lived token Spar signs and the
 * choosing page posts back.
 */

const SESSION_AUDIENCE = 'spar:lti-deep-linking';
const SESSION_TTL_S = 30 * 60;
const RESPONSE_TTL_S = 5 * 60;

interface DeepLinkingTarget {
  value: string;
  name: string;
}
export interface DeepLinkingPage {
  /** The signed session the choosing page posts back with the choice. */
  session: string;
  simulations: DeepLinkingTarget[];
  certifications: DeepLinkingTarget[];
}

const sessionClaims = z.object({
  tid: z.uuid(),
  pid: z.uuid(),
  dep: z.string().min(1),
  ret: z.string().min(1),
  data: z.string().optional(),
});

async function choices(tx: Tx): Promise<Pick<DeepLinkingPage, 'simulations' | 'certifications'>> {
  const sims = await tx
    .select({ id: simulations.id, name: simulations.name })
    .from(simulations)
    .where(eq(simulations.kind, 'standard'))
    .orderBy(asc(simulations.name));
  const certs = await tx
    .select({ id: certifications.id, name: certifications.name })
    .from(certifications)
    .where(isNull(certifications.archivedAt))
    .orderBy(asc(certifications.name));
  return {
    simulations: sims.map((s) => ({ value: targetValue({ kind: 'simulation', id: s.id }), name: s.name })),
    certifications: certs.map((c) => ({ value: targetValue({ kind: 'certification', id: c.id }), name: c.name })),
  };
}

/** A checked deep-linking request: the exercises to choose from and the session the choice comes back with. */
export async function startDeepLinking(
  db: Db,
  env: Env,
  o: {
    platform: typeof ltiPlatforms.$inferSelect;
    claims: LaunchClaims;
    settings: NonNullable<LaunchClaims[typeof CLAIM.deepLinkingSettings]>;
    tenant: TenantRunner;
  },
): Promise<DeepLinkingPage> {
  const session = await signLmsJwt(db, env, {
    tenantId: o.platform.tenantId,
    claims: {
      aud: SESSION_AUDIENCE,
      sub: o.claims.sub,
      tid: o.platform.tenantId,
      pid: o.platform.id,
      dep: o.claims[CLAIM.deploymentId],
      ret: o.settings.deep_link_return_url,
      ...(o.settings.data !== undefined ? { data: o.settings.data } : {}),
    },
    expiresInSeconds: SESSION_TTL_S,
  });
  return { session, ...(await o.tenant(choices)) };
}

/** The session a choosing page posted, checked against its tenant's keys: its tenant and request, or a refusal. */
async function openSession(db: Db, session: string) {
  try {
    const { tenantId, payload } = await verifyLmsJwt(db, session, SESSION_AUDIENCE);
    const claims = sessionClaims.parse(payload);
    if (claims.tid !== tenantId) throw new Error('another tenant');
    return claims;
  } catch {
    throw new LtiRefusal('lti.errors.deepLinkingExpired');
  }
}

/**
 * The instructor's choice: the LtiDeepLinkingResponse for the platform (`JWT`, to post to
 * `returnUrl`). The choice must be an exercise of the session's tenant.
 */
export async function answerDeepLinking(
  db: Db,
  env: Env,
  o: { session: string; target: string; base: string; tenantRunner: (tenantId: string) => TenantRunner },
): Promise<{ returnUrl: string; jwt: string }> {
  const s = await openSession(db, o.session);
  const [platform] = await asSystem(db, { action: 'lti.deep_linking', tenantId: s.tid }, (tx) =>
    tx
      .select()
      .from(ltiPlatforms)
      .where(and(eq(ltiPlatforms.id, s.pid), eq(ltiPlatforms.tenantId, s.tid))),
  );
  if (!platform) throw new LtiRefusal('lti.errors.unknownPlatform', 404);
  if (platform.disabledAt) throw new LtiRefusal('lti.errors.platformDisabled', 403);
  const target = parseTarget(o.target);
  const chosen = target
    ? await o.tenantRunner(s.tid)(async (tx) => {
        const all = await choices(tx);
        return [...all.simulations, ...all.certifications].find((c) => c.value === targetValue(target)) ?? null;
      })
    : null;
  if (!target || !chosen) throw new LtiRefusal('lti.errors.targetMissing');
  const launchUrl = `${o.base.replace(/\/+$/, '')}${LTI_PATHS.launch}`;
  const jwt = await signLmsJwt(db, env, {
    tenantId: s.tid,
    claims: {
      iss: platform.clientId,
      aud: platform.issuer,
      nonce: randomBytes(16).toString('base64url'),
      [CLAIM.deploymentId]: s.dep,
      [CLAIM.messageType]: MESSAGE_TYPES.deepLinkingResponse,
      [CLAIM.version]: LTI_VERSION,
      [CLAIM.contentItems]: [
        {
          type: 'ltiResourceLink',
          title: chosen.name,
          url: launchUrl,
          custom: { [TARGET_PARAMETER]: chosen.value },
          lineItem: { scoreMaximum: 100, label: chosen.name, resourceId: chosen.value },
        },
      ],
      ...(s.data !== undefined ? { [CLAIM.data]: s.data } : {}),
    },
    expiresInSeconds: RESPONSE_TTL_S,
  });
  return { returnUrl: s.ret, jwt };
}
