import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { defaultNow, parentId, tenantId, tenantTable, timestamptz } from './columns';
import { authored } from './authored';
import type { WebhookDeliveryStatus, WebhookEndpointStatus, WebhookEventType } from '../../server/contracts/enums';

/**
 * A tenant's webhook endpoint (Standard Webhooks). The signing secret must be usable to sign, so it
 * is kept (not hashed) and shown in full only once, at creation and at rotation. During a rotation
 * the previous secret also signs until `previousSecretExpiresAt` (two signatures in the header).
 */
export const webhookEndpoints = tenantTable(
  'webhook_endpoints',
  {
    url: text().notNull(),
    description: text().notNull().default(''),
    events: jsonb().$type<WebhookEventType[]>().notNull(),
    secret: text().notNull(),
    previousSecret: text(),
    previousSecretExpiresAt: timestamptz(),
    status: text().$type<WebhookEndpointStatus>().notNull().default('active'),
    /** Why the endpoint was disabled (e.g. the receiver answered 410 Gone). */
    disabledReason: text(),
    ...authored(),
  },
  (t) => [index('webhook_endpoints_tenant_idx').on(t.tenantId, t.createdAt)],
);

/**
 * One message to one endpoint. `id` is the Standard Webhooks `webhook-id` (`msg_…`), the same on
 * every retry and resend, so the receiver can de-duplicate. `payload` is the exact JSON body.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text().primaryKey(),
    tenantId: tenantId(),
    endpointId: parentId(() => webhookEndpoints.id),
    eventType: text().$type<WebhookEventType>().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text().$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastStatusCode: integer(),
    lastError: text(),
    lastAttemptAt: timestamptz(),
    nextAttemptAt: timestamptz(),
    deliveredAt: timestamptz(),
    createdAt: defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_tenant_idx').on(t.tenantId, t.createdAt),
  ],
);
