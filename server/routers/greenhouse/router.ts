import {
  listTestsOutput,
  responseErrorInput,
  responseErrorOutput,
  sendTestInput,
  sendTestOutput,
  testStatusInput,
  testStatusOutput,
} from '../../contracts/greenhouse';
import { listTests, recordResponseError, sendTest, testStatus } from '../../services/greenhouse/greenhouse';
import { withFieldIssues } from '../../integrations/greenhouse/validation';
import { baseUrlOf } from '../../services/assessments/links';
import { apiKeyProcedure, router } from '../../trpc/init';

const tags = ['Greenhouse'];
const path = (name: string) => `/api/v1/greenhouse/${name}` as const;
/** A refused input names each field by its path with an English message (server/integrations/greenhouse/validation.ts). */
const greenhouseProcedure = apiKeyProcedure.use(({ next }) => withFieldIssues(next));

/**
 * The partner side of Greenhouse's Assessment API (docs/greenhouse.md). Greenhouse calls these
 * with the tenant's API key as HTTP Basic username; answers are Greenhouse's shapes.
 */
export const greenhouseRouter = router({
  listTests: greenhouseProcedure
    .meta({
      rest: {
        method: 'GET',
        path: path('list_tests'),
        summary: 'Greenhouse: the tests (simulations available as assessments)',
        auth: 'apiKey',
        tags,
      },
    })
    .output(listTestsOutput)
    .query(({ ctx }) => ctx.tenant((tx) => listTests(tx))),

  sendTest: greenhouseProcedure
    .meta({
      rest: {
        method: 'POST',
        path: path('send_test'),
        errors: ['IDEMPOTENCY_CONFLICT', 'SIMULATION_NOT_ASSESSABLE'],
        summary:
          'Greenhouse: send a test to a candidate (Spar e-mails the link); a retry answers the same partner_interview_id',
        auth: 'apiKey',
        tags,
        headers: { 'Idempotency-Key': 'idempotency_key' },
      },
    })
    .input(sendTestInput)
    .output(sendTestOutput)
    .mutation(({ ctx, input }) =>
      sendTest({
        tenant: ctx.tenant,
        env: ctx.deps.env,
        key: ctx.apiKey,
        input,
        baseUrl: baseUrlOf(ctx.deps.env, ctx.req),
      }),
    ),

  testStatus: greenhouseProcedure
    .meta({
      rest: {
        method: 'GET',
        path: path('test_status'),
        summary: "Greenhouse: a test's status, score and report link",
        auth: 'apiKey',
        tags,
      },
    })
    .input(testStatusInput)
    .output(testStatusOutput)
    .query(({ ctx, input }) => ctx.tenant((tx) => testStatus(tx, input.partner_interview_id))),

  responseError: greenhouseProcedure
    .meta({
      rest: {
        method: 'POST',
        path: path('response_error'),
        summary: 'Greenhouse: an answer of ours Greenhouse could not use (stored for support)',
        auth: 'apiKey',
        tags,
      },
    })
    .input(responseErrorInput)
    .output(responseErrorOutput)
    .mutation(({ ctx, input }) => ctx.tenant((tx) => recordResponseError(tx, ctx.apiKey, input))),
});
