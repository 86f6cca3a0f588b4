import { z } from 'zod';
import { API_KEY_STATUSES } from './enums';
import { text } from './text';

// Messages are i18n keys of locales/<lng>/assessments.json; the client translates.
const API_KEY_INTEGRATION_MAX = 100;

/** "Generate" on /assessments: the integration the key is for. */
export const generateApiKeyInput = z.object({
  integration: text()
    .min(1, 'assessments.validation.integrationRequired')
    .max(API_KEY_INTEGRATION_MAX, 'assessments.validation.integrationTooLong'),
});
export const apiKeyIdInput = z.object({ apiKeyId: z.uuid() });

/** A key as the list shows it: never the key itself, only its public prefix. */
export const apiKeyOutput = z.object({
  id: z.uuid(),
  prefix: z.string(),
  integration: z.string(),
  status: z.enum(API_KEY_STATUSES),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdByName: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyOutput>;

/** The answer to "Generate": the full key, shown this once and never again. */
export const generatedApiKeyOutput = z.object({ apiKey: apiKeyOutput, key: z.string() });

/** The integration-information panel of /assessments. */
export const integrationInfoOutput = z.object({
  baseUrl: z.string(),
  openApiUrl: z.string(),
  docsUrl: z.string(),
  /** Greenhouse's Assessment partner set-up values (the endpoints it calls; the key is the username). */
  greenhouse: z.object({
    listTestsUrl: z.string(),
    sendTestUrl: z.string(),
    testStatusUrl: z.string(),
    responseErrorUrl: z.string(),
  }),
  /** Requests per minute allowed per key. */
  rateLimitPerMinute: z.number().int(),
  linkValidityHours: z.number(),
});
