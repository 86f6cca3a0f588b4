import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, passwordTokens, users } from '../../db/schema';
import { mintPasswordLink, setPasswordWithLink } from '../../server/auth/password-links';
import type { AppDeps } from '../../server/deps';
import { createWorker } from '../../server/jobs/worker';
import { mailHandler } from '../../server/mail/jobs';
import { usersImportHandler } from '../../server/services/users/import-jobs';
import { anonymousCaller, describeTrpcError, rejection, signedInCaller, testDeps, type UserRow } from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { useTestDatabase, systemRunner } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';

/*
 * A bulk import generates no passwords: accounts without one get a one-time "choose your password"
 * link by mail (minted as the mail is sent) and in the admin's one-time download (minted for that
 * answer). Nothing that lets anyone sign in is stored in clear — checked by reading every table.
 */

const HEADER = 'email,display_name,user_type,username,password,manager_email';
const database = useTestDatabase();
let deps: AppDeps;
let smtp: SmtpReceiver;
let admin: UserRow;

const sys = systemRunner(database);

/** The import lane and the mail queue, run as the server wires them (server/wiring.ts). */
async function runJobs() {
  const worker = createWorker({
    db: database.db,
    orphans: 'none',
    handlers: {
      users_import: usersImportHandler({ policy: deps.env.passwordPolicy }),
      mail: mailHandler({ smtpUrl: smtp.url, from: 'spar@test', passwordLink: mintPasswordLink }),
    },
  });
  while (await worker.runOnce());
}

/** Every row of every table in the public schema, as text. */
async function everyTableAsText(): Promise<string> {
  const tables = await sys((tx) =>
    tx.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    ),
  );
  const names = (
    (Array.isArray(tables) ? tables : (tables as { rows: unknown[] }).rows) as { table_name: string }[]
  ).map((r) => r.table_name);
  expect(names).toEqual(expect.arrayContaining(['jobs', 'mail_outbox', 'password_tokens', 'users', 'audit_log']));
  let out = '';
  for (const name of names) {
    const r = await sys((tx) => tx.execute(sql`select t::text as row from ${sql.identifier(name)} t`));
    const rows = (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as { row: string }[];
    out += `\n${name}:\n${rows.map((x) => x.row).join('\n')}`;
  }
  return out;
}

const tokenOf = (link: string) => /#([a-z2-7]{32})$/.exec(link)![1];

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  deps = await testDeps(database, { SMTP_URL: smtp.url });
  const t = await createTenant(database.db, { name: 'Links Co' });
  admin = await createTenantUser(database.db, t.id, {
    email: 'admin@links.test',
    username: 'admin',
    userType: 'admin',
  });
});
afterAll(() => closeAll(smtp));

describe('bulk import with generated credentials', () => {
  it('mails each account without a password a one-time link, hands the admin fresh ones once, and stores none in clear', async () => {
    const caller = signedInCaller(deps, admin);
    const csv = [
      HEADER,
      'lina@links.test,Lina Link,Sales Rep,,,',
      'marco@links.test,Marco,Manager,,,',
      'given@links.test,Given,Sales Rep,,Chosen-Pass-42,',
    ].join('\n');
    const { id } = await caller.users.bulkImport.start({ csv });
    await runJobs();

    // the mails: one per account without a password, each with its own link
    const mails = smtp.mails.filter((m) => m.to[0].endsWith('@links.test'));
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['lina@links.test', 'marco@links.test']);
    const mailLinks = mails.map((m) => /(http:\/\/\S+\/set-password#[a-z2-7]{32})/.exec(m.text ?? '')![1]);
    expect(mails[0].subject).toBe('Your Spar account is ready');
    expect(mails[0].html).toContain(mailLinks[0]);

    // the admin's one-time download: fresh links, other than the mailed ones
    const status = await caller.users.bulkImport.status({ id });
    expect(status.created!.map((c) => [c.email, c.passwordLink !== null])).toEqual([
      ['lina@links.test', true],
      ['marco@links.test', true],
      ['given@links.test', false],
    ]);
    const adminLinks = status.created!.flatMap((c) => (c.passwordLink ? [c.passwordLink] : []));
    expect(new Set([...adminLinks, ...mailLinks]).size).toBe(4);
    expect((await caller.users.bulkImport.status({ id })).created).toBeNull();

    // nothing anywhere holds a link, a token, the chosen password or the uploaded file
    const everything = await everyTableAsText();
    for (const link of [...adminLinks, ...mailLinks]) {
      expect(everything).not.toContain(tokenOf(link));
      expect(everything).not.toContain(link);
    }
    expect(everything).not.toContain('Chosen-Pass-42');
    expect(everything).not.toContain('lina@links.test,Lina Link');
    // the outbox keeps the mail with a slot where the link was
    const [kept] = await sys((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'lina@links.test')));
    expect(kept).toMatchObject({ status: 'sent' });
    expect(kept.textBody).toContain('{{password-link}}');
    expect(await sys((tx) => tx.select().from(passwordTokens))).toHaveLength(4);

    // a link works once; using it ends the user's other links
    const anon = anonymousCaller(deps).caller;
    const lina = status.created!.find((c) => c.email === 'lina@links.test')!;
    expect(await anon.auth.passwordLink({ token: tokenOf(lina.passwordLink!) })).toEqual({
      email: 'lina@links.test',
      name: 'Lina Link',
    });
    // the policy applies, and a refused password spends nothing
    expect(
      describeTrpcError(
        await rejection(anon.auth.setPasswordWithLink({ token: tokenOf(lina.passwordLink!), password: 'x' })),
      ).appCode,
    ).toBe('PASSWORD_POLICY');
    await anon.auth.setPasswordWithLink({ token: tokenOf(lina.passwordLink!), password: 'Lina-Chose-77' });
    await anon.auth.login({ email: 'lina@links.test', password: 'Lina-Chose-77' });
    const linaMail = mailLinks[mails.findIndex((m) => m.to[0] === 'lina@links.test')];
    for (const spent of [lina.passwordLink!, linaMail]) {
      expect(
        describeTrpcError(
          await rejection(anon.auth.setPasswordWithLink({ token: tokenOf(spent), password: 'Other-Pass-88' })),
        ).appCode,
      ).toBe('PASSWORD_LINK_INVALID');
      expect(describeTrpcError(await rejection(anon.auth.passwordLink({ token: tokenOf(spent) }))).appCode).toBe(
        'PASSWORD_LINK_INVALID',
      );
    }
    // marco's links are still his to use
    const marco = status.created!.find((c) => c.email === 'marco@links.test')!;
    expect(await anon.auth.passwordLink({ token: tokenOf(marco.passwordLink!) })).toMatchObject({
      email: 'marco@links.test',
    });
  }, 60_000);

  it('an expired or malformed link is refused and changes nothing', async () => {
    const [u] = await sys((tx) => tx.select().from(users).where(eq(users.email, 'marco@links.test')));
    const link = await mintPasswordLink(database.db, { userId: u.id, baseUrl: 'http://x' });
    const later = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
    await expect(
      setPasswordWithLink(database.db, {
        token: tokenOf(link),
        password: 'Late-Pass-99',
        policy: deps.env.passwordPolicy,
        now: later,
      }),
    ).rejects.toMatchObject({ code: 'PASSWORD_LINK_INVALID' });
    const anon = anonymousCaller(deps).caller;
    for (const token of ['', 'NOT-A-TOKEN', 'a'.repeat(64)])
      expect(describeTrpcError(await rejection(anon.auth.passwordLink({ token }))).appCode).toBe(
        'PASSWORD_LINK_INVALID',
      );
    const [after] = await sys((tx) => tx.select().from(users).where(eq(users.id, u.id)));
    expect(after.passwordHash).toBeNull();
  });
});
