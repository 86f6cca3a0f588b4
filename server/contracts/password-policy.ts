import { z } from 'zod';

/** Password policy as the identity service publishes it; only schema version 1 is understood. */
export const passwordPolicySchema = z
  .object({
    schemaVersion: z.literal(1, { error: 'password policy schemaVersion must be 1' }),
    minLength: z.number().int().min(1).max(128).default(6),
    maxLength: z.number().int().min(1).max(1024).optional(),
    requireLowercase: z.boolean().default(false),
    requireUppercase: z.boolean().default(false),
    requireNumeric: z.boolean().default(false),
    requireNonAlphanumeric: z.boolean().default(false),
    allowedNonAlphanumericCharacters: z.string().optional(),
    enforcementState: z.enum(['ENFORCE', 'OFF']).default('ENFORCE'),
  })
  .refine((p) => p.maxLength === undefined || p.maxLength >= p.minLength, {
    message: 'password policy maxLength must be at least minLength',
  });
export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;

export type PasswordRule =
  'minLength' | 'maxLength' | 'lowercase' | 'uppercase' | 'numeric' | 'nonAlphanumeric' | 'disallowedCharacter';

export const DEFAULT_SPECIALS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-';

/** The rules a password breaks; empty when it satisfies the policy. Pure: the client uses it too. */
export function checkPassword(password: string, policy: PasswordPolicy): PasswordRule[] {
  if (policy.enforcementState === 'OFF') return password.length === 0 ? ['minLength'] : [];
  const broken: PasswordRule[] = [];
  const chars = [...password];
  if (chars.length < policy.minLength) broken.push('minLength');
  if (policy.maxLength !== undefined && chars.length > policy.maxLength) broken.push('maxLength');
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) broken.push('lowercase');
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) broken.push('uppercase');
  if (policy.requireNumeric && !/\p{Nd}/u.test(password)) broken.push('numeric');
  const specials = policy.allowedNonAlphanumericCharacters ?? DEFAULT_SPECIALS;
  const nonAlnum = chars.filter((c) => !/[\p{L}\p{Nd}]/u.test(c));
  if (policy.requireNonAlphanumeric && !nonAlnum.some((c) => specials.includes(c))) broken.push('nonAlphanumeric');
  if (policy.allowedNonAlphanumericCharacters !== undefined && nonAlnum.some((c) => !specials.includes(c))) {
    broken.push('disallowedCharacter');
  }
  return broken;
}

/** A password that satisfies the policy, for generated credentials (CSV import, demo seed). */
export function generatePassword(policy: PasswordPolicy, randomBytes: (n: number) => Uint8Array): string {
  const lower = 'abcdefghijkmnopqrstuvwxyz';
  const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const specials = (policy.allowedNonAlphanumericCharacters ?? '!#%+=?@').replace(/[\s]/g, '') || '!';
  const length = Math.max(policy.minLength, 14, policy.maxLength !== undefined ? Math.min(14, policy.maxLength) : 14);
  const target = policy.maxLength !== undefined ? Math.min(length, policy.maxLength) : length;
  const pools = [lower, upper, digits, specials];
  const bytes = randomBytes(target * 2);
  const out: string[] = [];
  for (let i = 0; i < target; i++) {
    const pool = i < pools.length ? pools[i] : lower + upper + digits;
    out.push(pool[bytes[i] % pool.length]);
  }
  // shuffle so the required classes are not always first
  for (let i = out.length - 1; i > 0; i--) {
    const j = bytes[target + i] % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out.join('');
}
