import { z } from 'zod';

/*
 * The claims of IMS LTI 1.3 messages Spar reads and writes (LTI Core 1.3, Deep Linking 2.0,
 * Assignment and Grade Services 2.0): their names, and the shape a launch's id_token must have
 * once its signature has been checked.
 */

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
export const CLAIM = {
  messageType: `${LTI}message_type`,
  version: `${LTI}version`,
  deploymentId: `${LTI}deployment_id`,
  targetLinkUri: `${LTI}target_link_uri`,
  resourceLink: `${LTI}resource_link`,
  roles: `${LTI}roles`,
  context: `${LTI}context`,
  custom: `${LTI}custom`,
  launchPresentation: `${LTI}launch_presentation`,
  agsEndpoint: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  deepLinkingSettings: `${DL}deep_linking_settings`,
  contentItems: `${DL}content_items`,
  data: `${DL}data`,
  msg: `${DL}msg`,
} as const;

export const LTI_VERSION = '1.3.0';
export const MESSAGE_TYPES = {
  resourceLink: 'LtiResourceLinkRequest',
  deepLinking: 'LtiDeepLinkingRequest',
  deepLinkingResponse: 'LtiDeepLinkingResponse',
} as const;

export const AGS_SCOPES = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemReadonly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
} as const;

/** The custom parameter of a resource link Spar made (deep linking) naming what it opens: `simulation:<id>`. */
export const TARGET_PARAMETER = 'spar_target';
const TARGET = /^(simulation|certification):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
export type LtiTarget = { kind: 'simulation' | 'certification'; id: string };
export function parseTarget(value: unknown): LtiTarget | null {
  if (typeof value !== 'string') return null;
  const m = TARGET.exec(value.trim());
  return m ? { kind: m[1].toLowerCase() as LtiTarget['kind'], id: m[2].toLowerCase() } : null;
}
export const targetValue = (t: LtiTarget) => `${t.kind}:${t.id}`;

/**
 * Roles that may choose content (deep linking): an instructor or an administrator of the
 * context, or an administrator of the institution or the system (LIS vocabulary; the short
 * context-role forms are allowed by LTI 1.3 too).
 */
const CHOOSER_ROLES = new Set([
  'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  'http://purl.imsglobal.org/vocab/lis/v2/membership#Administrator',
  'http://purl.imsglobal.org/vocab/lis/v2/membership#ContentDeveloper',
  'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator',
  'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Instructor',
  'http://purl.imsglobal.org/vocab/lis/v2/system/person#Administrator',
  'Instructor',
  'Administrator',
  'ContentDeveloper',
]);
export const mayChooseContent = (roles: readonly string[]) => roles.some((r) => CHOOSER_ROLES.has(r));

const short = z.string().max(1000);
/** A launch's claims after the signature, issuer, audience and times were checked by jose. */
export const launchClaims = z.looseObject({
  sub: z.string().min(1).max(255).optional(),
  nonce: z.string().min(1).max(255),
  azp: z.string().optional(),
  name: short.optional(),
  given_name: short.optional(),
  family_name: short.optional(),
  email: short.optional(),
  exp: z.number(),
  [CLAIM.messageType]: z.string().max(100),
  [CLAIM.version]: z.string().max(20),
  [CLAIM.deploymentId]: z.string().max(255),
  [CLAIM.roles]: z.array(z.string().max(500)).max(200).default([]),
  [CLAIM.resourceLink]: z.looseObject({ id: z.string().min(1).max(255), title: short.nullish() }).optional(),
  [CLAIM.context]: z.looseObject({ id: z.string().max(255), title: short.nullish() }).optional(),
  [CLAIM.custom]: z.record(z.string(), z.unknown()).optional(),
  [CLAIM.launchPresentation]: z.looseObject({ return_url: z.string().max(2000).optional() }).optional(),
  [CLAIM.agsEndpoint]: z
    .looseObject({
      scope: z.array(z.string().max(500)).max(50).default([]),
      lineitems: z.string().max(2000).optional(),
      lineitem: z.string().max(2000).optional(),
    })
    .optional(),
  [CLAIM.deepLinkingSettings]: z
    .looseObject({
      deep_link_return_url: z.string().max(2000),
      accept_types: z.array(z.string().max(100)).max(50).default([]),
      accept_multiple: z.boolean().optional(),
      data: z.string().max(4000).optional(),
    })
    .optional(),
});
export type LaunchClaims = z.infer<typeof launchClaims>;

/** An http(s) URL, else null (a return URL a platform sent that is anything else is ignored). */
export function webUrl(raw: string | null | undefined): string | null {
  if (!raw || !URL.canParse(raw)) return null;
  const u = new URL(raw);
  return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null;
}
