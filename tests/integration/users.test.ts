import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, users } from '../../db/schema';
import { verifyPassword } from '../../server/auth/password';
import type { AppDeps } from '../../server/deps';
import { createWorker } from '../../server/jobs/worker';
import { usersImportHandler } from '../../server/services/users/import-jobs';
import { validateSessionToken } from '../../server/auth/session';
import { describeTrpcError, rejection, signIn, signedInCaller, testDeps, type UserRow } from '../helpers/app';
import { useTestDatabase, systemRunner } from '../helpers/db';
import { createTenant, createTenantUser, createTenantUsers, TEST_PASSWORD } from '../helpers/factories';

const run = promisify(execFile);
const HEADER = 'email,display_name,user_type,username,password,manager_email';

const database = useTestDatabase();
let deps: AppDeps;
let tenantA: string;
let tenantB: string;
let adminA: UserRow;
let managerA: UserRow;
let repA: UserRow;
let userB: UserRow;
let superuser: UserRow;

const sys = systemRunner(database);
const userByEmail = async (email: string) =>
  (
    await sys((tx) =>
      tx
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase())),
    )
  )[0];
const countIn = async (tenantId: string) =>
  (await sys((tx) => tx.select({ id: users.id }).from(users).where(eq(users.tenantId, tenantId)))).length;

/** The import lane's worker, as the server runs it (server/wiring.ts). */
const runImportJobs = async () => {
  const worker = createWorker({
    db: database.db,
    handlers: { users_import: usersImportHandler({ policy: deps.env.passwordPolicy }) },
    orphans: 'none',
  });
  while (await worker.runOnce());
};

async function runImport(caller: ReturnType<typeof signedInCaller>, csv: string, clientId?: string) {
  const { id } = await caller.users.bulkImport.start({ csv, clientId });
  await runImportJobs();
  return caller.users.bulkImport.status({ id, clientId });
}

beforeAll(async () => {
  // a stricter policy than the default, so "violates the policy" is testable
  deps = await testDeps(database, {
    PASSWORD_POLICY: JSON.stringify({ schemaVersion: 1, minLength: 8, requireUppercase: true, requireNumeric: true }),
  });
  const a = await createTenant(database.db, { name: 'Acme' });
  const b = await createTenant(database.db, { name: 'Beta' });
  const internal = await createTenant(database.db, { name: 'Internal', type: 'internal' });
  tenantA = a.id;
  tenantB = b.id;
  ({ adminA, managerA } = await createTenantUsers(database.db, a.id, {
    adminA: { email: 'admin@acme.test', username: 'admin', userType: 'admin', displayName: 'Ada Admin' },
    managerA: { email: 'manager@acme.test', username: 'morgan', userType: 'manager', displayName: 'Morgan' },
  }));
  repA = await createTenantUser(database.db, a.id, {
    email: 'rep@acme.test',
    username: 'riley',
    userType: 'sales_rep',
    managerId: managerA.id,
    passwordHash: 'secret-hash-value',
  });
  userB = await createTenantUser(database.db, b.id, {
    email: 'bob@beta.test',
    username: 'bob',
    userType: 'sales_rep',
    displayName: 'Bob Beta',
  });
  superuser = await createTenantUser(database.db, internal.id, {
    email: 'root@internal.test',
    username: 'root',
    userType: 'superuser',
  });
});

describe('users.list / managers', () => {
  it('lists the tenant users with role and manager, never a hash or another tenant', async () => {
    const list = await signedInCaller(deps, adminA).users.list({});
    expect(list.map((u) => u.email)).toEqual(['admin@acme.test', 'manager@acme.test', 'rep@acme.test']);
    const rep = list.find((u) => u.email === 'rep@acme.test')!;
    expect(rep).toMatchObject({
      userType: 'sales_rep',
      role: 'sales_rep',
      manager: { id: managerA.id, name: 'Morgan' },
    });
    const text = JSON.stringify(list);
    expect(text).not.toContain('secret-hash-value');
    expect(text).not.toMatch(/passwordHash|password_hash/);
    expect(text).not.toContain(tenantA);
  });

  it('managers: admins and managers of the tenant; a sales_manager may read it, a rep may not', async () => {
    const facilitator = await createTenantUser(database.db, tenantA, {
      email: 'fac@acme.test',
      username: 'fac',
      userType: 'facilitator',
    });
    const managers = await signedInCaller(deps, managerA).users.managers({});
    expect(managers.map((m) => m.email).sort()).toEqual(['admin@acme.test', 'fac@acme.test', 'manager@acme.test']);
    const e = describeTrpcError(await rejection(signedInCaller(deps, repA).users.managers({})));
    expect(e.appCode).toBe('FORBIDDEN');
    await sys((tx) => tx.delete(users).where(eq(users.id, facilitator.id)));
  });
});

describe('users.create / update / delete', () => {
  it('creates with a generated password returned once and stores only its hash', async () => {
    const admin = signedInCaller(deps, adminA);
    const res = await admin.users.create({
      email: '  New.Person@Acme.test ',
      username: 'newperson',
      userType: 'sales_rep',
      managerId: managerA.id,
      language: 'es',
    });
    expect(res.generatedPassword).toMatch(/^.{14,}$/);
    expect(res.user).toMatchObject({
      email: 'new.person@acme.test',
      username: 'newperson',
      role: 'sales_rep',
      manager: { id: managerA.id },
      language: 'es',
    });
    const row = await userByEmail('new.person@acme.test');
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.passwordHash!, res.generatedPassword!)).toBe(true);
    // a given password is not echoed
    const given = await admin.users.create({
      email: 'given@acme.test',
      username: 'given',
      userType: 'user',
      password: TEST_PASSWORD,
    });
    expect(given.generatedPassword).toBeNull();
    expect(await verifyPassword((await userByEmail('given@acme.test')).passwordHash!, TEST_PASSWORD)).toBe(true);
  });

  it('CONFLICT on a duplicate email (any case, any tenant) and username, naming the field', async () => {
    const admin = signedInCaller(deps, adminA);
    const same = describeTrpcError(
      await rejection(admin.users.create({ email: 'REP@acme.test', username: 'other1', userType: 'user' })),
    );
    expect(same).toMatchObject({ trpcCode: 'CONFLICT', appCode: 'CONFLICT', details: { field: 'email' } });
    // bob@beta.test is invisible to tenant A (RLS) but emails are unique everywhere
    const foreign = describeTrpcError(
      await rejection(admin.users.create({ email: 'Bob@Beta.test', username: 'other2', userType: 'user' })),
    );
    expect(foreign).toMatchObject({ appCode: 'CONFLICT', details: { field: 'email' } });
    const name = describeTrpcError(
      await rejection(admin.users.create({ email: 'fresh@acme.test', username: 'RILEY', userType: 'user' })),
    );
    expect(name).toMatchObject({ appCode: 'CONFLICT', details: { field: 'username' } });
    expect(await userByEmail('fresh@acme.test')).toBeUndefined();
  });

  it('rejects a password that breaks the policy, naming the rules, and bad input with field keys', async () => {
    const admin = signedInCaller(deps, adminA);
    const e = describeTrpcError(
      await rejection(
        admin.users.create({ email: 'weak@acme.test', username: 'weak', userType: 'user', password: 'short' }),
      ),
    );
    expect(e).toMatchObject({
      appCode: 'PASSWORD_POLICY',
      details: { field: 'password', rules: ['minLength', 'uppercase', 'numeric'] },
    });
    expect(await userByEmail('weak@acme.test')).toBeUndefined();
    const bad = await rejection(admin.users.create({ email: 'nope', username: 'x', userType: 'superuser' as 'user' }));
    const fieldErrors = (bad as { cause?: { issues?: { path: string[]; message: string }[] } }).cause?.issues?.map(
      (i) => [i.path.join('.'), i.message],
    );
    expect(fieldErrors).toEqual(
      expect.arrayContaining([
        ['email', 'users.validation.emailInvalid'],
        ['username', 'users.validation.usernameTooShort'],
        ['userType', 'users.validation.userTypeRequired'],
      ]),
    );
  });

  it('a manager from another tenant is a validation error', async () => {
    const e = describeTrpcError(
      await rejection(
        signedInCaller(deps, adminA).users.create({
          email: 'x1@acme.test',
          username: 'x1',
          userType: 'user',
          managerId: userB.id,
        }),
      ),
    );
    expect(e).toMatchObject({ appCode: 'VALIDATION', details: { field: 'managerId' } });
  });

  it('updates fields including the email (unique) and refuses a self type change', async () => {
    const admin = signedInCaller(deps, adminA);
    const target = await createTenantUser(database.db, tenantA, {
      email: 'upd@acme.test',
      username: 'upd',
      userType: 'sales_rep',
    });
    const updated = await admin.users.update({
      id: target.id,
      email: 'Updated@Acme.test',
      displayName: 'Up Dated',
      userType: 'facilitator',
      managerId: managerA.id,
    });
    expect(updated).toMatchObject({
      email: 'updated@acme.test',
      displayName: 'Up Dated',
      userType: 'facilitator',
      role: 'sales_manager',
      manager: { id: managerA.id },
    });
    const clash = describeTrpcError(await rejection(admin.users.update({ id: target.id, email: 'rep@ACME.test' })));
    expect(clash).toMatchObject({ appCode: 'CONFLICT', details: { field: 'email' } });
    const own = describeTrpcError(await rejection(admin.users.update({ id: adminA.id, userType: 'sales_rep' })));
    expect(own).toMatchObject({ appCode: 'VALIDATION', details: { field: 'userType' } });
  });

  it('a password set by an admin ends the user’s sessions; other edits and failed ones do not', async () => {
    const target = await createTenantUser(database.db, tenantA, {
      email: 'pw@acme.test',
      username: 'pwuser',
      userType: 'sales_rep',
    });
    const laptop = await signIn(deps, target);
    const phone = await signIn(deps, target);
    const admin = await signIn(deps, adminA);
    await admin.caller.users.update({ id: target.id, displayName: 'Renamed' });
    expect(await validateSessionToken(database.db, laptop.token)).not.toBeNull();
    // a password the policy refuses changes nothing, sessions included
    await rejection(admin.caller.users.update({ id: target.id, password: 'short' }));
    expect(await validateSessionToken(database.db, laptop.token)).not.toBeNull();
    await admin.caller.users.update({ id: target.id, password: TEST_PASSWORD + '-new' });
    expect(await validateSessionToken(database.db, laptop.token)).toBeNull();
    expect(await validateSessionToken(database.db, phone.token)).toBeNull();
    // an admin setting their own password keeps the session they are using, and ends the others
    const otherAdminSession = await signIn(deps, adminA);
    await admin.caller.users.update({ id: adminA.id, password: TEST_PASSWORD + '-mine' });
    expect(await validateSessionToken(database.db, admin.token)).not.toBeNull();
    expect(await validateSessionToken(database.db, otherAdminSession.token)).toBeNull();
  });

  it('delete refuses yourself; deletes another user', async () => {
    const admin = signedInCaller(deps, adminA);
    const e = describeTrpcError(await rejection(admin.users.delete({ id: adminA.id })));
    expect(e.appCode).toBe('VALIDATION');
    const victim = await createTenantUser(database.db, tenantA, { email: 'victim@acme.test', username: 'victim' });
    expect(await admin.users.delete({ id: victim.id })).toEqual({ deleted: 1 });
    expect(await userByEmail('victim@acme.test')).toBeUndefined();
  });

  it('bulkDelete removes all in one transaction, or none when yourself or a foreign id is included', async () => {
    const admin = signedInCaller(deps, adminA);
    const a = await createTenantUser(database.db, tenantA, { email: 'bd1@acme.test', username: 'bd1' });
    const b = await createTenantUser(database.db, tenantA, { email: 'bd2@acme.test', username: 'bd2' });
    const withSelf = describeTrpcError(await rejection(admin.users.bulkDelete({ ids: [a.id, adminA.id] })));
    expect(withSelf.appCode).toBe('VALIDATION');
    const withForeign = describeTrpcError(await rejection(admin.users.bulkDelete({ ids: [a.id, userB.id] })));
    expect(withForeign.appCode).toBe('NOT_FOUND');
    expect(await userByEmail('bd1@acme.test')).toBeDefined();
    expect(await userByEmail('bob@beta.test')).toBeDefined();
    expect(await admin.users.bulkDelete({ ids: [a.id, b.id] })).toEqual({ deleted: 2 });
    expect(
      await sys((tx) =>
        tx
          .select()
          .from(users)
          .where(inArray(users.id, [a.id, b.id])),
      ),
    ).toEqual([]);
  });

  it('role denial: a manager cannot create, update or delete users', async () => {
    const m = signedInCaller(deps, managerA);
    const calls = [
      () => m.users.create({ email: 'm1@acme.test', username: 'm1', userType: 'user' }),
      () => m.users.list({}),
      () => m.users.delete({ id: repA.id }),
    ];
    for (const call of calls) expect(describeTrpcError(await rejection(call())).appCode).toBe('FORBIDDEN');
    expect(await userByEmail('m1@acme.test')).toBeUndefined();
  });

  it('a manager adds a Sales Rep to their own team (Team page), whatever manager the input names', async () => {
    const m = signedInCaller(deps, managerA);
    const res = await m.users.create({
      email: 'newrep@acme.test',
      username: 'newrep',
      userType: 'sales_rep',
      managerId: adminA.id,
    });
    expect(res.user).toMatchObject({ email: 'newrep@acme.test', userType: 'sales_rep', manager: { id: managerA.id } });
    expect((await userByEmail('newrep@acme.test'))?.managerId).toBe(managerA.id);
    const e = describeTrpcError(
      await rejection(m.users.create({ email: 'newadmin@acme.test', username: 'newadmin', userType: 'admin' })),
    );
    expect(e.appCode).toBe('FORBIDDEN');
    expect(await userByEmail('newadmin@acme.test')).toBeUndefined();
  });

  it("cross-tenant: A cannot update or delete B's user by id; B's row is unchanged", async () => {
    const admin = signedInCaller(deps, adminA);
    const before = await userByEmail('bob@beta.test');
    expect(
      describeTrpcError(await rejection(admin.users.update({ id: userB.id, displayName: 'Hacked' }))).appCode,
    ).toBe('NOT_FOUND');
    expect(describeTrpcError(await rejection(admin.users.delete({ id: userB.id }))).appCode).toBe('NOT_FOUND');
    expect(describeTrpcError(await rejection(admin.users.update({ id: adminA.id, clientId: tenantB }))).appCode).toBe(
      'FORBIDDEN',
    );
    expect(await userByEmail('bob@beta.test')).toEqual(before);
  });

  it('a superuser manages another client through clientId', async () => {
    const su = signedInCaller(deps, superuser);
    const list = await su.users.list({ clientId: tenantB });
    expect(list.map((u) => u.email)).toEqual(['bob@beta.test']);
    const res = await su.users.create({
      clientId: tenantB,
      email: 'made-by-su@beta.test',
      username: 'madebysu',
      userType: 'admin',
    });
    expect((await userByEmail('made-by-su@beta.test')).tenantId).toBe(tenantB);
    await su.users.update({ clientId: tenantB, id: res.user.id, displayName: 'By SU' });
    expect((await userByEmail('made-by-su@beta.test')).displayName).toBe('By SU');
  });
});

describe('users.bulkImport', () => {
  it('one bad row: nothing is created and every rejected row is reported with its number and reason', async () => {
    const admin = signedInCaller(deps, adminA);
    const before = await countIn(tenantA);
    const csv = [
      HEADER,
      'imp1@acme.test,Imp One,Sales Rep,,,manager@acme.test',
      'imp2@acme.test,,Wizard,,,',
      'imp3@acme.test,,,,,',
    ].join('\r\n');
    const status = await runImport(admin, csv);
    expect(status.phase).toBe('failed');
    expect(status.failure).toBeNull();
    expect(status.createdCount).toBe(0);
    expect(status.errors).toEqual([
      expect.objectContaining({
        row: 3,
        field: 'user_type',
        code: 'userTypeUnknown',
        reason: expect.stringContaining('Wizard'),
      }),
    ]);
    expect(await countIn(tenantA)).toBe(before);
    expect(await userByEmail('imp1@acme.test')).toBeUndefined();
  });

  it('reports emails taken in another tenant, duplicate usernames, policy and missing managers, all in one pass', async () => {
    const csv = [
      HEADER,
      'bob@beta.test,,Wizard,,,',
      'x2@acme.test,,,riley,,',
      'x3@acme.test,,,,weak,',
      'x4@acme.test,,,,,nobody@acme.test',
      'x5@acme.test,,,,,rep@acme.test',
    ].join('\n');
    const status = await runImport(signedInCaller(deps, adminA), csv);
    expect(status.errors!.map((e) => [e.row, e.field, e.code])).toEqual([
      [2, 'email', 'emailExists'], // reported together with the row's own problem
      [2, 'user_type', 'userTypeUnknown'],
      [3, 'username', 'usernameExists'],
      [4, 'password', 'passwordPolicy'],
      [5, 'manager_email', 'managerNotFound'],
      [6, 'manager_email', 'managerNotManager'],
    ]);
  });

  it('all good: creates every row in the tenant, links managers (existing and defined in the file), hands out one-time password links once', async () => {
    const admin = signedInCaller(deps, adminA);
    const csv = [
      HEADER,
      'team.rep1@acme.test,Rep One,Sales Rep,,,new.boss@acme.test', // manager defined further down
      'team.rep2@acme.test,Rep Two,sales_rep,rep2,Given-Pass-9,manager@acme.test',
      'new.boss@acme.test,New Boss,Manager,newboss,,',
    ].join('\n');
    const { id } = await admin.users.bulkImport.start({ csv });
    await runImportJobs();
    const status = await admin.users.bulkImport.status({ id });
    expect(status).toMatchObject({ phase: 'done', processed: 3, total: 3, createdCount: 3, errors: null });
    expect(status.created!.map((c) => [c.email, c.username, c.userType])).toEqual([
      ['team.rep1@acme.test', 'team.rep1', 'sales_rep'],
      ['team.rep2@acme.test', 'rep2', 'sales_rep'],
      ['new.boss@acme.test', 'newboss', 'manager'],
    ]);
    // a password the file gives is the account's, with no link; the others get a one-time link
    expect(status.created![1].passwordLink).toBeNull();
    expect(status.created![0].passwordLink).toMatch(/^http:\/\/[^/]+\/set-password#[a-z2-7]{32}$/);
    const boss = await userByEmail('new.boss@acme.test');
    const rep1 = await userByEmail('team.rep1@acme.test');
    const rep2 = await userByEmail('team.rep2@acme.test');
    expect([boss.tenantId, rep1.tenantId, rep2.tenantId]).toEqual([tenantA, tenantA, tenantA]);
    expect(rep1.managerId).toBe(boss.id);
    expect(rep2.managerId).toBe(managerA.id);
    expect(await verifyPassword(rep2.passwordHash!, 'Given-Pass-9')).toBe(true);
    expect(boss.passwordHash).toBeNull(); // no password until its owner chooses one through the link
    // credentials are handed out once, and the job keeps neither them nor the uploaded file
    expect((await admin.users.bulkImport.status({ id })).created).toBeNull();
    const [job] = await sys((tx) => tx.select().from(jobs).where(eq(jobs.id, id)));
    expect(job).toMatchObject({ queue: 'users_import', status: 'succeeded', tenantId: tenantA });
    expect(JSON.stringify(job.payload)).not.toContain('Given-Pass-9');
    expect(job.payload).not.toHaveProperty('csv');
    expect(job.result).not.toHaveProperty('created');
    expect(job.result).toMatchObject({ phase: 'done', createdCount: 3 });
    // another user (even an admin of the tenant) cannot read the job
    const other = await createTenantUser(database.db, tenantA, {
      email: 'admin2@acme.test',
      username: 'admin2',
      userType: 'admin',
    });
    expect(
      describeTrpcError(await rejection(signedInCaller(deps, other).users.bulkImport.status({ id }))).appCode,
    ).toBe('NOT_FOUND');
  });

  it('one import per client at a time: a second start while one waits is refused, and nothing is queued twice', async () => {
    const admin = signedInCaller(deps, adminA);
    const first = await admin.users.bulkImport.start({ csv: `${HEADER}\nqueue.one@acme.test,,,,,` });
    expect((await admin.users.bulkImport.status({ id: first.id })).phase).toBe('validating');
    const e = describeTrpcError(
      await rejection(admin.users.bulkImport.start({ csv: `${HEADER}\nqueue.two@acme.test,,,,,` })),
    );
    expect(e).toMatchObject({ appCode: 'CONFLICT', details: { reason: 'importRunning' } });
    const queued = await sys((tx) =>
      tx
        .select()
        .from(jobs)
        .where(and(eq(jobs.queue, 'users_import'), eq(jobs.status, 'queued'))),
    );
    expect(queued.map((j) => j.id)).toEqual([first.id]);
    await runImportJobs();
    expect(await admin.users.bulkImport.status({ id: first.id })).toMatchObject({ phase: 'done', createdCount: 1 });
    expect(await userByEmail('queue.two@acme.test')).toBeUndefined();
  });

  it('a file-level problem is CSV_INVALID at start', async () => {
    const e = describeTrpcError(
      await rejection(signedInCaller(deps, adminA).users.bulkImport.start({ csv: 'name\nx' })),
    );
    expect(e).toMatchObject({ appCode: 'CSV_INVALID', details: { reason: 'unknownColumn' } });
  });

  it('a manager cannot import; a superuser imports into another client', async () => {
    expect(
      describeTrpcError(
        await rejection(signedInCaller(deps, managerA).users.bulkImport.start({ csv: `${HEADER}\nz@acme.test,,,,,` })),
      ).appCode,
    ).toBe('FORBIDDEN');
    const status = await runImport(
      signedInCaller(deps, superuser),
      `${HEADER}\nbeta.new@beta.test,,,,,bob@beta.test`,
      tenantB,
    );
    expect(status.phase).toBe('failed'); // bob is a Sales Rep, not a manager
    const ok = await runImport(signedInCaller(deps, superuser), `${HEADER}\nbeta.new@beta.test,,Admin,,,`, tenantB);
    expect(ok.phase).toBe('done');
    expect((await userByEmail('beta.new@beta.test')).tenantId).toBe(tenantB);
  });

  it('exportCsv lists the tenant users without passwords, formula-escaped', async () => {
    await createTenantUser(database.db, tenantA, {
      email: 'formula@acme.test',
      username: 'formula',
      displayName: '=HYPERLINK("x")',
    });
    const { csv, count } = await signedInCaller(deps, adminA).users.exportCsv({});
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(count + 1);
    expect(csv).toContain('rep@acme.test,,Sales Rep,riley,,manager@acme.test');
    expect(csv).toContain(`formula@acme.test,"'=HYPERLINK(""x"")"`);
    expect(csv).not.toContain('bob@beta.test');
    expect(csv).not.toContain('argon2');
  });
});

describe('scripts/users.ts (CLI)', () => {
  let dir: string;
  const env = () => {
    const e: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: path.join(dir, 'data'),
      DEMO_PASSWORD: 'Demo-Pass-42',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
    };
    delete e.DATABASE_URL;
    return e;
  };
  const cli = async (args: string[]) => {
    try {
      const r = await run('npx', ['--no-install', 'tsx', 'scripts/users.ts', ...args], { env: env(), timeout: 90_000 });
      return { code: 0, stdout: r.stdout, stderr: r.stderr };
    } catch (e) {
      const err = e as { code?: number; stdout: string; stderr: string };
      return { code: err.code ?? -1, stdout: err.stdout, stderr: err.stderr };
    }
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'spar-users-cli-'));
    await run('npx', ['--no-install', 'tsx', 'scripts/seed.ts'], { env: env(), timeout: 90_000 });
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exit 1 with the rejected rows, 0 with a summary and a 0600 file of one-time password links', async () => {
    const bad = path.join(dir, 'bad.csv');
    writeFileSync(bad, `${HEADER}\ncli1@demo.test,,,,,\ncli2@demo.test,,Wizard,,,\n`);
    const r1 = await cli(['import', '--client', 'demo', '--file', bad]);
    expect(r1.code).toBe(1);
    expect(r1.stdout + r1.stderr).toMatch(/row 3.*user_type.*Wizard/);
    expect(r1.stdout + r1.stderr).toMatch(/No users were created/);

    const good = path.join(dir, 'good.csv');
    writeFileSync(good, `${HEADER}\ncli1@demo.test,Cli One,,,,manager@demo.test\ncli2@demo.test,,Manager,,,\n`);
    const dry = await cli(['import', '--client', 'demo', '--file', good, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/dry run/i);
    expect(existsSync(`${good}.links.csv`)).toBe(false);

    const r2 = await cli(['import', '--client', 'demo', '--file', good]);
    expect(r2.code, r2.stderr).toBe(0);
    expect(r2.stdout).toMatch(/Created 2 users/);
    expect(r2.stderr).toMatch(/hashing 2\/2/);
    const cred = `${good}.links.csv`;
    expect(statSync(cred).mode & 0o777).toBe(0o600);
    expect(readFileSync(cred, 'utf8')).toMatch(
      /^email,username,display_name,user_type,password_link,password_link_expires_at\r\ncli1@demo.test,cli1,Cli One,Sales Rep,http:\/\/localhost:\d+\/set-password#[a-z2-7]{32},20\d\d-/,
    );

    const again = await cli(['import', '--client', 'demo', '--file', good]);
    expect(again.code).toBe(1);
    expect(again.stdout + again.stderr).toMatch(/row 2.*already exists/);

    const unknown = await cli(['import', '--client', 'no-such-client', '--file', good]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No client with the schema name "no-such-client"/);

    const out = path.join(dir, 'export.csv');
    const exp = await cli(['export', '--client', 'demo', '--file', out]);
    expect(exp.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('cli1@demo.test,Cli One,Sales Rep,cli1,,manager@demo.test');
  }, 240_000);
});
