import { z } from 'zod';
import { hasUnstorableText, text, TEXT_MESSAGES } from './text';

// Messages are i18n keys of locales/<lng>/sso.json; the client translates.

/**
 * Why a SAML sign-in came back without a session: the sign-in page reads `sso_error=<code>`.
 * `unsigned`: no signature on the assertion; `signature`: signed, but not by the IdP's
 * certificate; `state`: the answer came to a browser that did not start the sign-in.
 */
export const SSO_ERROR_CODES = [
  'unsigned',
  'signature',
  'state',
  'replayed',
  'audience',
  'expired',
  'not_verified',
  'other_tenant',
  'deactivated',
  'failed',
] as const;
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[number];

/** An IdP's metadata is a few kilobytes; this is far past any single IdP's and keeps a paste sane. */
const SAML_METADATA_MAX_CHARS = 512 * 1024;

const metadataXml = z
  .string('sso.saml.validation.metadataRequired')
  .max(SAML_METADATA_MAX_CHARS, 'sso.saml.validation.metadataTooLarge')
  .refine((s) => !hasUnstorableText(s), { error: TEXT_MESSAGES.unstorable, abort: true })
  .refine((s) => s.trim().length > 0, 'sso.saml.validation.metadataRequired');
const metadataUrl = text().max(2000, 'sso.saml.validation.urlTooLong').pipe(z.url('sso.saml.validation.urlInvalid'));

/**
 * The tenant's SAML connection. Give `metadataXml` (an upload or a paste) or `metadataUrl`
 * (fetched now, and again on refresh), or neither to change only `enabled`.
 */
export const updateSamlInput = z
  .object({
    enabled: z.boolean(),
    metadataXml: metadataXml.optional(),
    metadataUrl: metadataUrl.optional(),
  })
  .refine((v) => !(v.metadataXml !== undefined && v.metadataUrl !== undefined), {
    error: 'sso.saml.validation.xmlOrUrl',
    path: ['metadataUrl'],
  });
export type UpdateSamlInput = z.infer<typeof updateSamlInput>;

export const samlSettingsOutput = z.object({
  enabled: z.boolean(),
  /** Where the metadata was last fetched from; null when it was uploaded. */
  metadataUrl: z.string().nullable(),
  /** What Spar understood from the stored metadata (null: none stored). */
  idp: z
    .object({
      entityId: z.string(),
      ssoUrl: z.string(),
      /** ISO 8601. */
      certificateExpiresAt: z.string(),
    })
    .nullable(),
  /** What the admin copies into the IdP. */
  sp: z.object({ entityId: z.string(), acsUrl: z.string(), metadataUrl: z.string() }),
});
export type SamlSettings = z.infer<typeof samlSettingsOutput>;

/**
 * A path on this site to go to after signing in, or null: one leading slash (never `//` or `/\`,
 * which browsers read as another host), no control characters, not the sign-in page itself.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000 || !raw.startsWith('/') || /^\/[/\\]/.test(raw)) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001F\u007F\\]/.test(raw)) return null;
  if (raw === '/login' || raw.startsWith('/login?') || raw.startsWith('/login/')) return null;
  return raw;
}
