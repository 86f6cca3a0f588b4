import { z } from 'zod';
import { pageOf, stampsOutput } from './records';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_ENDPOINT_STATUSES, WEBHOOK_EVENT_TYPES } from './enums';
import { hasUnstorableText, text, TEXT_MESSAGES } from './text';

// Messages are i18n keys of locales/<lng>/webhooks.json; the client translates.
const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 25;

const url = z
  .url('webhooks.validation.urlInvalid')
  .max(WEBHOOK_URL_MAX, 'webhooks.validation.urlTooLong')
  .refine((s) => !hasUnstorableText(s), { error: TEXT_MESSAGES.unstorable, abort: true });
const description = text().max(200, 'webhooks.validation.descriptionTooLong');
const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, 'webhooks.validation.eventsRequired'))
  .min(1, 'webhooks.validation.eventsRequired')
  .max(WEBHOOK_EVENT_TYPES.length);

export const createWebhookInput = z.object({ url, description: description.optional(), events });
export const updateWebhookInput = z.object({
  endpointId: z.uuid(),
  url: url.optional(),
  description: description.optional(),
  events: events.optional(),
  /** true re-enables an endpoint that was disabled (e.g. after a 410 Gone). */
  enabled: z.boolean().optional(),
});
export const webhookIdInput = z.object({ endpointId: z.uuid() });
export const deliveriesInput = z.object({ endpointId: z.uuid(), page: z.number().int().min(1).max(10_000).default(1) });
export const deliveryIdInput = z.object({ deliveryId: z.string().regex(/^msg_[A-Za-z0-9_-]{10,40}$/) });

export const webhookEndpointOutput = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  status: z.enum(WEBHOOK_ENDPOINT_STATUSES),
  disabledReason: z.string().nullable(),
  /** `whsec_` and the first characters only: the secret itself is shown once. */
  secretPreview: z.string(),
  /** While a rotated secret still signs too (24 h after a rotation). */
  rotatingUntil: z.string().nullable(),
  ...stampsOutput,
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointOutput>;

/** The answer to create and rotate: the only time the full secret is shown. */
export const webhookWithSecretOutput = z.object({ endpoint: webhookEndpointOutput, secret: z.string() });

const webhookDeliveryOutput = z.object({
  id: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export const webhookDeliveriesOutput = pageOf(webhookDeliveryOutput);
