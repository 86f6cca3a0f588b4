import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clients } from '../db/schema';
import { asSystem } from '../db/tenant';
import { hashPassword } from '../server/auth/password';
import { generatePassword } from '../server/contracts/password-policy';
import type { PasswordPolicy } from '../server/contracts/password-policy';
import { createClient, createUser } from './factories';
import { seedDemoTenantConfig } from './personas';
import { seedDemoScorecards } from './scorecards';
import { demoSimulations, seedDemoSimulations } from './simulations';
import { enqueue } from '../server/jobs/queue';
import { DEMO_HISTORY_QUEUE, type DemoHistoryPayload } from '../server/demo-history/run';
import type { Language } from '../server/contracts/languages';
import { DEMO_CONTENT } from './content';

export const DEMO_SCHEMA = 'demo';
export const DEMO_ACCOUNTS = [
  { email: 'superuser@demo.test', userType: 'superuser', tenant: 'internal', displayName: 'Sam Super' },
  { email: 'admin@demo.test', userType: 'admin', tenant: 'demo', displayName: 'Avery Admin' },
  { email: 'manager@demo.test', userType: 'manager', tenant: 'demo', displayName: 'Morgan Manager' },
  { email: 'rep@demo.test', userType: 'sales_rep', tenant: 'demo', displayName: 'Riley Rep' },
  { email: 'rep2@demo.test', userType: 'sales_rep', tenant: 'demo', displayName: 'Jordan Rep' },
  { email: 'rep3@demo.test', userType: 'sales_rep', tenant: 'demo', displayName: 'Casey Rep' },
  { email: 'demo-manager@demo.test', userType: 'demo_manager', tenant: 'demo', displayName: 'Dana Demo' },
  { email: 'norole@demo.test', userType: 'user', tenant: 'demo', displayName: 'Noel Norole' },
] as const;

/**
 * More of the demo manager's team: reps who appear in the demo history (server/demo-history) but
 * have no password, so nobody can sign in as them.
 */
export const DEMO_TEAM_WITHOUT_SIGN_IN = [
  { email: 'sasha.patel@demo.test', displayName: 'Sasha Patel' },
  { email: 'luca.romano@demo.test', displayName: 'Luca Romano' },
  { email: 'emma.clarke@demo.test', displayName: 'Emma Clarke' },
] as const;

/** How long after the seed the demo history starts being made. */
const DEMO_HISTORY_DELAY_MS = 8000;

export interface SeedResult {
  seeded: boolean;
  password?: string;
  generated?: boolean;
}

/** Seeds the demo and internal tenants when the database has no client at all. */
export async function seedDemoIfEmpty(
  db: Db,
  opts: {
    password?: string;
    policy: PasswordPolicy;
    internalSchema: string;
    history?: boolean;
    /** The demo tenant's language: its default and the language of all its demo data. */
    language?: Language;
  },
): Promise<SeedResult> {
  const [{ n }] = await asSystem(db, { action: 'seed.check' }, (tx) => tx.select({ n: count() }).from(clients));
  if (n > 0) return { seeded: false };
  const generated = !opts.password;
  const password = opts.password ?? generatePassword(opts.policy, (k) => randomBytes(k));
  const passwordHash = await hashPassword(password);
  const language = opts.language ?? 'en';
  const content = DEMO_CONTENT[language];
  await asSystem(db, { action: 'seed.demo', audit: true }, async (tx) => {
    const internal = await createClient(tx, {
      name: 'Spar (internal)',
      schemaName: opts.internalSchema,
      type: 'internal',
      domain: 'spar.internal',
    });
    const demo = await createClient(tx, {
      name: 'Northwind Demo',
      schemaName: DEMO_SCHEMA,
      type: 'demo',
      domain: 'demo.test',
      tier: 'enterprise',
      defaultLanguage: language,
    });
    let managerId: string | null = null;
    for (const a of DEMO_ACCOUNTS) {
      const u = await createUser(tx, {
        tenantId: a.tenant === 'internal' ? internal.id : demo.id,
        email: a.email,
        username: a.email.split('@')[0],
        displayName: a.displayName,
        userType: a.userType,
        passwordHash,
        managerId: a.userType === 'sales_rep' ? managerId : null,
      });
      if (a.userType === 'manager') managerId = u.id;
    }
    for (const m of DEMO_TEAM_WITHOUT_SIGN_IN) {
      await createUser(tx, {
        tenantId: demo.id,
        email: m.email,
        username: m.email.split('@')[0],
        displayName: m.displayName,
        userType: 'sales_rep',
        passwordHash: null,
        managerId,
      });
    }
    await seedDemoTenantConfig(tx, demo.id, content);
    await seedDemoScorecards(tx, demo.id, language);
    await seedDemoSimulations(tx, demo.id, content);
    // four weeks of activity, made in the background once the server is up (server/demo-history)
    if (opts.history ?? true) {
      const payload: DemoHistoryPayload = {
        now: new Date().toISOString(),
        seed: 1,
        simulationNames: demoSimulations(content).map((sim) => sim.name),
        assignmentNames: content.assignments,
        certifications: content.certifications,
      };
      // a few seconds after the first start: the server is up and answering before the work begins
      await enqueue(tx, {
        queue: DEMO_HISTORY_QUEUE,
        tenantId: demo.id,
        payload,
        dedupeKey: `demo_history:${demo.id}`,
        maxAttempts: 3,
        runAt: new Date(Date.now() + DEMO_HISTORY_DELAY_MS),
      });
    }
  });
  return { seeded: true, password, generated };
}
