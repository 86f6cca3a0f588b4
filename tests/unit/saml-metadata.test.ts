import { generate } from 'selfsigned';
import { beforeAll, describe, expect, it } from 'vitest';
import { identityOf, spUrls } from '../../server/auth/saml';
import { parseIdpMetadata } from '../../server/auth/saml-metadata';
import { safeReturnPath } from '../../server/contracts/sso-saml';
import { isAppError } from '../../server/errors';

/** The body of a PEM certificate, as metadata carries it. */
const body = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
let current: string;
let older: string;
let expired: string;

beforeAll(async () => {
  const year = 365 * 24 * 3600_000;
  current = body((await generate(undefined, { notAfterDate: new Date(Date.now() + 2 * year) })).cert);
  older = body((await generate(undefined, { notAfterDate: new Date(Date.now() + year / 2) })).cert);
  expired = body(
    (
      await generate(undefined, {
        notBeforeDate: new Date(Date.now() - 2 * year),
        notAfterDate: new Date(Date.now() - year),
      })
    ).cert,
  );
}, 60_000);

const key = (cert: string, use?: string) =>
  `<md:KeyDescriptor${use ? ` use="${use}"` : ''}><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${cert}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`;
const service = (binding: 'Redirect' | 'POST', location: string) =>
  `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-${binding}" Location="${location}"/>`;
const metadata = (inner: string, entityId = 'https://idp.example/entity') =>
  `<?xml version="1.0"?><md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${entityId}"><md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">${inner}</md:IDPSSODescriptor></md:EntityDescriptor>`;

function reasonOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (isAppError(e)) return String(e.details?.reason);
    throw e;
  }
  throw new Error('expected the metadata to be refused');
}

describe('IdP metadata', () => {
  it('reads the entity id, prefers HTTP-Redirect, keeps the signing certificates newest first', () => {
    const parsed = parseIdpMetadata(
      metadata(
        `${key(older, 'signing')}${key(current)}${key(expired, 'encryption')}${service('POST', 'https://idp.example/post')}${service('Redirect', 'https://idp.example/redirect')}`,
      ),
    );
    expect(parsed.entityId).toBe('https://idp.example/entity');
    expect(parsed).toMatchObject({ ssoUrl: 'https://idp.example/redirect', ssoBinding: 'redirect' });
    expect(parsed.certificates).toEqual([current, older]);
    expect(parsed.certificateExpiresAt.getTime()).toBeGreaterThan(Date.now() + 365 * 24 * 3600_000);
  });

  it('takes HTTP-POST when the IdP offers nothing else', () => {
    const parsed = parseIdpMetadata(metadata(`${key(current)}${service('POST', 'https://idp.example/post')}`));
    expect(parsed).toMatchObject({ ssoUrl: 'https://idp.example/post', ssoBinding: 'post' });
  });

  it('refuses what it cannot use, saying why', () => {
    const sso = service('Redirect', 'https://idp.example/sso');
    expect(reasonOf(() => parseIdpMetadata('not xml at all <'))).toBe('sso.saml.metadataErrors.notXml');
    expect(reasonOf(() => parseIdpMetadata(`<!DOCTYPE x [<!ENTITY a "b">]>${metadata(key(current) + sso)}`))).toBe(
      'sso.saml.metadataErrors.notXml',
    );
    expect(reasonOf(() => parseIdpMetadata('<x/>'))).toBe('sso.saml.metadataErrors.noIdp');
    expect(reasonOf(() => parseIdpMetadata(metadata(key(current))))).toBe('sso.saml.metadataErrors.noSsoService');
    expect(reasonOf(() => parseIdpMetadata(metadata(sso)))).toBe('sso.saml.metadataErrors.noCertificate');
    expect(reasonOf(() => parseIdpMetadata(metadata(key(current, 'encryption') + sso)))).toBe(
      'sso.saml.metadataErrors.noCertificate',
    );
    expect(reasonOf(() => parseIdpMetadata(metadata(key('bm90IGEgY2VydA==') + sso)))).toBe(
      'sso.saml.metadataErrors.badCertificate',
    );
    expect(reasonOf(() => parseIdpMetadata(metadata(key(expired) + sso)))).toBe(
      'sso.saml.metadataErrors.certificateExpired',
    );
    expect(reasonOf(() => parseIdpMetadata(metadata(key(current) + sso, '')))).toBe(
      'sso.saml.metadataErrors.noEntityId',
    );
    const two = `<md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata">${[1, 2]
      .map((n) => metadata(key(current) + sso, `https://idp${n}.example`).replace(/^<\?xml version="1.0"\?>/, ''))
      .join('')}</md:EntitiesDescriptor>`;
    expect(reasonOf(() => parseIdpMetadata(two))).toBe('sso.saml.metadataErrors.severalIdps');
  });
});

describe('the person in an assertion', () => {
  const base = { issuer: 'i', nameID: 'x', nameIDFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent' };

  it('takes the e-mail from an emailAddress NameID, else from the common attributes', () => {
    expect(
      identityOf({
        ...base,
        nameID: 'ana@acme.test',
        nameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      }).email,
    ).toBe('ana@acme.test');
    expect(identityOf({ ...base, email: 'a@acme.test' }).email).toBe('a@acme.test');
    expect(
      identityOf({ ...base, 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress': ['b@acme.test'] })
        .email,
    ).toBe('b@acme.test');
    expect(identityOf({ ...base, 'urn:oid:0.9.2342.19200300.100.1.3': 'c@acme.test' }).email).toBe('c@acme.test');
    // a persistent NameID is an opaque id, not an address
    expect(identityOf(base).email).toBeNull();
  });

  it('takes the display name, else the given name and surname', () => {
    expect(identityOf({ ...base, displayName: 'Ana Ruiz', givenName: 'A' }).name).toBe('Ana Ruiz');
    expect(
      identityOf({
        ...base,
        'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname': 'Ana',
        'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname': 'Ruiz',
      }).name,
    ).toBe('Ana Ruiz');
    expect(identityOf(base).name).toBeNull();
  });
});

describe('addresses', () => {
  it('builds the SP addresses under the base', () => {
    expect(spUrls('https://spar.example', 'Acme')).toEqual({
      entityId: 'https://spar.example/api/v1/auth/sso/saml/acme/metadata',
      metadataUrl: 'https://spar.example/api/v1/auth/sso/saml/acme/metadata',
      acsUrl: 'https://spar.example/api/v1/auth/sso/saml/acme/acs',
      loginUrl: 'https://spar.example/api/v1/auth/sso/saml/acme/login',
    });
  });

  it('keeps only a path of this site as returnTo', () => {
    expect(safeReturnPath('/scorecards?x=1')).toBe('/scorecards?x=1');
    for (const bad of ['https://evil.test/', '//evil.test', '/\\evil.test', 'scorecards', '/login', '/a\nb', null, ''])
      expect(safeReturnPath(bad)).toBeNull();
  });
});
