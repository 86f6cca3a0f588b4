import { ACCESS } from '../../access/roles';
import { z } from 'zod';
import {
  apiKeyIdInput,
  apiKeyOutput,
  generateApiKeyInput,
  generatedApiKeyOutput,
  integrationInfoOutput,
} from '../../contracts/api-keys';
import { ASSESSMENT_LINK_HOURS } from '../../contracts/assessments';
import { baseUrlOf } from '../../services/assessments/links';
import { generateApiKey, listApiKeys, revokeApiKey } from '../../services/api-keys/api-keys';
import { tenantAudited } from '../../trpc/audit-origin';
import { accessProcedure, router } from '../../trpc/init';

/** /assessments: admins and managers manage their tenant's partner keys. */

export const apiKeysRouter = router({
  list: accessProcedure({ roles: ACCESS.managers })
    .output(z.array(apiKeyOutput))
    .query(({ ctx }) => ctx.tenant((tx) => listApiKeys(tx))),

  /** The full key is in this answer only. */
  generate: accessProcedure({ roles: ACCESS.managers })
    .input(generateApiKeyInput)
    .output(generatedApiKeyOutput)
    .mutation(({ ctx, input }) =>
      tenantAudited(
        ctx,
        (tx) => generateApiKey(tx, { tenantId: ctx.tenantId, userId: ctx.user.id }, input.integration),
        (r) => ({ action: 'api_keys.created', target: r.apiKey.prefix, detail: r.apiKey.integration }),
      ),
    ),

  revoke: accessProcedure({ roles: ACCESS.managers })
    .input(apiKeyIdInput)
    .output(apiKeyOutput)
    .mutation(({ ctx, input }) =>
      tenantAudited(
        ctx,
        (tx) => revokeApiKey(tx, { userId: ctx.user.id }, input.apiKeyId),
        (k) => ({ action: 'api_keys.revoked', target: k.prefix, detail: k.integration }),
      ),
    ),

  /** The integration-information panel: where the API is and what Greenhouse needs. */
  integrationInfo: accessProcedure({ roles: ACCESS.managers })
    .output(integrationInfoOutput)
    .query(({ ctx }) => {
      const base = baseUrlOf(ctx.deps.env, ctx.req);
      return {
        baseUrl: `${base}/api/v1`,
        openApiUrl: `${base}/api/v1/openapi.json`,
        docsUrl: `${base}/api/docs`,
        greenhouse: {
          listTestsUrl: `${base}/api/v1/greenhouse/list_tests`,
          sendTestUrl: `${base}/api/v1/greenhouse/send_test`,
          testStatusUrl: `${base}/api/v1/greenhouse/test_status`,
          responseErrorUrl: `${base}/api/v1/greenhouse/response_error`,
        },
        rateLimitPerMinute: ctx.deps.env.API_KEY_RATE_LIMIT_PER_MINUTE,
        linkValidityHours: Math.round(ctx.deps.env.ASSESSMENT_LINK_TTL_HOURS * 100) / 100 || ASSESSMENT_LINK_HOURS,
      };
    }),
});
