import { randomBytes } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../../db/schema';
import {
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  type createWebhookInput,
  type updateWebhookInput,
  type webhookDeliveriesOutput,
  type WebhookEndpointView,
} from '../../contracts/webhooks';
import { AppError } from '../../errors';
import { urlRefusal } from '../../integrations/http/outbound';
import { enqueue } from '../../jobs/queue';
import { webhookDedupeKey } from './emit';

/**
 * A tenant's webhook endpoints and their delivery log. A signing secret (`whsec_` + base64 of 32
 * random bytes, the Standard Webhooks form) must stay usable to sign, so it is stored as it is —
 * unlike API keys and links, which only need to be recognised and are kept as hashes — and shown
 * in full only in the answers to create and rotate.
 */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
/** After a rotation the previous secret signs too for this long, so receivers can switch over. */
const ROTATION_OVERLAP_MS = 24 * 3_600_000;

type Row = typeof webhookEndpoints.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function endpointView(r: Row, now = new Date()): WebhookEndpointView {
  const rotating =
    r.previousSecret && r.previousSecretExpiresAt && r.previousSecretExpiresAt > now ? r.previousSecretExpiresAt : null;
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    events: r.events,
    status: r.status,
    disabledReason: r.disabledReason,
    secretPreview: `${r.secret.slice(0, 10)}…`,
    rotatingUntil: iso(rotating),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function assertUrl(url: string, allowPrivate: boolean) {
  const refusal = urlRefusal(url, allowPrivate);
  if (refusal) throw new AppError('WEBHOOK_URL_REFUSED', 'This webhook URL cannot be used', { reason: refusal });
}

async function load(tx: Executor, endpointId: string): Promise<Row> {
  const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
  if (!row) throw new AppError('NOT_FOUND', 'Webhook endpoint not found');
  return row;
}

export async function listEndpoints(tx: Executor): Promise<WebhookEndpointView[]> {
  const rows = await tx.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt));
  return rows.map((r) => endpointView(r));
}

export async function createEndpoint({
  tx,
  actor,
  input,
  allowPrivate,
}: {
  tx: Executor;
  actor: { tenantId: string; userId: string };
  input: z.infer<typeof createWebhookInput>;
  allowPrivate: boolean;
}) {
  assertUrl(input.url, allowPrivate);
  const secret = newWebhookSecret();
  const [row] = await tx
    .insert(webhookEndpoints)
    .values({
      tenantId: actor.tenantId,
      url: input.url,
      description: input.description ?? '',
      events: [...new Set(input.events)],
      secret,
      createdBy: actor.userId,
    })
    .returning();
  return { endpoint: endpointView(row), secret };
}

export async function updateEndpoint(tx: Executor, input: z.infer<typeof updateWebhookInput>, allowPrivate: boolean) {
  await load(tx, input.endpointId);
  if (input.url !== undefined) assertUrl(input.url, allowPrivate);
  const [row] = await tx
    .update(webhookEndpoints)
    .set({
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
      ...(input.enabled === true ? { status: 'active' as const, disabledReason: null } : {}),
      ...(input.enabled === false ? { status: 'disabled' as const, disabledReason: 'Disabled by a user' } : {}),
      updatedAt: new Date(),
    })
    .where(eq(webhookEndpoints.id, input.endpointId))
    .returning();
  return endpointView(row);
}

/** A new secret; the previous one keeps signing (a second signature) for ROTATION_OVERLAP_MS. */
export async function rotateSecret(tx: Executor, endpointId: string, now = new Date()) {
  const current = await load(tx, endpointId);
  const secret = newWebhookSecret();
  const [row] = await tx
    .update(webhookEndpoints)
    .set({
      secret,
      previousSecret: current.secret,
      previousSecretExpiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS),
      updatedAt: now,
    })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning();
  return { endpoint: endpointView(row, now), secret };
}

export async function deleteEndpoint(tx: Executor, endpointId: string) {
  const row = await load(tx, endpointId);
  await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
  return { deleted: true as const, url: row.url };
}

export async function listDeliveries(
  tx: Executor,
  endpointId: string,
  page: number,
): Promise<z.infer<typeof webhookDeliveriesOutput>> {
  await load(tx, endpointId);
  const where = eq(webhookDeliveries.endpointId, endpointId);
  const [{ total }] = await tx.select({ total: count() }).from(webhookDeliveries).where(where);
  const rows = await tx
    .select()
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERIES_PAGE_SIZE)
    .offset((page - 1) * WEBHOOK_DELIVERIES_PAGE_SIZE);
  return {
    rows: rows.map((d) => ({
      id: d.id,
      eventType: d.eventType,
      status: d.status,
      attempts: d.attempts,
      lastStatusCode: d.lastStatusCode,
      lastError: d.lastError,
      lastAttemptAt: iso(d.lastAttemptAt),
      nextAttemptAt: iso(d.nextAttemptAt),
      deliveredAt: iso(d.deliveredAt),
      createdAt: d.createdAt.toISOString(),
    })),
    total: Number(total),
    page,
    pageSize: WEBHOOK_DELIVERIES_PAGE_SIZE,
  };
}

/** "Resend": the same message (same webhook-id, so a receiver can de-duplicate) queued again. */
export async function resendDelivery(tx: Executor, deliveryId: string) {
  const [d] = await tx
    .select({ id: webhookDeliveries.id, tenantId: webhookDeliveries.tenantId, endpointStatus: webhookEndpoints.status })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!d) throw new AppError('NOT_FOUND', 'Delivery not found');
  if (d.endpointStatus !== 'active') throw new AppError('CONFLICT', 'The endpoint is disabled: enable it first');
  await tx
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: new Date(), lastError: null })
    .where(and(eq(webhookDeliveries.id, deliveryId)));
  await enqueue(tx, {
    queue: 'webhook',
    tenantId: d.tenantId,
    payload: { deliveryId },
    dedupeKey: `${webhookDedupeKey(deliveryId)}:resend:${randomBytes(6).toString('hex')}`,
    maxAttempts: 8,
  });
  return { queued: true as const };
}
