import { z } from 'zod';
import { MANAGED_USER_TYPES } from './enums';
import { stampsOutput } from './records';
import { hasUnstorableText, text, TEXT_MESSAGES } from './text';

// Messages are i18n keys of locales/<lng>/lti.json; the client translates.

/** The user types an account made by a first LTI launch may get: any managed type but admin. */
export const LTI_USER_TYPES = [
  'sales_rep',
  'user',
  'manager',
  'facilitator',
  'demo_manager',
] as const satisfies readonly Exclude<(typeof MANAGED_USER_TYPES)[number], 'admin'>[];

const URL_MAX = 2000;
const url = (required: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(URL_MAX, 'lti.validation.urlTooLong')
    .refine((s) => !hasUnstorableText(s), { error: TEXT_MESSAGES.unstorable, abort: true })
    .refine((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), { error: 'lti.validation.urlInvalid' });
const identifier = (required: string) => text(required).min(1, required).max(255, 'lti.validation.identifierTooLong');

const platformFields = {
  name: text('lti.validation.nameRequired')
    .min(1, 'lti.validation.nameRequired')
    .max(120, 'lti.validation.nameTooLong'),
  /** The platform's issuer (`iss` of its launches), exactly as it sends it. */
  issuer: url('lti.validation.issuerRequired'),
  /** The client id the platform gave Spar (the `aud` of its launches). */
  clientId: identifier('lti.validation.clientIdRequired'),
  /** The deployments of this registration allowed to launch (one or more). */
  deploymentIds: z
    .array(identifier('lti.validation.deploymentIdRequired'), 'lti.validation.deploymentIdRequired')
    .min(1, 'lti.validation.deploymentIdRequired')
    .max(50, 'lti.validation.tooManyDeployments')
    .refine((ids) => new Set(ids).size === ids.length, { error: 'lti.validation.deploymentIdRepeated' }),
  /** The platform's OIDC authorization endpoint (where the login redirects). */
  authLoginUrl: url('lti.validation.authLoginUrlRequired'),
  /** The platform's OAuth 2 token endpoint (grade passback). */
  accessTokenUrl: url('lti.validation.accessTokenUrlRequired'),
  /** The platform's public keys. */
  jwksUrl: url('lti.validation.jwksUrlRequired'),
  /** The type of an account a first launch makes (never admin). */
  userType: z.enum(LTI_USER_TYPES, 'lti.validation.userTypeInvalid'),
};

export const createLtiPlatformInput = z.object(platformFields);
export type LtiPlatformInput = z.infer<typeof createLtiPlatformInput>;
export const updateLtiPlatformInput = z.object({ platformId: z.uuid(), ...platformFields });
export const ltiPlatformIdInput = z.object({ platformId: z.uuid() });
export const setLtiPlatformEnabledInput = z.object({ platformId: z.uuid(), enabled: z.boolean() });

export const ltiPlatformOutput = z.object({
  id: z.uuid(),
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  deploymentIds: z.array(z.string()),
  authLoginUrl: z.string(),
  accessTokenUrl: z.string(),
  jwksUrl: z.string(),
  userType: z.enum(LTI_USER_TYPES),
  disabledAt: z.string().nullable(),
  /** Spar's OIDC login initiation URL for this registration (the platform calls it first). */
  loginUrl: z.string(),
  ...stampsOutput,
});
export type LtiPlatformView = z.infer<typeof ltiPlatformOutput>;

/** What the admin gives the LMS, the same for every registration of the tenant. */
const ltiToolOutput = z.object({
  /** The redirect (launch) URL, for resource links and deep linking. */
  launchUrl: z.string(),
  /** The deep-linking (content selection) URL; the same endpoint as the launch. */
  deepLinkingUrl: z.string(),
  /** Spar's public keys for this tenant. */
  jwksUrl: z.string(),
  /** The login initiation URL pattern; each registration has its own (its id in the path). */
  loginUrlPattern: z.string(),
});
export type LtiToolView = z.infer<typeof ltiToolOutput>;

export const ltiPlatformsOutput = z.object({ tool: ltiToolOutput, platforms: z.array(ltiPlatformOutput) });
export type LtiPlatformsView = z.infer<typeof ltiPlatformsOutput>;

/** Paths of Spar's LTI endpoints (absolute with the site's base). */
export const LTI_PATHS = {
  login: (platformId: string) => `/api/v1/lti/${platformId}/login`,
  launch: '/api/v1/lti/launch',
  deepLink: '/api/v1/lti/deep-link',
  jwks: (tenantId: string) => `/api/v1/lti/jwks/${tenantId}`,
} as const;

/**
 * Why an LTI login or launch was refused: the reason on the refusal page and in the launch log
 * (keys of the lti namespace).
 */
export const LTI_ERROR_CODES = [
  'lti.errors.malformedRequest',
  'lti.errors.unknownPlatform',
  'lti.errors.platformDisabled',
  'lti.errors.issuer',
  'lti.errors.clientId',
  'lti.errors.deployment',
  'lti.errors.stateUnknown',
  'lti.errors.stateCookie',
  'lti.errors.platformKeys',
  'lti.errors.signature',
  'lti.errors.expired',
  'lti.errors.audience',
  'lti.errors.nonce',
  'lti.errors.replay',
  'lti.errors.malformedToken',
  'lti.errors.version',
  'lti.errors.messageType',
  'lti.errors.noSubject',
  'lti.errors.noResourceLink',
  'lti.errors.noTarget',
  'lti.errors.targetMissing',
  'lti.errors.noAccount',
  'lti.errors.notInstructor',
  'lti.errors.noDeepLinkingSettings',
  'lti.errors.resourceLinksNotAccepted',
  'lti.errors.deepLinkingExpired',
  'lti.errors.platformError',
] as const;
export type LtiErrorCode = (typeof LTI_ERROR_CODES)[number];
