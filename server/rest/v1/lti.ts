import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { tenantRunnerFor } from '../../access/tenant-runner';
import type { Language } from '../../contracts/languages';
import { LTI_PATHS } from '../../contracts/lti';
import { AppError } from '../../errors';
import { serverTranslator } from '../../i18n';
import { logger } from '../../logger';
import { tenantJwks } from '../../services/lms/keys';
import { answerDeepLinking, type DeepLinkingPage } from '../../services/lms/lti/deep-linking';
import { completeLtiLaunch } from '../../services/lms/lti/launch';
import { loginParams, LOGIN_STATE_TTL_MS, startLtiLogin, stateCookieName } from '../../services/lms/lti/login';
import { LtiRefusal } from '../../services/lms/lti/refusal';
import { viewerLanguage } from '../../services/reports/i18n';
import { requestOrigin } from './google-redirect';
import { defineRoute, queryObject, type RestContext, type RestRoute } from './route';

/*
 * Spar as an LTI 1.3 tool: the OIDC login initiation of each registered platform, the launch
 * (redirect URI) for resource links and deep linking, the deep-linking choice, and the tenant's
 * public keys. The checks are server/services/lms/lti/*'s; this file reads the browser's forms,
 * keeps the login's state cookie and answers the browser: a redirect, a page in the browser's
 * language, or a refusal page with its reason.
 */

const COOKIE_PATH = '/api/v1/lti/';
const secureCookies = (ctx: RestContext) => ctx.meta.secure || ctx.deps.env.isProduction;
// the launch is a cross-site POST from the platform (often in its iframe): only a SameSite=None
// cookie goes with it, and browsers take those over https only; over plain http (development,
// tests: the platform on another port of the same host is the same site) Lax is sent
const stateCookie = (ctx: RestContext, name: string, value: string, maxAge: number) =>
  `${name}=${value}; HttpOnly; Path=${COOKIE_PATH}; Max-Age=${maxAge}; ${secureCookies(ctx) ? 'SameSite=None; Secure' : 'SameSite=Lax'}`;
const base = (ctx: RestContext) => (ctx.deps.env.PUBLIC_URL ?? requestOrigin(ctx.meta)).replace(/\/+$/, '');
const allowPrivate = (ctx: RestContext) => ctx.deps.env.WEBHOOKS_ALLOW_PRIVATE_URLS ?? false;
const languageOf = (ctx: RestContext): Language =>
  viewerLanguage({ acceptLanguage: ctx.req.headers['accept-language'] });

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const AUTO_SUBMIT = 'document.forms[0].submit();';
const AUTO_SUBMIT_HASH = createHash('sha256').update(AUTO_SUBMIT).digest('base64');
const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1a1b1e;line-height:1.5}' +
  'h1{font-size:1.4rem}fieldset{border:1px solid #dee2e6;border-radius:8px;margin:1rem 0;padding:.5rem 1rem}' +
  'label{display:block;padding:.25rem 0}button{font-size:1rem;padding:.5rem 1rem;border-radius:6px;border:0;background:#228be6;color:#fff;cursor:pointer}' +
  '.reason{color:#868e96;font-size:.85rem}';
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

function page(
  res: ServerResponse,
  o: { status: number; lng: Language; title: string; body: string; csp: string; cookies?: string[] },
) {
  res.writeHead(o.status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': o.csp,
    'Referrer-Policy': 'no-referrer',
    ...(o.cookies?.length ? { 'Set-Cookie': o.cookies } : {}),
  });
  res.end(
    `<!doctype html><html lang="${o.lng}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(o.title)}</title><style>${STYLE}</style></head><body>${o.body}</body></html>`,
  );
}

const staticCsp = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action 'self'; base-uri 'none'`;

/** The refusal page: what went wrong, in the browser's language, with the reason's key for support. */
function refusalPage(ctx: RestContext, refusal: LtiRefusal, cookies: string[] = []) {
  const lng = languageOf(ctx);
  const t = serverTranslator(lng, 'lti');
  if (refusal.detail) logger.info({ reason: refusal.code, detail: refusal.detail }, 'LTI launch refused');
  page(ctx.res, {
    status: refusal.status,
    lng,
    title: t('page.refusedTitle'),
    body: `<main><h1>${escapeHtml(t('page.refusedTitle'))}</h1><p data-reason="${escapeHtml(refusal.code)}">${escapeHtml(t(refusal.code.replace(/^lti\./, '')))}</p><p>${escapeHtml(t('page.refusedHint'))}</p><p class="reason">${escapeHtml(refusal.code)}</p></main>`,
    csp: staticCsp,
    cookies,
  });
}

/** Runs a browser step: a refusal is answered with its page (the launch log has it when the platform was known). */
async function asPage(ctx: RestContext, step: () => Promise<void>) {
  try {
    await step();
  } catch (e) {
    if (e instanceof LtiRefusal) return refusalPage(ctx, e);
    if (e instanceof AppError && e.code === 'VALIDATION')
      return refusalPage(ctx, new LtiRefusal('lti.errors.malformedRequest', 400, e.message));
    throw e;
  }
}

/** The fields of a posted form (application/x-www-form-urlencoded); anything else is a malformed request. */
async function formOf(ctx: RestContext): Promise<Record<string, string>> {
  const type = (ctx.req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    ctx.req.resume();
    throw new LtiRefusal('lti.errors.malformedRequest', 400, `content type ${type || '(none)'}`);
  }
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [k, v] of new URLSearchParams(await ctx.rawBody())) if (!(k in out)) out[k] = v;
  return out;
}

function parsed<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw new LtiRefusal('lti.errors.malformedRequest', 400, r.error.message);
  return r.data;
}

const platformIdOf = (ctx: RestContext) => {
  const id = ctx.params.platformId ?? '';
  if (!z.uuid().safeParse(id).success) throw new LtiRefusal('lti.errors.unknownPlatform', 404);
  return id;
};

async function login(ctx: RestContext, fields: Record<string, string>) {
  await asPage(ctx, async () => {
    const platformId = platformIdOf(ctx);
    const params = parsed(loginParams, fields);
    const started = await startLtiLogin(ctx.deps.db, {
      platformId,
      params,
      redirectUri: `${base(ctx)}${LTI_PATHS.launch}`,
    });
    ctx.res.writeHead(302, {
      Location: started.location,
      'Set-Cookie': [stateCookie(ctx, started.cookieName, started.state, LOGIN_STATE_TTL_MS / 1000)],
      'Cache-Control': 'no-store',
    });
    ctx.res.end();
  });
}

/** GET …/:platformId/login — third-party-initiated login (the platform's redirect). */
const loginGet = defineRoute({
  method: 'GET',
  path: '/api/v1/lti/:platformId/login',
  auth: 'public',
  handler: (ctx) => login(ctx, queryObject(ctx.url)),
});

/** POST …/:platformId/login — the same login as a form the platform's page posts. */
const loginPost = defineRoute({
  method: 'POST',
  path: '/api/v1/lti/:platformId/login',
  auth: 'public',
  streamsBody: true,
  handler: async (ctx) => {
    let fields: Record<string, string> = {};
    try {
      fields = { ...queryObject(ctx.url), ...(await formOf(ctx)) };
    } catch (e) {
      if (e instanceof LtiRefusal) return refusalPage(ctx, e);
      throw e;
    }
    await login(ctx, fields);
  },
});

const launchForm = z.object({ id_token: z.string().min(1).max(20_000), state: z.string().min(1).max(200) });

function deepLinkingPage(ctx: RestContext, picker: DeepLinkingPage, cookies: string[]) {
  const lng = languageOf(ctx);
  const t = serverTranslator(lng, 'lti');
  const group = (legend: string, items: DeepLinkingPage['simulations']) =>
    items.length
      ? `<fieldset><legend>${escapeHtml(legend)}</legend>${items
          .map(
            (i) =>
              `<label><input type="radio" name="target" value="${escapeHtml(i.value)}" required> ${escapeHtml(i.name)}</label>`,
          )
          .join('')}</fieldset>`
      : '';
  const empty = !picker.simulations.length && !picker.certifications.length;
  page(ctx.res, {
    status: 200,
    lng,
    title: t('page.chooseTitle'),
    body: `<main><h1>${escapeHtml(t('page.chooseTitle'))}</h1><p>${escapeHtml(t('page.chooseIntro'))}</p>${
      empty
        ? `<p>${escapeHtml(t('page.nothingToChoose'))}</p>`
        : `<form method="post" action="${LTI_PATHS.deepLink}"><input type="hidden" name="session" value="${escapeHtml(picker.session)}">${group(
            t('page.simulations'),
            picker.simulations,
          )}${group(t('page.certifications'), picker.certifications)}<button type="submit">${escapeHtml(t('page.addToCourse'))}</button></form>`
    }</main>`,
    csp: staticCsp,
    cookies,
  });
}

/**
 * POST /api/v1/lti/launch — the redirect URI: the platform's form (id_token, state) posted from
 * its site. A resource link goes on (303) to the learner page; a deep-linking request gets the
 * page to choose an exercise; anything refused gets a page saying why.
 */
const launch = defineRoute({
  method: 'POST',
  path: LTI_PATHS.launch,
  auth: 'public',
  streamsBody: true,
  handler: async (ctx) => {
    let cleared: string[] = [];
    try {
      const fields = await formOf(ctx);
      // the platform could not authenticate the user (an OIDC error answer instead of a launch)
      if (fields.error && !fields.id_token) throw new LtiRefusal('lti.errors.platformError', 400, fields.error);
      const form = parsed(launchForm, fields);
      cleared = [stateCookie(ctx, stateCookieName(form.state), '', 0)];
      const outcome = await completeLtiLaunch(ctx.deps.db, ctx.deps.env, {
        idToken: form.id_token,
        state: form.state,
        cookies: ctx.cookies,
        allowPrivate: allowPrivate(ctx),
        base: base(ctx),
        tenantRunner: (tenantId) => tenantRunnerFor(ctx.deps.db, tenantId),
      });
      if (outcome.kind === 'deepLinking') return deepLinkingPage(ctx, outcome.page, cleared);
      ctx.res.writeHead(303, { Location: outcome.path, 'Set-Cookie': cleared, 'Cache-Control': 'no-store' });
      ctx.res.end();
    } catch (e) {
      if (e instanceof LtiRefusal) return refusalPage(ctx, e, cleared);
      throw e;
    }
  },
});

const deepLinkForm = z.object({ session: z.string().min(1).max(20_000), target: z.string().min(1).max(200) });

/**
 * POST /api/v1/lti/deep-link — the instructor's choice from the deep-linking page: a page that
 * posts the signed LtiDeepLinkingResponse (`JWT`) to the platform's return URL.
 */
const deepLink = defineRoute({
  method: 'POST',
  path: LTI_PATHS.deepLink,
  auth: 'public',
  streamsBody: true,
  handler: (ctx) =>
    asPage(ctx, async () => {
      const form = parsed(deepLinkForm, await formOf(ctx));
      const answer = await answerDeepLinking(ctx.deps.db, ctx.deps.env, {
        session: form.session,
        target: form.target,
        base: base(ctx),
        tenantRunner: (tenantId) => tenantRunnerFor(ctx.deps.db, tenantId),
      });
      const lng = languageOf(ctx);
      const t = serverTranslator(lng, 'lti');
      page(ctx.res, {
        status: 200,
        lng,
        title: t('page.returning'),
        body: `<form method="post" action="${escapeHtml(answer.returnUrl)}"><input type="hidden" name="JWT" value="${escapeHtml(answer.jwt)}"><p>${escapeHtml(t('page.returning'))}</p><button type="submit">${escapeHtml(t('page.continue'))}</button></form><script>${AUTO_SUBMIT}</script>`,
        csp: `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; script-src 'sha256-${AUTO_SUBMIT_HASH}'; form-action ${new URL(answer.returnUrl).origin}; base-uri 'none'`,
      });
    }),
});

/** GET /api/v1/lti/jwks/:tenantId — the tenant's public keys (its launches' and grade requests' signatures). */
const jwks = defineRoute({
  method: 'GET',
  path: '/api/v1/lti/jwks/:tenantId',
  auth: 'public',
  handler: async (ctx) => {
    const tenantId = ctx.params.tenantId ?? '';
    if (!z.uuid().safeParse(tenantId).success) throw new AppError('NOT_FOUND', 'No such key set');
    const set = await tenantJwks(ctx.deps.db, tenantId);
    ctx.res.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
      'Access-Control-Allow-Origin': '*',
    });
    ctx.res.end(JSON.stringify(set));
  },
});

export const ltiRoutes: RestRoute[] = [
  loginGet,
  { ...loginPost, crossSite: true },
  { ...launch, crossSite: true },
  { ...deepLink, crossSite: true },
  jwks,
];
