import { webhookFailures } from '../../metrics/metrics';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../../db/schema';
import { asSystem } from '../../../db/tenant';
import { PermanentJobError, type JobHandler } from '../../jobs/handler';
import { OutboundRefused, sendOutbound } from '../http/outbound';
import { webhookHeaders } from './sign';

const WEBHOOK_TIMEOUT_MS = 15_000;
/**
 * Standard Webhooks' recommended retry schedule: after the first attempt, 5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h and 10 h (8 attempts over about a day and a half).
 */
const RETRY_SCHEDULE_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

export interface WebhookHandlerOptions {
  allowPrivate: boolean;
  /** Tests: a shorter schedule. */
  scheduleMs?: number[];
  random?: () => number;
  now?: () => Date;
}

const trim = (s: string) => (s.length > 500 ? `${s.slice(0, 497)}...` : s);

async function record(db: Db, id: string, set: Partial<typeof webhookDeliveries.$inferInsert>) {
  await asSystem(db, { action: 'webhook.delivery' }, (tx) =>
    tx.update(webhookDeliveries).set(set).where(eq(webhookDeliveries.id, id)),
  );
}

/**
 * The 'webhook' job: one delivery of one message to one endpoint, signed per Standard Webhooks.
 * 2xx delivers; 410 Gone disables the endpoint (no more messages to it); anything else — another
 * status, a 3xx (redirects are not followed), a timeout, a network error — is retried on the
 * schedule above, then the delivery is dead. Every attempt is written to the delivery log.
 */
export function webhookHandler(opts: WebhookHandlerOptions): JobHandler {
  const schedule = opts.scheduleMs ?? RETRY_SCHEDULE_MS;
  const now = () => opts.now?.() ?? new Date();
  return {
    retryDelayMs(attempts) {
      const base = schedule[Math.min(Math.max(attempts, 1), schedule.length) - 1];
      return Math.round(base * (0.9 + 0.2 * (opts.random ?? Math.random)()));
    },
    async run({ job, db }) {
      const deliveryId = typeof job.payload.deliveryId === 'string' ? job.payload.deliveryId : null;
      if (!deliveryId) throw new PermanentJobError('webhook job without deliveryId');
      const [row] = await asSystem(db, { action: 'webhook.load' }, (tx) =>
        tx
          .select({ d: webhookDeliveries, e: webhookEndpoints })
          .from(webhookDeliveries)
          .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
          .where(eq(webhookDeliveries.id, deliveryId)),
      );
      if (!row) throw new PermanentJobError(`delivery ${deliveryId} not found (endpoint deleted?)`);
      const { d, e } = row;
      if (d.status === 'succeeded') return { deliveryId, skipped: 'succeeded' };
      if (e.status !== 'active') {
        await record(db, d.id, { status: 'dead', lastError: 'The endpoint is disabled', nextAttemptAt: null });
        return { deliveryId, skipped: 'endpoint disabled' };
      }
      const at = now();
      const secrets = [
        e.secret,
        ...(e.previousSecret && e.previousSecretExpiresAt && e.previousSecretExpiresAt > at ? [e.previousSecret] : []),
      ];
      const body = JSON.stringify(d.payload);
      const headers = {
        ...webhookHeaders({ secrets, id: d.id, timestamp: Math.floor(at.getTime() / 1000), body }),
        'user-agent': 'Spar-Webhooks/1.0',
      };
      let status: number;
      try {
        ({ status } = await sendOutbound(e.url, {
          method: 'POST',
          headers,
          body,
          timeoutMs: WEBHOOK_TIMEOUT_MS,
          allowPrivate: opts.allowPrivate,
        }));
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        webhookFailures.inc();
        await record(db, d.id, {
          attempts: job.attempts,
          lastAttemptAt: at,
          lastStatusCode: null,
          lastError: trim(message),
          status: 'failed',
        });
        if (err instanceof OutboundRefused) throw new PermanentJobError(`refused: ${message}`);
        throw err;
      }
      if (status >= 200 && status < 300) {
        await record(db, d.id, {
          attempts: job.attempts,
          lastAttemptAt: at,
          lastStatusCode: status,
          lastError: null,
          status: 'succeeded',
          deliveredAt: at,
          nextAttemptAt: null,
        });
        return { deliveryId, status };
      }
      webhookFailures.inc();
      await record(db, d.id, {
        attempts: job.attempts,
        lastAttemptAt: at,
        lastStatusCode: status,
        lastError: `The receiver answered ${status}`,
        status: 'failed',
      });
      if (status === 410) {
        await asSystem(db, { action: 'webhook.disable' }, (tx) =>
          tx
            .update(webhookEndpoints)
            .set({ status: 'disabled', disabledReason: 'The receiver answered 410 Gone', updatedAt: at })
            .where(eq(webhookEndpoints.id, e.id)),
        );
        throw new PermanentJobError('410 Gone: endpoint disabled');
      }
      throw new Error(`The receiver answered ${status}`);
    },
    async onRetry(job, _error, db, nextAttemptAt) {
      const deliveryId = typeof job.payload.deliveryId === 'string' ? job.payload.deliveryId : null;
      if (deliveryId) await record(db, deliveryId, { status: 'failed', nextAttemptAt });
    },
    async onDead(job, error, db) {
      const deliveryId = typeof job.payload.deliveryId === 'string' ? job.payload.deliveryId : null;
      if (deliveryId) await record(db, deliveryId, { status: 'dead', nextAttemptAt: null, lastError: trim(error) });
    },
  };
}
