import { ACCESS } from '../../access/roles';
import {
  assessmentIdInput,
  assessmentListOutput,
  assessmentSettingsOutput,
  createAssessmentInput,
  listAssessmentsInput,
  partnerAssessmentOutput,
  partnerReportOutput,
  partnerSimulationsOutput,
  updateAssessmentSettingsInput,
} from '../../contracts/assessments';
import { AppError } from '../../errors';
import { createAssessment } from '../../services/assessments/create';
import { baseUrlOf } from '../../services/assessments/links';
import {
  getAssessmentSettings,
  listAssessments,
  loadPartnerAssessment,
  loadPartnerReport,
  updateAssessmentSettings,
} from '../../services/assessments/read';
import { listAssessableSimulations } from '../../services/assessments/simulations';
import { accessProcedure, apiKeyProcedure, router } from '../../trpc/init';

const tags = ['Assessments'];

/**
 * Hiring assessments. The partner API (an applicant-tracking system with an API key, served as
 * REST under /api/v1/assessments) and the /assessments screen's list and settings.
 */
export const assessmentsRouter = router({
  simulations: apiKeyProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/v1/assessments/simulations',
        summary: 'The simulations that can be sent as assessments',
        auth: 'apiKey',
        tags,
      },
    })
    .output(partnerSimulationsOutput)
    .query(({ ctx }) => ctx.tenant(async (tx) => ({ data: await listAssessableSimulations(tx) }))),

  create: apiKeyProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/v1/assessments',
        errors: ['IDEMPOTENCY_CONFLICT', 'SIMULATION_NOT_ASSESSABLE'],
        summary: "Create a candidate's assessment link (valid 48 hours)",
        description:
          'Answers the assessment with its `link` (the only time the link is given, unless the request is repeated with the same `Idempotency-Key`, which returns the same assessment and link). With `send_email: true` Spar e-mails the invitation to the candidate.',
        auth: 'apiKey',
        tags,
        successStatus: 201,
        headers: { 'Idempotency-Key': 'idempotency_key' },
      },
    })
    .input(createAssessmentInput)
    .output(partnerAssessmentOutput)
    .mutation(
      async ({ ctx, input }) =>
        (
          await createAssessment({
            tenant: ctx.tenant,
            env: ctx.deps.env,
            key: ctx.apiKey,
            input,
            options: { baseUrl: baseUrlOf(ctx.deps.env, ctx.req) },
          })
        ).assessment,
    ),

  get: apiKeyProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/v1/assessments/{id}',
        summary: "An assessment's status, score and report links",
        auth: 'apiKey',
        tags,
      },
    })
    .input(assessmentIdInput)
    .output(partnerAssessmentOutput)
    .query(async ({ ctx, input }) => {
      const found = await ctx.tenant((tx) =>
        loadPartnerAssessment({ tx, id: input.id, baseUrl: baseUrlOf(ctx.deps.env, ctx.req) }),
      );
      if (!found) throw new AppError('NOT_FOUND', 'Assessment not found');
      return found;
    }),

  report: apiKeyProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/v1/assessments/{id}/report',
        summary: "The assessment's report as data: score, levels with the candidate's quoted evidence",
        auth: 'apiKey',
        tags,
      },
    })
    .input(assessmentIdInput)
    .output(partnerReportOutput)
    .query(async ({ ctx, input }) => {
      const found = await ctx.tenant((tx) => loadPartnerReport(tx, input.id));
      if (!found) throw new AppError('NOT_FOUND', 'Assessment not found');
      return found;
    }),

  /** The /assessments list (paged on the server). */
  list: accessProcedure({ roles: ACCESS.managers })
    .input(listAssessmentsInput)
    .output(assessmentListOutput)
    .query(({ ctx, input }) => ctx.tenant((tx) => listAssessments(tx, input))),

  settings: accessProcedure({ roles: ACCESS.managers })
    .output(assessmentSettingsOutput)
    .query(({ ctx }) => ctx.tenant((tx) => getAssessmentSettings(tx, ctx.tenantId))),

  updateSettings: accessProcedure({ roles: ACCESS.managers })
    .input(updateAssessmentSettingsInput)
    .output(assessmentSettingsOutput)
    .mutation(({ ctx, input }) => ctx.tenant((tx) => updateAssessmentSettings(tx, ctx.tenantId, input))),
});
