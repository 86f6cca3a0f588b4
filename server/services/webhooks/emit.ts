import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../../db/schema';
import type { WebhookEventType } from '../../contracts/enums';
import { enqueue } from '../../jobs/queue';

/** A Standard Webhooks message id: `msg_` and 24 random bytes, base64url. */
const newMessageId = () => `msg_${randomBytes(18).toString('base64url')}`;
export const webhookDedupeKey = (deliveryId: string) => `webhook:${deliveryId}`;

export interface WebhookEvent {
  tenantId: string;
  type: WebhookEventType;
  /** The event's data; the body sent is `{ type, timestamp, data }`. */
  data: Record<string, unknown>;
  /** When it happened (the body's `timestamp`); now when absent. */
  at?: Date;
}

/**
 * Records one delivery per active endpoint of the tenant that subscribes to the event, with its
 * exact body, and queues a 'webhook' job for each. Call it inside the transaction that makes the
 * change (a tenant transaction works), so the event commits with it or not at all. Returns the
 * delivery (message) ids.
 */
export async function emitWebhookEvent(tx: Executor, event: WebhookEvent): Promise<string[]> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.tenantId, event.tenantId), eq(webhookEndpoints.status, 'active')));
  const ids: string[] = [];
  const payload = { type: event.type, timestamp: (event.at ?? new Date()).toISOString(), data: event.data };
  for (const endpoint of endpoints) {
    if (!endpoint.events.includes(event.type)) continue;
    const id = newMessageId();
    await tx
      .insert(webhookDeliveries)
      .values({ id, tenantId: event.tenantId, endpointId: endpoint.id, eventType: event.type, payload });
    await enqueue(tx, {
      queue: 'webhook',
      tenantId: event.tenantId,
      payload: { deliveryId: id },
      dedupeKey: webhookDedupeKey(id),
      maxAttempts: 8,
    });
    ids.push(id);
  }
  return ids;
}
