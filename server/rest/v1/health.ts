import type { RestRoute } from './route';
import { sendJson } from '../../http/respond';

/** A monitor hears within a second whether the database answers (a silent one is "unreachable"): 900 ms for the database, the rest for the answer. */
const HEALTH_TIMEOUT_MS = 900;

/** Resolves to true when the database answered within the timeout. */
export async function databaseAnswers(ping: () => Promise<void>, timeoutMs = HEALTH_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      ping().then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const health: RestRoute['handler'] = async ({ deps, res }) => {
  const ok = await databaseAnswers(() => deps.database.ping(), deps.healthTimeoutMs ?? HEALTH_TIMEOUT_MS);
  sendJson(res, ok ? 200 : 503, {
    status: ok ? 'ok' : 'degraded',
    db: ok ? 'ok' : 'unreachable',
    version: deps.version,
  });
};

/** The health check, also at `/health`, where monitors look first: never the app's page. */
export const healthRoutes: RestRoute[] = [
  { method: 'GET', path: '/api/v1/health', handler: health },
  { method: 'GET', path: '/health', handler: health },
];
