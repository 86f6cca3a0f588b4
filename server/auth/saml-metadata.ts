import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { AppError } from '../errors';

/** What Spar understood from an identity provider's SAML metadata: enough to send people there and check its answers. */
export interface IdpMetadata {
  entityId: string;
  /** Where AuthnRequests go (HTTP-Redirect preferred, else HTTP-POST). */
  ssoUrl: string;
  ssoBinding: 'redirect' | 'post';
  /** The signing certificates, base64 DER (the body of a PEM), newest expiry first. */
  certificates: string[];
  /** When the signing certificate that lasts longest stops being valid. */
  certificateExpiresAt: Date;
}

const BINDING_REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const BINDING_POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
/** Metadata larger than this is refused before it is parsed (an IdP's is a few kB; aggregates are not one IdP). */
export const SAML_METADATA_MAX_BYTES = 512 * 1024;

const select = xpath.useNamespaces({
  md: 'urn:oasis:names:tc:SAML:2.0:metadata',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
});

/** Why metadata was refused; the reason is an i18n key of locales/<lng>/sso.json. */
function invalid(reason: string, message: string): never {
  throw new AppError('SAML_METADATA_INVALID', message, { reason: `sso.saml.metadataErrors.${reason}` });
}

function parseXml(xml: string): Document {
  // a DOCTYPE can declare entities (billion laughs, external entities): metadata never needs one
  if (/<!DOCTYPE/i.test(xml)) invalid('notXml', 'SAML metadata may not carry a DOCTYPE');
  let failure: string | null = null;
  const doc = new DOMParser({
    locator: {},
    errorHandler: {
      warning: () => undefined,
      error: (msg: string) => (failure ??= msg),
      fatalError: (msg: string) => (failure ??= msg),
    },
  }).parseFromString(xml, 'text/xml');
  if (failure || !doc?.documentElement) invalid('notXml', `SAML metadata is not XML: ${failure ?? 'empty'}`);
  return doc as unknown as Document;
}

const attr = (node: xpath.SelectReturnType, name: string) =>
  node && typeof node === 'object' && 'getAttribute' in node ? (node as Element).getAttribute(name) : null;

/**
 * Reads an IdP's metadata: its entity id, the single sign-on address and its signing
 * certificates. A document with several IdPs, no IdP, no single sign-on address over a binding
 * we speak, or no usable signing certificate is refused (SAML_METADATA_INVALID with the reason).
 */
export function parseIdpMetadata(xml: string, now = new Date()): IdpMetadata {
  if (Buffer.byteLength(xml, 'utf8') > SAML_METADATA_MAX_BYTES) invalid('tooLarge', 'SAML metadata is too large');
  const doc = parseXml(xml.trim());
  const entities = select('//md:EntityDescriptor[md:IDPSSODescriptor]', doc) as Element[];
  if (entities.length === 0) invalid('noIdp', 'SAML metadata describes no identity provider');
  if (entities.length > 1) invalid('severalIdps', 'SAML metadata describes more than one identity provider');
  const entity = entities[0];
  const entityId = entity.getAttribute('entityID')?.trim();
  if (!entityId) invalid('noEntityId', 'SAML metadata has no entityID');

  const services = select('md:IDPSSODescriptor/md:SingleSignOnService', entity) as Element[];
  const byBinding = (binding: string) => services.find((s) => attr(s, 'Binding') === binding);
  const service = byBinding(BINDING_REDIRECT) ?? byBinding(BINDING_POST);
  const ssoUrl = attr(service ?? null, 'Location')?.trim();
  if (!service || !ssoUrl || !/^https?:\/\//i.test(ssoUrl))
    invalid('noSsoService', 'SAML metadata has no HTTP-Redirect or HTTP-POST SingleSignOnService');

  // a KeyDescriptor without `use` serves both signing and encryption
  const certNodes = select(
    "md:IDPSSODescriptor/md:KeyDescriptor[not(@use) or @use='signing']/ds:KeyInfo/ds:X509Data/ds:X509Certificate",
    entity,
  ) as Element[];
  const certificates: { body: string; expiresAt: Date }[] = [];
  for (const node of certNodes) {
    const body = (node.textContent ?? '').replace(/\s+/g, '');
    try {
      const cert = new X509Certificate(Buffer.from(body, 'base64'));
      certificates.push({ body, expiresAt: new Date(cert.validTo) });
    } catch {
      invalid('badCertificate', 'SAML metadata holds a signing certificate that cannot be read');
    }
  }
  if (certificates.length === 0) invalid('noCertificate', 'SAML metadata has no signing certificate');
  certificates.sort((a, b) => b.expiresAt.getTime() - a.expiresAt.getTime());
  if (certificates[0].expiresAt <= now) invalid('certificateExpired', 'Every signing certificate has expired');

  return {
    entityId,
    ssoUrl,
    ssoBinding: attr(service, 'Binding') === BINDING_REDIRECT ? 'redirect' : 'post',
    certificates: certificates.map((c) => c.body),
    certificateExpiresAt: certificates[0].expiresAt,
  };
}
