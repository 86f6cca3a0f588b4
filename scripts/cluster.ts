/**
 * `npm run cluster -- [--processes 2] [--port 3000]` — several server processes on one
 * DATABASE_URL (PostgreSQL) behind a small round-robin proxy on --port, for local trials of
 * scale-out (docs/scaling.md). Builds the app first if needed. Ctrl-C stops everything.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startCluster } from './lib/cluster';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};

async function main() {
  if (!process.env.DATABASE_URL) {
    console.error('Set DATABASE_URL to a PostgreSQL database: the embedded database (PGlite) belongs to one process.');
    process.exit(2);
  }
  if (!existsSync('dist/server/index.mjs')) execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  const processes = arg('processes', 2);
  const cluster = await startCluster({
    processes,
    port: arg('port', 3000),
    env: process.env,
    onOutput: (i, line) => console.log(`[${i + 1}] ${line}`),
  });
  console.log(`\n${processes} Spar processes behind ${cluster.url.replace('127.0.0.1', 'localhost')}:`);
  for (const b of cluster.backends) console.log(`  ${b.url} (pid ${b.pid})`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    cluster.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  console.error(`The cluster failed to start: ${(e as Error).message}`);
  process.exit(1);
});
