// npx tsx scripts/users.ts import --client <schema-name> --file users.csv [--dry-run]
// npx tsx scripts/users.ts export --client <schema-name> [--file out.csv]
// Bulk user import/export for admins, through the same services as the Users screen.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { clients } from '../db/schema';
import { asSystem, withTenant } from '../db/tenant';
import { isAppError } from '../server/errors';
import { toCsv } from '../server/contracts/csv';
import { exportUsersCsv } from '../server/services/users/export';
import { CREDENTIALS_CSV_COLUMNS, MAX_IMPORT_ROWS, USERS_CSV_COLUMNS } from '../server/contracts/user-fields';
import { importUsers, type ImportProgress } from '../server/services/users/import';
import { USER_TYPE_LABELS } from '../server/contracts/user-types';
import { openConfiguredDatabase } from './lib/open-db';
import { mintPasswordTokens, passwordLinkUrl } from '../server/auth/password-links';

const HELP = `Usage:
  npx tsx scripts/users.ts import --client <schema-name> --file users.csv [--dry-run]
  npx tsx scripts/users.ts export --client <schema-name> [--file out.csv]

import   Creates the users of a CSV file in the client, all or nothing: if any row is
         rejected, nothing is created and every rejected row is listed (row numbers as a
         spreadsheet shows them: the header is row 1). Columns (header row required):
           ${USERS_CSV_COLUMNS.join(', ')}
         Only email is required. user_type: Admin, Manager, Demo Manager, User, Facilitator or
         Sales Rep (label or code, any case; default Sales Rep). username: defaults to the part
         of the email before the @. password: generated when empty, else it must meet the
         password policy. manager_email: an existing Manager/Facilitator/Admin of the client or
         another row of the file with such a type. At most ${MAX_IMPORT_ROWS} rows.
         Each account the file gives no password gets a one-time link to choose one (valid 7
         days), written to <file>.links.csv (mode 0600) and never stored in clear.
  --dry-run  Validate only; create nothing.

export   Writes the client's users as CSV in the import's columns (no passwords) to --file,
         or to standard output.

The database is the configured one (DATABASE_URL, or PGlite in DATA_DIR). PGlite's data
directory is locked while the server runs: stop the server first, or use DATABASE_URL.
Password hashing (argon2id) runs on the libuv threadpool, 4 threads by default: on a machine
with more cores, run with UV_THREADPOOL_SIZE=<cores> to use them all.
Exit code 0 on success, 1 on any rejected row or error.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    client: { type: 'string' },
    file: { type: 'string' },
    'dry-run': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});

const command = positionals[0];
if (values.help || !command) {
  console.log(HELP);
  process.exit(values.help ? 0 : 1);
}
if (command !== 'import' && command !== 'export') {
  console.error(`users: unknown command "${command}" (import or export; --help for usage)`);
  process.exit(1);
}
if (!values.client) {
  console.error('users: --client <schema-name> is required');
  process.exit(1);
}
if (command === 'import' && !values.file) {
  console.error('users: import needs --file <users.csv>');
  process.exit(1);
}

function progressPrinter() {
  let last = '';
  return (p: ImportProgress) => {
    if (p.phase === 'done' || p.phase === 'failed') return;
    const line = `${p.phase} ${p.processed}/${p.total}`;
    if (line !== last) process.stderr.write(`${line}\n`);
    last = line;
  };
}

async function main(): Promise<number> {
  let text = '';
  if (command === 'import') {
    try {
      text = readFileSync(values.file!, 'utf8');
    } catch (e) {
      console.error(`users: cannot read ${values.file}: ${(e as Error).message}`);
      return 1;
    }
  }
  const { env, database } = await openConfiguredDatabase();
  try {
    const schemaName = values.client!;
    const [client] = await asSystem(database.db, { action: 'cli.users.resolve_client' }, (tx) =>
      tx
        .select({ id: clients.id, name: clients.name })
        .from(clients)
        .where(eq(sql`lower(${clients.schemaName})`, schemaName.toLowerCase())),
    );
    if (!client) {
      console.error(`users: No client with the schema name "${schemaName}".`);
      return 1;
    }

    if (command === 'export') {
      const { csv, count } = await withTenant(database.db, client.id, (tx) => exportUsersCsv(tx));
      if (values.file) {
        writeFileSync(values.file, csv);
        console.log(`Exported ${count} users of "${client.name}" to ${values.file}.`);
      } else process.stdout.write(csv);
      return 0;
    }

    const dryRun = !!values['dry-run'];
    const result = await importUsers({
      db: database.db,
      tenant: (fn) => withTenant(database.db, client.id, fn),
      tenantId: client.id,
      text,
      policy: env.passwordPolicy,
      dryRun,
      onProgress: progressPrinter(),
    });
    if (!result.ok) {
      console.log(
        `No users were created: ${result.errors.length} problem(s) in ${new Set(result.errors.map((e) => e.row)).size} of ${result.total} rows.`,
      );
      console.log('Either all rows are imported or none. Fix these rows and run again:');
      for (const e of result.errors) console.log(`  row ${e.row} (${e.field}): ${e.reason}`);
      return 1;
    }
    if (dryRun) {
      console.log(`Dry run: all ${result.total} rows are valid; nothing was created.`);
      return 0;
    }
    const credentials = `${values.file}.links.csv`;
    const base = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
    const tokens = await mintPasswordTokens(
      database.db,
      result.created.filter((c) => c.needsLink).map((c) => c.userId),
    );
    const rows = result.created.map((c) => {
      const t = tokens.get(c.userId);
      return [
        c.email,
        c.username,
        c.displayName,
        USER_TYPE_LABELS[c.userType],
        t ? passwordLinkUrl(base, t.token) : '',
        t ? t.expiresAt.toISOString() : '',
      ];
    });
    writeFileSync(credentials, toCsv([[...CREDENTIALS_CSV_COLUMNS], ...rows]), { mode: 0o600 });
    chmodSync(credentials, 0o600); // also when the file already existed
    const t = result.timings;
    console.log(`Created ${result.created.length} users in "${client.name}".`);
    console.log(
      `One-time links to choose a password written to ${credentials} (readable only by you). Hand each to its owner and delete the file.`,
    );
    console.log(
      `Time: validate ${(t.validateMs / 1000).toFixed(1)} s, hash ${(t.hashMs / 1000).toFixed(1)} s, insert ${(t.insertMs / 1000).toFixed(1)} s.`,
    );
    return 0;
  } catch (e) {
    if (isAppError(e)) console.error(`users: ${e.message}`);
    else console.error(`users: ${(e as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}

let code = 1;
try {
  code = await main();
} catch (e) {
  // e.g. the PGlite data directory is locked by the running server
  console.error(`users: ${(e as Error).message}`);
}
process.exit(code);
