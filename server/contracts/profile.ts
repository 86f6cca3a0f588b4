import { z } from 'zod';
import { languageSchema } from './auth';
import { rawText, text } from './text';

export const updateProfileInput = z.object({
  displayName: text().max(120, 'profile.displayNameTooLong').nullable().optional(),
  username: text()
    .min(2, 'profile.usernameTooShort')
    .max(60, 'profile.usernameTooLong')
    .regex(/^[\p{L}\p{N}._-]+$/u, 'profile.usernameInvalid')
    .optional(),
});

export const setLanguageInput = z.object({ user_language: languageSchema });

export const changePasswordInput = z.object({
  currentPassword: rawText('profile.currentPasswordRequired').min(1, 'profile.currentPasswordRequired').max(1024),
  newPassword: rawText('profile.newPasswordRequired').min(1, 'profile.newPasswordRequired').max(1024),
});

export const profileOutput = z.object({
  user_id: z.string(),
  username: z.string(),
  email: z.string(),
  display_name: z.string().nullable(),
  user_type: z.string(),
  user_language: languageSchema.nullable(),
  photo_url: z.string().nullable(),
  role: z.string().nullable(),
});

/** The account as the REST API shows it (GET and PUT /api/v1/auth/me). */
export const accountOutput = profileOutput.pick({
  user_id: true,
  username: true,
  user_type: true,
  user_language: true,
});
