import { ACCESS } from '../../access/roles';
import { z } from 'zod';
import { LINK_TOKEN_PATTERN } from '../../contracts/assessments';
import { generateLinksInput, type GenerateStreamLine } from '../../contracts/campaigns';
import { roleOf } from '../../contracts/roles';
import { resolveTenantAccess } from '../../access/tenant-access';
import { AppError, isAppError } from '../../errors';
import { logger } from '../../logger';
import { baseUrlOf } from '../../services/assessments/links';
import { generateLinks } from '../../services/campaigns/generate';
import { guestReportView } from '../../services/campaigns/guest';
import { viewerLanguage } from '../../services/reports/i18n';
import { sendReportHtml } from './reports';
import { defineRoute, parseInput, type RestRoute } from './route';

/**
 * POST /api/v1/cta/links/generate — a campaign's links for up to 2,000 entries, in one
 * transaction, answered as newline-delimited JSON: `{"type":"progress","done","total"}` lines while
 * the links are written, then `{"type":"result",…}` (or `{"type":"error",…}` when the transaction
 * failed and nothing was written). A malformed request, a refused batch (over 2,000 entries, no
 * valid entry) or a missing campaign is an ordinary error answer before the stream starts.
 */
const generate = defineRoute({
  method: 'POST',
  path: '/api/v1/cta/links/generate',
  handler: async (ctx) => {
    const role = roleOf(ctx.signedIn.user.userType);
    // the role before the body: a caller without it learns nothing from the request's shape
    const access = await resolveTenantAccess(ctx.deps.db, ctx.signedIn.user, role, { roles: ACCESS.campaignOwners });
    const input = parseInput(generateLinksInput, await ctx.body());
    const { res } = ctx;
    let started = false;
    const write = (line: GenerateStreamLine) => {
      if (!started) {
        started = true;
        res.writeHead(200, {
          'Content-Type': 'application/x-ndjson; charset=utf-8',
          'Cache-Control': 'no-store',
          'X-Accel-Buffering': 'no',
        });
      }
      res.write(`${JSON.stringify(line)}\n`);
    };
    try {
      const result = await generateLinks({
        tenant: access.runner,
        env: ctx.deps.env,
        input,
        opts: {
          tenantId: access.tenantId,
          userId: ctx.signedIn.user.id,
          baseUrl: baseUrlOf(ctx.deps.env, ctx.meta),
          // the first progress line only once links are being written: refusals stay plain errors
          onProgress: (done, total) => write({ type: 'progress', done, total }),
        },
      });
      write({ type: 'result', result });
      res.end();
    } catch (e) {
      if (!started) throw e;
      const known = isAppError(e);
      if (!known) logger.error({ err: e }, 'magic link generation failed');
      write({
        type: 'error',
        error: { code: known ? e.code : 'INTERNAL', message: known ? e.message : 'Failed to generate magic links' },
      });
      res.end();
    }
  },
});

/** GET /api/v1/cta/reports/:id/download?token= — the guest's report as the self-contained HTML file, with the link's token. */
const download = defineRoute({
  method: 'GET',
  path: '/api/v1/cta/reports/:id/download',
  auth: 'public',
  query: z.object({
    token: z.string().regex(LINK_TOKEN_PATTERN, 'cta.link.malformed'),
    lang: z.string().max(10).optional(),
  }),
  handler: async (ctx) => {
    const id = ctx.params.id ?? '';
    if (!z.uuid().safeParse(id).success) throw new AppError('MAGIC_LINK_INVALID', 'This link is invalid');
    const { view, language } = await guestReportView(ctx.deps.db, id, ctx.query.token);
    sendReportHtml(
      ctx,
      view,
      viewerLanguage({ query: ctx.query.lang ?? language, acceptLanguage: ctx.req.headers['accept-language'] }),
    );
  },
});

export const ctaRoutes: RestRoute[] = [generate, download];
