import { resolveTenantAccess } from '../../access/tenant-access';
import { roleOf } from '../../contracts/roles';
import { AppError } from '../../errors';
import { renderReportHtml, reportFileName } from '../../services/reports/html';
import { translator, viewerLanguage } from '../../services/reports/i18n';
import { getReport } from '../../services/reports/reports';
import type { ReportView } from '../../contracts/reports';
import type { Language } from '../../contracts/languages';
import { requireSession, type RestContext, type RestRoute } from './route';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/v1/reports/:callId/download — the report as one self-contained HTML file (inlined
 * styles, no script, no external assets) in the viewer's language; same access as reports.get.
 */
async function downloadReport(ctx: RestContext) {
  const s = requireSession(await ctx.session());
  const role = roleOf(s.user.userType);
  if (!role) throw new AppError('NO_ROLE', 'You do not have a role yet');
  const callId = ctx.params.callId ?? '';
  if (!UUID.test(callId)) throw new AppError('NOT_FOUND', 'Report not found');
  const access = await resolveTenantAccess(ctx.deps.db, s.user, role, {
    clientId: ctx.url.searchParams.get('clientId'),
  });
  const view = await access.tenant((tx) => getReport(tx, { userId: s.user.id, role }, callId));
  const lng = viewerLanguage({
    query: ctx.url.searchParams.get('lang'),
    saved: s.user.language,
    acceptLanguage: ctx.req.headers['accept-language'],
  });
  sendReportHtml(ctx, view, lng);
}

/** The report as one self-contained HTML file, an attachment in `lng` (also the partner API's download). */
export function sendReportHtml(ctx: Pick<RestContext, 'req' | 'res'>, view: ReportView, lng: Language) {
  const body = Buffer.from(renderReportHtml(view, lng, translator(lng)), 'utf8');
  ctx.res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': String(body.length),
    'Content-Disposition': `attachment; filename="${reportFileName(view)}"`,
    'Content-Language': lng,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  ctx.res.end(ctx.req.method === 'HEAD' ? undefined : body);
}

export const reportsRoutes: RestRoute[] = [
  { method: 'GET', path: '/api/v1/reports/:callId/download', handler: downloadReport },
];
