import { z } from 'zod';
import { resolveTenantAccess } from '../../access/tenant-access';
import { roleOf } from '../../contracts/roles';
import { AppError } from '../../errors';
import {
  certificateDocument,
  certificateFileName,
  renderCertificateHtml,
  renderCertificatePdf,
} from '../../services/certifications/document';
import { translator, viewerLanguage } from '../../services/reports/i18n';
import { requireSession, type RestContext, type RestRoute } from './route';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/v1/certificates/:certificateId/download?format=pdf|html — the certificate as a PDF (the
 * default) or one self-contained HTML page, in the viewer's language: for its holder, their manager
 * and the tenant's admins (anyone else: 404, as for a certificate that does not exist).
 */
async function downloadCertificate(ctx: RestContext) {
  const s = requireSession(await ctx.session());
  const role = roleOf(s.user.userType);
  if (!role) throw new AppError('NO_ROLE', 'You do not have a role yet');
  const id = ctx.params.certificateId ?? '';
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', 'Certificate not found');
  const access = await resolveTenantAccess(ctx.deps.db, s.user, role, { clientId: null });
  const lng = viewerLanguage({
    query: ctx.url.searchParams.get('lang'),
    saved: s.user.language,
    acceptLanguage: ctx.req.headers['accept-language'],
  });
  const doc = await access.tenant((tx) =>
    certificateDocument(tx, { tenantId: access.tenantId, userId: s.user.id, role }, { certificateId: id, lng }),
  );
  const pdf = ctx.url.searchParams.get('format') !== 'html';
  const t = translator(lng);
  const body = pdf ? await renderCertificatePdf(doc, t) : Buffer.from(renderCertificateHtml(doc, lng, t), 'utf8');
  ctx.res.writeHead(200, {
    'Content-Type': pdf ? 'application/pdf' : 'text/html; charset=utf-8',
    'Content-Length': String(body.length),
    'Content-Disposition': `attachment; filename="${certificateFileName(doc, pdf ? 'pdf' : 'html')}"`,
    'Content-Language': lng,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  ctx.res.end(ctx.req.method === 'HEAD' ? undefined : body);
}

export const certificatesRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/certificates/:certificateId/download',
    query: z.object({ format: z.enum(['pdf', 'html']).optional(), lang: z.string().max(20).optional() }),
    handler: downloadCertificate,
  },
];
