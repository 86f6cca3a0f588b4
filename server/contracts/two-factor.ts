import { z } from 'zod';
import { totpCode, twoFactorCode } from './auth';

/** The profile's "Two-factor sign-in" section. */
export const twoFactorStatusOutput = z.object({
  /** A password account: the section applies (single sign-on accounts have none here). */
  available: z.boolean(),
  /** The server has ENCRYPTION_KEY: a factor can be set up. */
  configured: z.boolean(),
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The tenant requires it of admins and this user is one: it cannot be turned off. */
  required: z.boolean(),
});

/** Confirms a new authenticator with its first code. */
export const confirmTwoFactorInput = z.object({ code: totpCode });
/** A current code (or an unused recovery code) for turning it off or for new recovery codes. */
export const twoFactorCodeInput = z.object({ code: twoFactorCode });

/** Admin → Security: "Require two-factor sign-in for admins". */
export const twoFactorPolicyOutput = z.object({
  requireAdminTwoFactor: z.boolean(),
  /** Active admins with a password who have not set up two-factor sign-in yet. */
  adminsWithoutTwoFactor: z.number().int(),
});
export const setTwoFactorPolicyInput = z.object({ requireAdminTwoFactor: z.boolean() });
