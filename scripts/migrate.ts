// npm run db:migrate — applies the committed migrations to DATABASE_URL or the PGlite DATA_DIR.
import { openConfiguredDatabase } from './lib/open-db';

const { database, env } = await openConfiguredDatabase();
console.log(`Migrations applied (${env.DATABASE_URL ? 'postgres' : `pglite in ${env.DATA_DIR}`}).`);
await database.close();
