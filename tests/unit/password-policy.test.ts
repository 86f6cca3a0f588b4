import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkPassword, generatePassword } from '../../server/contracts/password-policy';
import { passwordPolicySchema, type PasswordPolicy } from '../../server/contracts/password-policy';

const policy = (p: Partial<PasswordPolicy> = {}): PasswordPolicy =>
  passwordPolicySchema.parse({ schemaVersion: 1, ...p });

describe('checkPassword', () => {
  it('the default policy needs 6 characters and nothing else', () => {
    expect(checkPassword('abcdef', policy())).toEqual([]);
    expect(checkPassword('abcde', policy())).toEqual(['minLength']);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(checkPassword('😀😀😀', policy({ minLength: 4 }))).toEqual(['minLength']);
    expect(checkPassword('😀😀😀😀', policy({ minLength: 4 }))).toEqual([]);
  });

  it('maxLength', () => {
    expect(checkPassword('abcdefghi', policy({ maxLength: 8 }))).toEqual(['maxLength']);
    expect(checkPassword('abcdefgh', policy({ maxLength: 8 }))).toEqual([]);
  });

  it('lowercase, uppercase, numeric (Unicode-aware)', () => {
    expect(checkPassword('ABCDEF', policy({ requireLowercase: true }))).toEqual(['lowercase']);
    expect(checkPassword('ABCDEé', policy({ requireLowercase: true }))).toEqual([]);
    expect(checkPassword('abcdef', policy({ requireUppercase: true }))).toEqual(['uppercase']);
    expect(checkPassword('Ábcdef', policy({ requireUppercase: true }))).toEqual([]);
    expect(checkPassword('abcdef', policy({ requireNumeric: true }))).toEqual(['numeric']);
    expect(checkPassword('abcde7', policy({ requireNumeric: true }))).toEqual([]);
  });

  it('nonAlphanumeric uses the default specials', () => {
    const p = policy({ requireNonAlphanumeric: true });
    expect(checkPassword('abcdef', p)).toEqual(['nonAlphanumeric']);
    expect(checkPassword('abc de', p)).toEqual(['nonAlphanumeric']); // a space is not in the list
    expect(checkPassword('abc!de', p)).toEqual([]);
  });

  it('allowedNonAlphanumericCharacters restricts the specials', () => {
    const p = policy({ requireNonAlphanumeric: true, allowedNonAlphanumericCharacters: '-_' });
    expect(checkPassword('abc-de', p)).toEqual([]);
    expect(checkPassword('abc!de', p)).toEqual(['nonAlphanumeric', 'disallowedCharacter']);
    expect(checkPassword('abc-d!', p)).toEqual(['disallowedCharacter']);
  });

  it('reports every broken rule at once', () => {
    const p = policy({ minLength: 10, requireUppercase: true, requireNumeric: true, requireNonAlphanumeric: true });
    expect(checkPassword('short', p)).toEqual(['minLength', 'uppercase', 'numeric', 'nonAlphanumeric']);
  });

  it('enforcementState OFF accepts anything but an empty password', () => {
    const p = policy({ minLength: 20, requireUppercase: true, enforcementState: 'OFF' });
    expect(checkPassword('a', p)).toEqual([]);
    expect(checkPassword('', p)).toEqual(['minLength']);
  });
});

describe('generatePassword', () => {
  const policies: PasswordPolicy[] = [
    policy(),
    policy({
      minLength: 8,
      requireLowercase: true,
      requireUppercase: true,
      requireNumeric: true,
      requireNonAlphanumeric: true,
    }),
    policy({ minLength: 24, requireUppercase: true, requireNumeric: true }),
    policy({ minLength: 6, maxLength: 10, requireNonAlphanumeric: true, requireNumeric: true }),
    policy({ minLength: 12, requireNonAlphanumeric: true, allowedNonAlphanumericCharacters: '-_' }),
  ];

  it.each(policies.map((p, i) => [i, p] as const))('satisfies policy #%i every time', (_i, p) => {
    for (let n = 0; n < 200; n++) {
      const pw = generatePassword(p, (k) => randomBytes(k));
      expect(checkPassword(pw, p)).toEqual([]);
    }
  });

  it('is at least 14 characters, the policy minimum, and within maxLength', () => {
    const rnd = (k: number) => randomBytes(k);
    expect(generatePassword(policy(), rnd)).toHaveLength(14);
    expect(generatePassword(policy({ minLength: 24 }), rnd)).toHaveLength(24);
    expect(generatePassword(policy({ maxLength: 10 }), rnd)).toHaveLength(10);
  });

  it('uses the randomness it is given', () => {
    const a = generatePassword(policy(), (k) => new Uint8Array(k).fill(1));
    const b = generatePassword(policy(), (k) => new Uint8Array(k).fill(1));
    const c = generatePassword(policy(), (k) => randomBytes(k));
    expect(a).toBe(b);
    expect(new Set([a, c, generatePassword(policy(), (k) => randomBytes(k))]).size).toBe(3);
  });
});
