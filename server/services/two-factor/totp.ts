import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import { seal, unseal } from '../../security/sealed';

/** The purpose an authenticator secret is sealed under (server/security/sealed.ts). */
const SECRET_PURPOSE = 'two-factor-totp-secret';
/** Codes of the step before and after the server's clock are accepted too (phones drift). */
const TOLERANCE_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;

type KeyEnv = Pick<Env, 'ENCRYPTION_KEY'>;

/** The operator's ENCRYPTION_KEY, or TWO_FACTOR_NOT_CONFIGURED: secrets are never kept in the clear. */
export function encryptionKey(env: KeyEnv): string {
  if (!env.ENCRYPTION_KEY)
    throw new AppError('TWO_FACTOR_NOT_CONFIGURED', 'Two-factor sign-in needs ENCRYPTION_KEY on the server');
  return env.ENCRYPTION_KEY;
}

/** A new authenticator secret (Base32, 160 bits) and its sealed form for the database. */
export function newSecret(env: KeyEnv): { secret: string; sealed: string } {
  const key = encryptionKey(env);
  const secret = generateSecret();
  return { secret, sealed: seal(key, SECRET_PURPOSE, secret) };
}

export function openSecret(env: KeyEnv, sealed: string): string {
  const secret = unseal(encryptionKey(env), SECRET_PURPOSE, sealed);
  // another key than the one that sealed it: the operator changed ENCRYPTION_KEY
  if (!secret) throw new AppError('TWO_FACTOR_NOT_CONFIGURED', 'The authenticator secret cannot be opened');
  return secret;
}

/** What an authenticator app scans: the otpauth URI as a PNG data URL, made here so no image leaves for a third party. */
export async function enrolmentPicture(secret: string, label: string): Promise<{ secret: string; qrDataUrl: string }> {
  const uri = generateURI({ issuer: 'Spar', label, secret });
  return { secret, qrDataUrl: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
}

export const isTotpCode = (code: string) => /^\d{6}$/.test(code);

/**
 * The time step a six-digit code was accepted for, or null: outside the tolerated window, or of
 * a step at or before `afterTimeStep` (already used).
 */
export async function acceptedTimeStep(opts: {
  secret: string;
  code: string;
  afterTimeStep: number | null;
  now: Date;
}): Promise<number | null> {
  if (!isTotpCode(opts.code)) return null;
  const result = await verify({
    secret: opts.secret,
    token: opts.code,
    epoch: Math.floor(opts.now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(opts.afterTimeStep !== null ? { afterTimeStep: opts.afterTimeStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Recovery codes as shown: ten random Base32 characters (50 bits) in two groups (`k3f9a-q2m7x`). */
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    // 256 is a multiple of 32: every character is equally likely
    const s = [...randomBytes(10)].map((b) => RECOVERY_ALPHABET[b % 32]).join('');
    return `${s.slice(0, 5)}-${s.slice(5)}`;
  });
}

/** A recovery code as typed (any case, spaces or dashes) to the digest stored. */
export function recoveryCodeHash(code: string): string {
  const normal = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(normal).digest('hex');
}

/** A random token for a pending sign-in, and the SHA-256 it is stored under. */
export function newChallengeToken(): { token: string; id: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, id: challengeId(token) };
}

export const challengeId = (token: string) => createHash('sha256').update(token).digest('hex');

/** Binds a pending sign-in to the password that was checked, without storing a copy of its hash. */
export const passwordTag = (passwordHash: string) => createHash('sha256').update(passwordHash).digest('hex');
