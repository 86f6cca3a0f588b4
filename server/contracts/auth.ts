import { z } from 'zod';
import { LANGUAGES } from './languages';
import { rawText, text } from './text';

// Messages are i18n keys (locales/<lng>/common.json); the client translates them.
export const loginInput = z.object({
  email: text().min(1, 'auth.login.emailRequired').max(320).pipe(z.email('auth.login.emailInvalid')),
  password: rawText('auth.login.passwordRequired').min(1, 'auth.login.passwordRequired').max(1024),
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
  password: rawText('auth.setPassword.passwordRequired').min(1, 'auth.setPassword.passwordRequired').max(1024),
});
