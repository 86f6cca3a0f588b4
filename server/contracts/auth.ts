import { z } from 'zod';
import { LANGUAGES } from './languages';
import { requiredPassword, text } from './text';
import { EMAIL_MAX } from './user-fields';

// Messages are i18n keys (locales/<lng>/common.json); the client translates them.
export const loginInput = z.object({
  email: text().min(1, 'auth.login.emailRequired').max(EMAIL_MAX).pipe(z.email('auth.login.emailInvalid')),
  password: requiredPassword('auth.login.passwordRequired'),
});

export const languageSchema = z.enum(LANGUAGES);

const clientInfoSchema = z.object({
  client_name: z.string(),
  client_default_language: languageSchema,
  client_schema: z.string(),
});

export const meOutput = z
  .object({
    user: z.object({
      user_id: z.string(),
      email: z.string(),
      username: z.string(),
      name: z.string().nullable(),
      photoUrl: z.string().nullable(),
      user_type: z.string(),
      user_language: languageSchema.nullable(),
      role: z.enum(['superuser', 'admin', 'sales_manager', 'sales_rep', 'demo_sales_manager']).nullable(),
    }),
    client_info: clientInfoSchema,
    home: z.string(),
    /** Whether the Meetings link applies (internal client or internal email domain). */
    internal: z.boolean(),
  })
  .nullable();

const signedInOutput = z.object({ home: z.string() });

/**
 * A right password signs in (`home`), or, for an account with two-factor sign-in (or an admin who
 * must set it up first), starts a pending sign-in: `challenge` goes back with the code.
 */
export const loginOutput = z.union([
  signedInOutput,
  z.object({ twoFactor: z.enum(['verify', 'enrol']), challenge: z.string() }),
]);

/** A pending two-factor sign-in's token (server/services/two-factor/sign-in.ts); any other text is an expired one. */
const challengeToken = z.string().max(64);
/** A six-digit code from an authenticator app, or a recovery code (`k3f9a-q2m7x`). */
export const twoFactorCode = text()
  .min(1, 'two-factor.codeRequired')
  .max(32, 'two-factor.codeInvalid')
  .regex(/^(\d{6}|[a-z2-7]{5}[\s-]?[a-z2-7]{5})$/i, 'two-factor.codeInvalid');
/** Only the authenticator's six digits (setting it up proves the app has the secret). */
export const totpCode = text()
  .min(1, 'two-factor.codeRequired')
  .regex(/^\d{6}$/, 'two-factor.codeSixDigits');

export const verifyTwoFactorInput = z.object({ challenge: challengeToken, code: twoFactorCode });
export const twoFactorChallengeInput = z.object({ challenge: challengeToken });
export const confirmTwoFactorEnrolmentInput = z.object({ challenge: challengeToken, code: totpCode });
export const verifyTwoFactorOutput = signedInOutput;

/** What an authenticator app needs: the QR code (a PNG data URL) and the same secret to type in. */
export const twoFactorEnrolmentOutput = z.object({ secret: z.string(), qrDataUrl: z.string() });
/** Ten recovery codes, shown once. */
export const recoveryCodesOutput = z.object({ recoveryCodes: z.array(z.string()) });
export const confirmTwoFactorEnrolmentOutput = signedInOutput.extend(recoveryCodesOutput.shape);

/** A one-time "choose your password" link's token (server/auth/password-links.ts); any other text is an invalid link. */
const passwordLinkToken = z.string().max(64);
export const passwordLinkInput = z.object({ token: passwordLinkToken });
export const setPasswordWithLinkInput = z.object({
  token: passwordLinkToken,
  password: requiredPassword('auth.setPassword.passwordRequired'),
});
