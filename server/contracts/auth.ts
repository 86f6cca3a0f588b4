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

export const loginOutput = z.object({ home: z.string() });

/** A one-time "choose your password" link's token (server/auth/password-links.ts); any other text is an invalid link. */
const passwordLinkToken = z.string().max(64);
export const passwordLinkInput = z.object({ token: passwordLinkToken });
export const setPasswordWithLinkInput = z.object({
  token: passwordLinkToken,
  password: requiredPassword('auth.setPassword.passwordRequired'),
});
