import { DataDirLockedError } from '../db/client';
import { serveBackupRequests } from '../db/backup/backup';
import { startApp } from './app';
import { EnvError, loadEnv } from './env';
import { logger } from './logger';

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(e.message);
      process.exit(78); // EX_CONFIG
    }
    throw e;
  }
  const dev = process.argv.includes('--dev');
  let app;
  try {
    app = await startApp({ env, dev });
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      process.exit(75); // EX_TEMPFAIL
    }
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(`Port ${env.PORT} is already in use. Set PORT to another port.`);
      process.exit(75);
    }
    throw e;
  }
  logger.info({ url: app.url, db: app.deps.database.driver, dev }, 'Spar is running');
  process.stdout.write(
    `Spar is running at ${app.url.replace('127.0.0.1', 'localhost')} (${app.deps.database.driver}${dev ? ', dev' : ''})\n`,
  );
  for (const n of app.notices) process.stdout.write(`WARNING: ${n}\n`);

  let signalled = false;
  const shutdown = (signal: string) => {
    if (signalled) return;
    signalled = true;
    logger.info({ signal }, 'shutting down');
    app
      .stop()
      .then(() => process.exit(0))
      .catch((e) => {
        logger.error({ err: e }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // `npm run db:backup` while the server runs: the server dumps its embedded database (db/backup/backup.ts)
  const { dump } = app.deps.database;
  if (dump) {
    process.on('SIGUSR2', () => {
      serveBackupRequests(env.DATA_DIR, dump).then(
        (files) => files.forEach((file) => logger.info({ file }, 'database backup written')),
        (e) => logger.error({ err: e }, 'database backup failed'),
      );
    });
  }
}

main().catch((e) => {
  logger.fatal({ err: e }, 'failed to start');
  console.error(`Spar failed to start: ${(e as Error).message}`);
  process.exit(1);
});
