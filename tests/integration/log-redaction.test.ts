import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { asSystem } from '../../db/tenant';
import { enqueue, getJob } from '../../server/jobs/queue';
import { createWorker } from '../../server/jobs/worker';
import { createLogger, safeErrorMessage } from '../../server/logger';
import { useTestDatabase } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';

/*
 * Logs and stored job errors carry no personal data or secrets: a failed insert's parameter values
 * (an e-mail, a key) are in the error the driver throws, and nowhere in what is written about it.
 */

const EMAIL = 'candidate.private@redact.test';
const KEY = 'sealed-partner-key-9f8e7d6c5b4a';
const database = useTestDatabase();
let tenantId: string;

beforeAll(async () => {
  tenantId = (await createTenant(database.db, { name: 'Redact Co' })).id;
  await createTenantUser(database.db, tenantId, { email: EMAIL, username: 'private', userType: 'user' });
});

/** An insert that fails on the unique e-mail, carrying the e-mail and a key among its parameters. */
const failingInsert = () =>
  asSystem(database.db, { action: 'test' }, (tx) =>
    tx.insert(users).values({ tenantId, email: EMAIL, username: 'private2', userType: 'user', passwordHash: KEY }),
  );

describe('database errors in logs', () => {
  it('are logged with code and constraint, never the statement’s values', async () => {
    const error = await failingInsert().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    // the values really are in the error as the driver throws it: the test below can fail
    const raw = JSON.stringify(error, Object.getOwnPropertyNames(error)) + String((error as Error).message);
    expect(raw).toContain(EMAIL);
    expect(raw).toContain(KEY);

    const out: string[] = [];
    const log = createLogger({
      level: 'debug',
      destination: new Writable({
        write(chunk: Buffer, _enc, done) {
          out.push(chunk.toString());
          done();
        },
      }),
    });
    log.error({ err: error }, 'insert failed');
    log.warn({ error }, 'insert failed (as `error`)');
    log.info({ message: safeErrorMessage(error) }, 'as a message');
    const text = out.join('');
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('candidate.private');
    // what failed is still said
    expect(text).toContain('23505');
    expect(text).toContain('users_email_uq');
    expect(text).toContain('insert into');
  });

  it('a job failing on such an insert stores and logs its error without the values', async () => {
    const id = await enqueue(database.db, { queue: 'mail', tenantId: null, payload: {}, dedupeKey: 'redact' });
    const worker = createWorker({
      db: database.db,
      orphans: 'none',
      handlers: {
        mail: {
          run: async () => {
            await failingInsert();
          },
        },
      },
    });
    expect(await worker.runOnce()).toBe(true);
    const job = await getJob(database.db, id);
    expect(job?.status).toBe('failed');
    expect(job?.lastError).toContain('23505');
    expect(job?.lastError).not.toContain(EMAIL);
    expect(job?.lastError).not.toContain(KEY);
  });
});
