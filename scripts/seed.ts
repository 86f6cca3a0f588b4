// npm run seed — seeds the demo and internal tenants when the database has no client yet.
import { seedDemoIfEmpty } from '../seed/demo';
import { openConfiguredDatabase } from './lib/open-db';

const { database, env } = await openConfiguredDatabase();
try {
  const r = await seedDemoIfEmpty(database.db, {
    password: env.DEMO_PASSWORD,
    policy: env.passwordPolicy,
    internalSchema: env.INTERNAL_CLIENT_SCHEMA,
  });
  if (!r.seeded) console.log('The database already has clients: nothing seeded.');
  else console.log(`Demo seeded. Password for the demo accounts${r.generated ? ' (shown once)' : ''}: ${r.password}`);
} finally {
  await database.close();
}
