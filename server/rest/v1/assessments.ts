import { eq } from 'drizzle-orm';
import { tenantRunnerFor } from '../../access/tenant-runner';
import { assessments } from '../../../db/schema';
import { AppError } from '../../errors';
import { viewerLanguage } from '../../services/reports/i18n';
import { getReport } from '../../services/reports/reports';
import { requestApiKey } from '../procedure-routes';
import { sendReportHtml } from './reports';
import type { RestContext, RestRoute } from './route';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/v1/assessments/:id/reports/download — an assessment's report as the same
 * self-contained HTML file the app downloads, for the partner holding the tenant's API key (in the
 * language of `?lang=`, else Accept-Language, else English).
 */
async function downloadAssessmentReport(ctx: RestContext) {
  const key = await requestApiKey(ctx);
  const id = ctx.params.id ?? '';
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', 'Assessment not found');
  // the API key named its tenant on the system path: the request acts for it
  const view = await tenantRunnerFor(
    ctx.deps.db,
    key.tenantId,
  )(async (tx) => {
    const [a] = await tx.select({ callId: assessments.callId }).from(assessments).where(eq(assessments.id, id));
    if (!a) throw new AppError('NOT_FOUND', 'Assessment not found');
    if (!a.callId) throw new AppError('NOT_FOUND', 'The assessment has no report yet');
    // the key reads its tenant's assessment reports as the tenant's managers do
    return getReport(tx, { userId: key.apiKeyId, role: 'sales_manager' }, a.callId);
  });
  if (view.status !== 'ready') throw new AppError('NOT_FOUND', 'The report is not ready yet');
  sendReportHtml(
    ctx,
    view,
    viewerLanguage({ query: ctx.url.searchParams.get('lang'), acceptLanguage: ctx.req.headers['accept-language'] }),
  );
}

export const assessmentRoutes: RestRoute[] = [
  { method: 'GET', path: '/api/v1/assessments/:id/reports/download', apiKey: true, handler: downloadAssessmentReport },
];
