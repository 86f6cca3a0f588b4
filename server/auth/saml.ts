import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import {
  generateServiceProviderMetadata,
  SAML,
  SamlStatusError,
  ValidateInResponseTo,
  type CacheProvider,
  type Profile,
} from '@node-saml/node-saml';
import type { SsoErrorCode } from '../contracts/sso-saml';
import type { IdpMetadata } from './saml-metadata';

/*
 * Spar as a SAML 2.0 service provider, one per tenant: the addresses the IdP is told, the
 * node-saml instance built from the IdP's metadata, and what a checked assertion says about the
 * person. No database here: the caller gives the store of requests in flight (server/services/sso/saml.ts).
 */

const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
/** How far the IdP's clock may be from ours when NotBefore/NotOnOrAfter are checked. */
export const SAML_CLOCK_SKEW_MS = 60_000;
/** How long a sign-in may stay at the IdP: the AuthnRequest's id is forgotten after this. */
export const SAML_REQUEST_TTL_MS = 10 * 60_000;

export interface SpUrls {
  entityId: string;
  acsUrl: string;
  metadataUrl: string;
  loginUrl: string;
}

/** The SP's addresses for a tenant; `base` is PUBLIC_URL or the origin the request came to. */
export function spUrls(base: string, clientSchema: string): SpUrls {
  const at = (leaf: string) =>
    new URL(`/api/v1/auth/sso/saml/${encodeURIComponent(clientSchema.toLowerCase())}/${leaf}`, base).toString();
  return { entityId: at('metadata'), acsUrl: at('acs'), metadataUrl: at('metadata'), loginUrl: at('login') };
}

/** The SP metadata XML the IdP imports: entity id, ACS (HTTP-POST), signed assertions wanted. */
export function spMetadataXml(urls: SpUrls): string {
  return generateServiceProviderMetadata({
    issuer: urls.entityId,
    callbackUrl: urls.acsUrl,
    identifierFormat: EMAIL_FORMAT,
    wantAssertionsSigned: true,
  });
}

/**
 * The node-saml instance for one tenant's IdP: assertions must be signed by one of the IdP's
 * certificates, carry our entity id as audience, be within their validity (a minute's skew) and
 * answer a request we sent (`InResponseTo`, looked up in `requests`).
 */
export function samlFor(idp: IdpMetadata, urls: SpUrls, requests: CacheProvider): SAML {
  return new SAML({
    issuer: urls.entityId,
    callbackUrl: urls.acsUrl,
    audience: urls.entityId,
    entryPoint: idp.ssoUrl,
    authnRequestBinding: idp.ssoBinding === 'post' ? 'HTTP-POST' : undefined,
    // the HTTP-POST binding carries the request as plain base64; only HTTP-Redirect deflates it
    skipRequestCompression: idp.ssoBinding === 'post',
    idpCert: idp.certificates,
    idpIssuer: idp.entityId,
    identifierFormat: EMAIL_FORMAT,
    // the IdP's own choice of how to authenticate (MFA, Kerberos) is not ours to narrow
    disableRequestedAuthnContext: true,
    wantAssertionsSigned: true,
    // many IdPs sign the assertion only; the assertion is what we read
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SAML_REQUEST_TTL_MS,
    cacheProvider: requests,
    signatureAlgorithm: 'sha256',
  });
}

const EMAIL_ATTRIBUTES = [
  'email',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
  'mail',
  'emailAddress',
];
const DISPLAY_NAME_ATTRIBUTES = [
  'displayName',
  'http://schemas.microsoft.com/identity/claims/displayname',
  'urn:oid:2.16.840.1.113730.3.1.241',
  'name',
];
const GIVEN_NAME_ATTRIBUTES = [
  'givenName',
  'givenname',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
  'urn:oid:2.5.4.42',
];
const SURNAME_ATTRIBUTES = [
  'sn',
  'surname',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
  'urn:oid:2.5.4.4',
];

function firstString(profile: Profile, names: string[]): string | null {
  for (const name of names) {
    const raw = profile[name];
    const value = Array.isArray(raw) ? raw.find((v) => typeof v === 'string') : raw;
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}

/** The person's e-mail (NameID of the emailAddress format, else a common e-mail attribute) and name. */
export function identityOf(profile: Profile): { email: string | null; name: string | null } {
  const nameIdEmail = profile.nameIDFormat === EMAIL_FORMAT && profile.nameID ? profile.nameID.trim() : null;
  const email = nameIdEmail || firstString(profile, EMAIL_ATTRIBUTES);
  const given = firstString(profile, GIVEN_NAME_ATTRIBUTES);
  const surname = firstString(profile, SURNAME_ATTRIBUTES);
  const name = firstString(profile, DISPLAY_NAME_ATTRIBUTES) ?? ([given, surname].filter(Boolean).join(' ') || null);
  return { email, name };
}

const select = xpath.useNamespaces({
  saml: 'urn:oasis:names:tc:SAML:2.0:assertion',
  samlp: 'urn:oasis:names:tc:SAML:2.0:protocol',
});

function parse(xml: string): Document | null {
  let failed = false;
  const doc = new DOMParser({
    errorHandler: { warning: () => undefined, error: () => (failed = true), fatalError: () => (failed = true) },
  }).parseFromString(xml, 'text/xml');
  return failed ? null : (doc as unknown as Document);
}

const strings = (nodes: xpath.SelectReturnType) =>
  (Array.isArray(nodes) ? nodes : [])
    .map((n) => (n as Attr).value ?? (n as Node).textContent)
    .filter((v): v is string => typeof v === 'string');

/** What an undecoded SAMLResponse says of itself, before any check: for the replay lookup and messages only. */
export function peekResponse(samlResponse: string): { inResponseTo: string | null; destination: string | null } {
  const doc = parse(Buffer.from(samlResponse, 'base64').toString('utf8'));
  if (!doc) return { inResponseTo: null, destination: null };
  return {
    inResponseTo: strings(select('/samlp:Response/@InResponseTo', doc))[0] ?? null,
    destination: strings(select('/samlp:Response/@Destination', doc))[0] ?? null,
  };
}

/** From a signature-checked assertion: its id, issuer, every SubjectConfirmationData Recipient and its latest NotOnOrAfter. */
export function assertionFacts(assertionXml: string) {
  const doc = parse(assertionXml);
  const notOnOrAfter = doc
    ? strings(
        select('/saml:Assertion/saml:Conditions/@NotOnOrAfter | //saml:SubjectConfirmationData/@NotOnOrAfter', doc),
      )
        .map((s) => new Date(s).getTime())
        .filter((t) => Number.isFinite(t))
    : [];
  return {
    id: doc ? (strings(select('/saml:Assertion/@ID', doc))[0] ?? null) : null,
    issuer: doc ? (strings(select('/saml:Assertion/saml:Issuer', doc))[0]?.trim() ?? null) : null,
    recipients: doc ? strings(select('//saml:SubjectConfirmationData/@Recipient', doc)) : [],
    notOnOrAfter: notOnOrAfter.length ? new Date(Math.max(...notOnOrAfter)) : null,
  };
}

/** A check a SAML response failed, with the reason key the sign-in page shows and what the audit log says. */
export class SamlRefusal extends Error {
  constructor(
    readonly code: SsoErrorCode,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'SamlRefusal';
  }
}

/** node-saml's error for a failed check, as our reason key; its message becomes the audit detail. */
export function refusalOf(e: unknown, assertionSigned: boolean): SamlRefusal {
  if (e instanceof SamlRefusal) return e;
  if (e instanceof SamlStatusError) return new SamlRefusal('failed', `the identity provider refused: ${e.message}`);
  const message = e instanceof Error ? e.message : String(e);
  if (/signature/i.test(message))
    return assertionSigned
      ? new SamlRefusal('signature', `the signature does not match the identity provider's certificate (${message})`)
      : new SamlRefusal('unsigned', `the assertion is not signed (${message})`);
  if (/InResponseTo is not valid|SubjectInResponseTo is not valid/.test(message))
    return new SamlRefusal('replayed', 'the response answers no sign-in in progress (already used or unknown)');
  if (/expired|not yet valid|too old|No valid subject confirmation/i.test(message))
    return new SamlRefusal('expired', `the assertion is outside its validity (${message})`);
  if (/audience|AudienceRestriction/i.test(message))
    return new SamlRefusal('audience', `the assertion is for another service provider (${message})`);
  return new SamlRefusal('failed', message.slice(0, 300));
}

/** Whether the response carries a signature on its assertion at all (tells "unsigned" from "signed by someone else"). */
export function assertionHasSignature(samlResponse: string): boolean {
  const doc = parse(Buffer.from(samlResponse, 'base64').toString('utf8'));
  if (!doc) return false;
  const sigs = xpath.select(
    "/*[local-name()='Response']/*[local-name()='Assertion']/*[local-name()='Signature']",
    doc as unknown as Node,
  );
  return Array.isArray(sigs) && sigs.length > 0;
}
