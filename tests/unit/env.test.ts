import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../server/env';

function envError(source: Record<string, string>): string {
  try {
    loadEnv(source);
  } catch (e) {
    expect(e).toBeInstanceOf(EnvError);
    return (e as Error).message;
  }
  throw new Error('expected loadEnv to throw');
}

describe('loadEnv', () => {
  it('applies documented defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATA_DIR: './data',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: 5,
      isProduction: false,
      seedDemo: true,
      internalEmailDomains: ['spar.internal'],
    });
    expect(env.DATABASE_URL).toBeUndefined();
    // unset: every interface for `npm start`, loopback for `npm run dev` (server/app.ts)
    expect(env.HOST).toBeUndefined();
    // development conveniences are off unless asked for
    expect(env).toMatchObject({ devTokenEnabled: false, debugEndpointsEnabled: false });
    expect(env.passwordPolicy).toEqual({
      schemaVersion: 1,
      minLength: 6,
      requireLowercase: false,
      requireUppercase: false,
      requireNumeric: false,
      requireNonAlphanumeric: false,
      enforcementState: 'ENFORCE',
    });
  });

  it('production does not seed the demo unless asked', () => {
    expect(loadEnv({ NODE_ENV: 'production' })).toMatchObject({ isProduction: true, seedDemo: false });
    expect(loadEnv({ NODE_ENV: 'production', SEED_DEMO: 'yes' }).seedDemo).toBe(true);
    expect(loadEnv({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('coerces numbers and lists', () => {
    const env = loadEnv({
      PORT: '8080',
      INTERNAL_EMAIL_DOMAINS: ' Spar.io, ,example.COM ',
      SUPPORT_EMAIL: '',
      DATABASE_URL: '',
    });
    expect(env.PORT).toBe(8080);
    expect(env.internalEmailDomains).toEqual(['spar.io', 'example.com']);
    expect(env.SUPPORT_EMAIL).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each([['abc'], ['70000'], ['-1'], ['3.5']])('rejects PORT=%s with a line naming PORT', (port) => {
    const msg = envError({ PORT: port });
    expect(msg).toMatch(/^Invalid configuration:\n {2}- PORT: /);
  });

  it('evaluates a call once by default; EVALUATION_SAMPLES takes 1 to 9', () => {
    expect(loadEnv({}).EVALUATION_SAMPLES).toBe(1);
    expect(loadEnv({ EVALUATION_SAMPLES: '3' }).EVALUATION_SAMPLES).toBe(3);
    for (const bad of ['0', '10', '2.5', 'three'])
      expect(envError({ EVALUATION_SAMPLES: bad })).toMatch(/- EVALUATION_SAMPLES: /);
  });

  it('lists every problem, one per line', () => {
    const msg = envError({ PORT: 'x', NODE_ENV: 'staging', SUPPORT_EMAIL: 'not-an-email' });
    expect(
      msg
        .split('\n')
        .slice(1)
        .map((l) => l.split(':')[0].trim()),
    ).toEqual(expect.arrayContaining(['- PORT', '- NODE_ENV', '- SUPPORT_EMAIL']));
  });

  it('rejects a PASSWORD_POLICY of schemaVersion 2 with a readable message', () => {
    const msg = envError({ PASSWORD_POLICY: JSON.stringify({ schemaVersion: 2, minLength: 8 }) });
    expect(msg).toBe(
      'Invalid configuration:\n  - PASSWORD_POLICY.schemaVersion: password policy schemaVersion must be 1',
    );
  });

  it('rejects PASSWORD_POLICY that is not JSON, or inconsistent', () => {
    expect(envError({ PASSWORD_POLICY: '{schemaVersion: 1' })).toContain('PASSWORD_POLICY: not valid JSON');
    expect(envError({ PASSWORD_POLICY: JSON.stringify({ schemaVersion: 1, minLength: 10, maxLength: 8 }) })).toContain(
      'maxLength must be at least minLength',
    );
  });

  it('parses a valid PASSWORD_POLICY', () => {
    const env = loadEnv({
      PASSWORD_POLICY: JSON.stringify({
        schemaVersion: 1,
        minLength: 12,
        requireUppercase: true,
        allowedNonAlphanumericCharacters: '-_',
      }),
    });
    expect(env.passwordPolicy).toMatchObject({
      minLength: 12,
      requireUppercase: true,
      requireNumeric: false,
      allowedNonAlphanumericCharacters: '-_',
    });
  });

  it('requires GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together', () => {
    expect(envError({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' })).toContain(
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    );
    expect(envError({ GOOGLE_CLIENT_SECRET: 'secret' })).toContain('must be set together');
    expect(loadEnv({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' })).toMatchObject({
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(loadEnv({ GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '' }).GOOGLE_CLIENT_ID).toBeUndefined();
  });
});
