import type { ServerResponse } from 'node:http';
import { ACCESS } from '../../access/roles';
import { resolveTenantAccess } from '../../access/tenant-access';
import { tenantRunnerFor } from '../../access/tenant-runner';
import { recordAudit } from '../../../db/audit';
import { roleOf } from '../../contracts/roles';
import { lmsLaunchResultOutput } from '../../contracts/lms';
import { createScormPackageInput, scormLaunchInput } from '../../contracts/scorm';
import { isAppError } from '../../errors';
import { sendJson } from '../../http/respond';
import { launchResult } from '../../services/lms/launches';
import { refusalError, scormLaunch } from '../../services/lms/scorm/launch';
import { createScormPackage } from '../../services/lms/scorm/packages';
import { languageFromAcceptHeader } from '../../services/reports/i18n';
import { requestOrigin } from './google-redirect';
import { defineRoute, parseInput, type RestContext, type RestRoute } from './route';

/*
 * SCORM packages: a manager creates one and downloads its zip in the same request; the package's
 * launch page, running on the LMS's site, opens a launch and then reads its status. Those two are
 * called from any site by design: they answer CORS for any origin, without credentials (no cookie
 * is read; the package's key, then the launch token, are what prove the caller).
 */

const base = (ctx: RestContext) => (ctx.deps.env.PUBLIC_URL ?? requestOrigin(ctx.meta)).replace(/\/+$/, '');
const lngOf = (ctx: RestContext) => languageFromAcceptHeader(ctx.req.headers['accept-language']) ?? 'en';

const CORS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Authorization, Accept, Accept-Language',
  'Access-Control-Max-Age': '600',
  Vary: 'Accept-Language',
};
/** CORS headers on whatever this response becomes (an answer or an error written by the router). */
function allowAnyOrigin(res: ServerResponse) {
  for (const [k, v] of Object.entries(CORS)) res.setHeader(k, v);
}

/**
 * POST /api/v1/lms/scorm/packages — creates a package of a simulation or certification and
 * answers its zip (the only time it can be had: its key is stored hashed).
 */
const createPackage = defineRoute({
  method: 'POST',
  path: '/api/v1/lms/scorm/packages',
  handler: async (ctx) => {
    const user = ctx.signedIn.user;
    // the role before the body: a caller without it learns nothing from the request's shape
    const access = await resolveTenantAccess(ctx.deps.db, user, roleOf(user.userType), { roles: ACCESS.managers });
    const input = parseInput(createScormPackageInput, await ctx.body());
    const created = await access.tenant(async (tx) => {
      const made = await createScormPackage(
        tx,
        { tenantId: access.tenantId, userId: user.id, origin: base(ctx) },
        input,
      );
      await recordAudit(tx, {
        tenantId: access.tenantId,
        actorUserId: user.id,
        actorLabel: user.email,
        ip: ctx.meta.ip,
        userAgent: ctx.meta.userAgent ?? null,
        action: 'scorm.package_created',
        target: made.package.title,
        detail: `${made.package.targetKind} ${made.package.targetId ?? ''} · SCORM ${made.package.version}`.trim(),
      });
      return made;
    });
    ctx.res.writeHead(200, {
      'Content-Type': 'application/zip',
      'Content-Length': String(created.zip.byteLength),
      'Content-Disposition': `attachment; filename="${created.fileName}"`,
      'Cache-Control': 'no-store',
      'X-Scorm-Package-Id': created.package.id,
    });
    ctx.res.end(Buffer.from(created.zip.buffer, created.zip.byteOffset, created.zip.byteLength));
  },
});

/** OPTIONS — the browser's CORS preflight of the two routes the package calls from the LMS's site. */
const preflight = (path: string): RestRoute => ({
  method: 'OPTIONS',
  path,
  crossSite: true,
  handler: async (ctx) => {
    ctx.res.writeHead(204, { ...CORS, 'Cache-Control': 'no-store' });
    ctx.res.end();
  },
});

/**
 * POST /api/v1/lms/scorm/launch — the package's launch page asks for a launch for its LMS learner:
 * `{ launch_id, url, token }`, or a refusal `{ error: { code, message } }` whose message is in the
 * learner's language (Accept-Language).
 */
const launch: RestRoute = {
  method: 'POST',
  path: '/api/v1/lms/scorm/launch',
  crossSite: true,
  handler: async (ctx) => {
    allowAnyOrigin(ctx.res);
    const lng = lngOf(ctx);
    let input;
    try {
      input = parseInput(scormLaunchInput, await ctx.body());
    } catch (e) {
      if (!isAppError(e) || e.code !== 'VALIDATION') throw e;
      const fields = (e.details?.fieldErrors ?? {}) as Record<string, string[] | undefined>;
      const missingLearner = fields.learner_id?.includes('scorm.launch.learnerMissing');
      throw refusalError(missingLearner ? 'learnerMissing' : 'malformed', lng);
    }
    const answer = await scormLaunch(
      { db: ctx.deps.db, env: ctx.deps.env, tenantFor: (tenantId) => tenantRunnerFor(ctx.deps.db, tenantId) },
      input,
      { origin: base(ctx), lng },
    );
    sendJson(ctx.res, 200, answer);
  },
};

/** GET /api/v1/lms/launches/status — a launch's state and result, read by the package with the launch token. */
const status: RestRoute = {
  method: 'GET',
  path: '/api/v1/lms/launches/status',
  handler: async (ctx) => {
    allowAnyOrigin(ctx.res);
    const header = ctx.req.headers.authorization ?? '';
    const token = /^Bearer\s+(\S{1,4096})$/i.exec(header.trim())?.[1];
    if (!token) throw refusalError('tokenInvalid', lngOf(ctx));
    let result;
    try {
      result = await launchResult(ctx.deps.db, token);
    } catch (e) {
      if (isAppError(e) && e.status === 401) throw refusalError('tokenInvalid', lngOf(ctx));
      throw e;
    }
    // the answer as its contract says (what the package reads)
    sendJson(ctx.res, 200, lmsLaunchResultOutput.parse(result));
  },
};

export const scormRoutes: RestRoute[] = [
  createPackage,
  launch,
  preflight('/api/v1/lms/scorm/launch'),
  status,
  preflight('/api/v1/lms/launches/status'),
];
