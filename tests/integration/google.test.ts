import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../db/schema';
import { asSystem } from '../../db/tenant';
import type { CodeExchange } from '../../server/auth/google';
import { finishGoogleSignIn } from '../../server/services/auth/google';
import { sessionIdFromToken, validateSessionToken } from '../../server/auth/session';
import { AppError } from '../../server/errors';
import type { UserRow } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';

const database = useTestDatabase();
let user: UserRow;
const cookies = { state: 'state-123', verifier: 'verifier-abc' };

async function appErrorCode(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return (e as AppError).code;
  }
  throw new Error('expected a failure');
}

beforeAll(async () => {
  const tenant = await createTenant(database.db);
  user = await createTenantUser(database.db, tenant.id, { email: 'Grace.Hopper@Acme.test' });
});

describe('finishGoogleSignIn', () => {
  it('a state mismatch fails before the code is exchanged', async () => {
    const exchange = vi.fn<CodeExchange>();
    expect(
      await appErrorCode(
        finishGoogleSignIn({ db: database.db, params: { code: 'c', state: 'forged' }, cookies, exchange }),
      ),
    ).toBe('GOOGLE_FAILED');
    expect(
      await appErrorCode(
        finishGoogleSignIn({
          db: database.db,
          params: { code: 'c', state: 'state-123' },
          cookies: { state: 'state-123' },
          exchange,
        }),
      ),
    ).toBe('GOOGLE_FAILED');
    expect(
      await appErrorCode(
        finishGoogleSignIn({
          db: database.db,
          params: { code: 'c', state: 'x', error: 'access_denied' },
          cookies,
          exchange,
        }),
      ),
    ).toBe('GOOGLE_FAILED');
    expect(exchange).not.toHaveBeenCalled();
  });

  it('passes the code and the PKCE verifier from the cookie to the exchange', async () => {
    const exchange = vi.fn<CodeExchange>().mockResolvedValue({ email: 'grace.hopper@acme.test', email_verified: true });
    await finishGoogleSignIn({ db: database.db, params: { code: 'the-code', state: 'state-123' }, cookies, exchange });
    expect(exchange).toHaveBeenCalledExactlyOnceWith('the-code', 'verifier-abc');
  });

  it('a failing exchange is GOOGLE_FAILED', async () => {
    const exchange = vi.fn<CodeExchange>().mockRejectedValue(new Error('invalid_grant'));
    expect(
      await appErrorCode(
        finishGoogleSignIn({ db: database.db, params: { code: 'c', state: 'state-123' }, cookies, exchange }),
      ),
    ).toBe('GOOGLE_FAILED');
  });

  it('an unverified email is GOOGLE_FAILED, even for a known address', async () => {
    const exchange = vi
      .fn<CodeExchange>()
      .mockResolvedValue({ email: 'grace.hopper@acme.test', email_verified: false });
    expect(
      await appErrorCode(
        finishGoogleSignIn({ db: database.db, params: { code: 'c', state: 'state-123' }, cookies, exchange }),
      ),
    ).toBe('GOOGLE_FAILED');
    const exchange2 = vi
      .fn<CodeExchange>()
      .mockResolvedValue({ email: 'grace.hopper@acme.test', email_verified: 'true' });
    expect(
      await appErrorCode(
        finishGoogleSignIn({
          db: database.db,
          params: { code: 'c', state: 'state-123' },
          cookies,
          exchange: exchange2,
        }),
      ),
    ).toBe('GOOGLE_FAILED');
  });

  it('an unknown verified email is GOOGLE_NO_ACCOUNT and creates nothing', async () => {
    const before = await asSystem(database.db, { action: 'test' }, (tx) => tx.select().from(sessions));
    const exchange = vi.fn<CodeExchange>().mockResolvedValue({ email: 'stranger@acme.test', email_verified: true });
    expect(
      await appErrorCode(
        finishGoogleSignIn({ db: database.db, params: { code: 'c', state: 'state-123' }, cookies, exchange }),
      ),
    ).toBe('GOOGLE_NO_ACCOUNT');
    expect(await asSystem(database.db, { action: 'test' }, (tx) => tx.select().from(sessions))).toHaveLength(
      before.length,
    );
  });

  it('a known email in another case signs that user in with a session row', async () => {
    const exchange = vi.fn<CodeExchange>().mockResolvedValue({ email: 'GRACE.HOPPER@acme.TEST', email_verified: true });
    const out = await finishGoogleSignIn({
      db: database.db,
      params: { code: 'c', state: 'state-123' },
      cookies,
      exchange,
    });
    expect(out.userId).toBe(user.id);
    const [row] = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx
        .select()
        .from(sessions)
        .where(eq(sessions.id, sessionIdFromToken(out.token))),
    );
    expect(row.userId).toBe(user.id);
    expect((await validateSessionToken(database.db, out.token))?.user.email).toBe('Grace.Hopper@Acme.test');
  });
});
