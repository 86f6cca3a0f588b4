import { z } from 'zod';
import { languageSchema } from './auth';
import { requiredPassword, text } from './text';
import { DISPLAY_NAME_MAX, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from './user-fields';

export const updateProfileInput = z.object({
  displayName: text().max(DISPLAY_NAME_MAX, 'profile.displayNameTooLong').nullable().optional(),
  username: text()
    .min(USERNAME_MIN, 'profile.usernameTooShort')
    .max(USERNAME_MAX, 'profile.usernameTooLong')
    .regex(USERNAME_PATTERN, 'profile.usernameInvalid')
    .optional(),
});

export const setLanguageInput = z.object({ user_language: languageSchema });

export const changePasswordInput = z.object({
  currentPassword: requiredPassword('profile.currentPasswordRequired'),
  newPassword: requiredPassword('profile.newPasswordRequired'),
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
