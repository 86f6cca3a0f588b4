// npm run create-superuser -- --email you@company.com [--password …] [--username …] [--client-name …] [--client-schema …]
// Creates the first superuser (and the internal client it belongs to) in production. Asks for
// what is not given when run in a terminal.
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { clients, users } from '../db/schema';
import { asSystem } from '../db/tenant';
import { createClient, createUser } from '../seed/factories';
import { checkPassword } from '../server/contracts/password-policy';
import { openConfiguredDatabase } from './lib/open-db';
import { z } from 'zod';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    username: { type: 'string' },
    'client-name': { type: 'string' },
    'client-schema': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(
    'Usage: npm run create-superuser -- --email EMAIL [--password PASSWORD] [--username NAME] [--client-name NAME] [--client-schema SLUG]',
  );
  process.exit(0);
}

async function ask(question: string, hidden = false): Promise<string> {
  if (!process.stdin.isTTY)
    throw new Error(`${question} is required (pass it as a flag when not running in a terminal)`);
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    const out = process.stdout as unknown as { write: (s: string) => boolean };
    const orig = out.write.bind(out);
    let muted = false;
    out.write = (s: string) => (muted ? true : orig(s));
    const p = rl.question(`${question}: `);
    muted = true;
    const answer = await p;
    muted = false;
    orig('\n');
    rl.close();
    return answer;
  }
  const answer = await rl.question(`${question}: `);
  rl.close();
  return answer;
}

const { env, database } = await openConfiguredDatabase();
let exitCode = 0;
try {
  const email = (values.email ?? (await ask('Email'))).trim().toLowerCase();
  if (!z.email().safeParse(email).success) throw new Error(`"${email}" is not a valid email address`);
  const password = values.password ?? (await ask('Password', true));
  const broken = checkPassword(password, env.passwordPolicy);
  if (broken.length) throw new Error(`The password does not meet the policy: ${broken.join(', ')}`);
  const schemaName = values['client-schema'] ?? env.INTERNAL_CLIENT_SCHEMA;
  const created = await asSystem(
    database.db,
    { action: 'cli.create_superuser', audit: true, detail: email },
    async (tx) => {
      const existing = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email));
      if (existing.length) throw new Error(`A user with the email ${email} already exists`);
      let [client] = await tx
        .select()
        .from(clients)
        .where(eq(sql`lower(${clients.schemaName})`, schemaName.toLowerCase()));
      client ??= await createClient(tx, {
        name: values['client-name'] ?? 'Spar (internal)',
        schemaName,
        type: 'internal',
      });
      return createUser(tx, {
        tenantId: client.id,
        email,
        username: values.username ?? email.split('@')[0],
        userType: 'superuser',
        password,
      });
    },
  );
  console.log(`Superuser ${created.email} created (client "${schemaName}").`);
} catch (e) {
  console.error(`create-superuser: ${(e as Error).message}`);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
