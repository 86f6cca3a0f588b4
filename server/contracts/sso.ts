import { z } from 'zod';
import { MANAGED_USER_TYPES } from './enums';
import { text } from './text';

/**
 * Single sign-on: a tenant's OpenID Connect provider, the e-mail domains that lead to it, and the
 * policy (password sign-in refused, the user type of accounts made on first sign-in). Messages
 * are keys of locales/<lng>/identity.json.
 */

/** Where the sign-in page is sent back with `?sso_error=<reason>` when single sign-on fails. */
export type SsoErrorReason =
  | 'failed'
  | 'state'
  | 'nonce'
  | 'expired'
  | 'signature'
  | 'audience'
  | 'unsigned'
  | 'replayed'
  | 'not_verified'
  | 'other_tenant'
  | 'deactivated'
  | 'not_configured'
  | 'denied';

const domainName = text('identity.validation.domainInvalid')
  .toLowerCase()
  .max(253, 'identity.validation.domainInvalid')
  .regex(/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'identity.validation.domainInvalid');

export const ssoStartInput = z.object({
  email: text('identity.validation.emailInvalid').max(254).pipe(z.email('identity.validation.emailInvalid')),
  returnTo: text().max(500).optional(),
});

export const updateOidcInput = z.object({
  issuer: text('identity.validation.issuerInvalid')
    .max(500, 'identity.validation.issuerInvalid')
    .pipe(z.url('identity.validation.issuerInvalid')),
  oidcClientId: text('identity.validation.clientIdRequired').min(1, 'identity.validation.clientIdRequired').max(300),
  /** Empty keeps the stored secret. */
  clientSecret: text().max(1000).optional(),
  enabled: z.boolean(),
});

export const ssoPolicyInput = z.object({
  requireSso: z.boolean(),
  ssoUserType: z.enum(
    MANAGED_USER_TYPES.filter((t) => t !== 'admin') as [string, ...string[]],
    'identity.validation.userTypeInvalid',
  ),
});

export const addDomainInput = z.object({ domain: domainName });
export const domainIdInput = z.object({ id: z.uuid() });

export const ssoSettingsOutput = z.object({
  /** Where the provider must send people back (register it with the provider). */
  redirectUri: z.string(),
  /** ENCRYPTION_KEY is set: a client secret can be kept. */
  canKeepSecrets: z.boolean(),
  oidc: z.object({
    enabled: z.boolean(),
    issuer: z.string().nullable(),
    clientId: z.string().nullable(),
    hasSecret: z.boolean(),
  }),
  domains: z.array(
    z.object({
      id: z.string(),
      domain: z.string(),
      verified: z.boolean(),
      /** The TXT record that proves the domain: name and value. */
      record: z.object({ name: z.string(), value: z.string() }),
    }),
  ),
  requireSso: z.boolean(),
  ssoUserType: z.string(),
});
export type SsoSettings = z.infer<typeof ssoSettingsOutput>;
