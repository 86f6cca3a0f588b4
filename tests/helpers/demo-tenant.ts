import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients } from '../../db/schema';
import { asSystem } from '../../db/tenant';
import { DEMO_SCHEMA, seedDemoIfEmpty } from '../../seed/demo';
import type { Language } from '../../server/contracts/languages';
import { testEnv } from './app';

/** The demo accounts' password in tests that seed the demo tenant. */
const DEMO_TEST_PASSWORD = 'Demo-Password-1';

/**
 * Seeds the demo and internal tenants as a first start does (without the background history unless
 * asked), and returns the demo tenant's row.
 */
export async function seedDemoTenant(db: Db, opts: { language?: Language; history?: boolean } = {}) {
  await seedDemoIfEmpty(db, {
    password: DEMO_TEST_PASSWORD,
    policy: testEnv().passwordPolicy,
    internalSchema: 'spar-internal',
    history: false,
    ...opts,
  });
  const [demo] = await asSystem(db, { action: 'test' }, (tx) =>
    tx.select().from(clients).where(eq(clients.schemaName, DEMO_SCHEMA)),
  );
  return demo;
}
