import { logger } from '../logger';
import { caughtFailures } from './metrics';

/**
 * A failure the code goes on from: said in the log at `level` (with the trace id when inside a
 * traced request, job or call) and counted in /metrics as `spar_caught_failures_total{site}`, so a
 * rise shows on a dashboard and not only in the logs. `fields` carries `err` and what identifies the
 * work (a call id, a job id), never personal data.
 */
export function caught(
  site: string,
  message: string,
  fields: Record<string, unknown>,
  level: 'warn' | 'error' = 'error',
) {
  caughtFailures.inc({ site });
  logger[level](fields, message);
}
