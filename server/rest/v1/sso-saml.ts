import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { sessionCookie } from '../../auth/session';
import { AppError } from '../../errors';
import { enabledSamlTenant, finishSamlSignIn, samlSpMetadata, startSamlSignIn } from '../../services/sso/saml';
import { requestOrigin } from './google-redirect';
import { defineRoute, type RestContext, type RestRoute } from './route';

/*
 * SAML 2.0 single sign-on, Spar as the service provider of each tenant (`clientSchema` names the
 * tenant): the SP metadata the IdP imports, the start (an AuthnRequest to the IdP) and the
 * assertion consumer service the IdP posts its answer to. The checks are
 * server/services/sso/saml.ts's.
 */

/** The AuthnRequest's id, kept by the browser that started the sign-in until the IdP's answer comes back. */
const REQUEST_COOKIE = 'spar_saml_request';
const COOKIE_PATH = '/api/v1/auth/sso/saml/';
// the IdP's answer is a cross-site POST: only a SameSite=None cookie goes with it, and browsers
// take those over https only; over plain http (development on localhost, where the IdP on
// another port is the same site) Lax is sent
const requestCookie = (value: string, secure: boolean, maxAge: number) =>
  `${REQUEST_COOKIE}=${value}; HttpOnly; Path=${COOKIE_PATH}; Max-Age=${maxAge}; ${secure ? 'SameSite=None; Secure' : 'SameSite=Lax'}`;
const secureCookies = (ctx: RestContext) => ctx.meta.secure || ctx.deps.env.isProduction;

const base = (ctx: RestContext) => ctx.deps.env.PUBLIC_URL ?? requestOrigin(ctx.meta);

function redirect(res: ServerResponse, location: string, cookies: string[]) {
  res.writeHead(302, { Location: location, 'Set-Cookie': cookies, 'Cache-Control': 'no-store' });
  res.end();
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const AUTO_SUBMIT = 'document.forms[0].submit();';
const AUTO_SUBMIT_HASH = createHash('sha256').update(AUTO_SUBMIT).digest('base64');

/** The page that posts an AuthnRequest to an IdP that takes HTTP-POST only: submitted by script, or by its button. */
function postBindingPage(res: ServerResponse, to: { url: string; fields: Record<string, string> }, cookie: string) {
  const { url: idpUrl, fields } = to;
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>SSO</title></head><body><form method="post" action="${escapeHtml(idpUrl)}">${inputs}<button type="submit">Continue</button></form><script>${AUTO_SUBMIT}</script></body></html>`;
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': `default-src 'none'; script-src 'sha256-${AUTO_SUBMIT_HASH}'; form-action ${new URL(idpUrl).origin}; frame-ancestors 'none'; base-uri 'none'`,
    'Set-Cookie': cookie,
  });
  res.end(html);
}

/** GET …/metadata — the SP metadata XML (entity id, ACS) for the tenant's IdP. */
const metadata = defineRoute({
  method: 'GET',
  path: '/api/v1/auth/sso/saml/:clientSchema/metadata',
  auth: 'public',
  handler: async (ctx) => {
    const xml = await samlSpMetadata(ctx.deps.db, { clientSchema: ctx.params.clientSchema ?? '', base: base(ctx) });
    ctx.res.writeHead(200, {
      'Content-Type': 'application/samlmetadata+xml; charset=utf-8',
      'Cache-Control': 'no-cache',
    });
    ctx.res.end(xml);
  },
});

/** GET …/login?returnTo= — to the IdP with an AuthnRequest; 404 when the tenant has no SAML sign-in on. */
const login = defineRoute({
  method: 'GET',
  path: '/api/v1/auth/sso/saml/:clientSchema/login',
  auth: 'public',
  query: z.object({ returnTo: z.string().max(2000).optional() }),
  handler: async (ctx) => {
    const to = await startSamlSignIn(ctx.deps.db, {
      clientSchema: ctx.params.clientSchema ?? '',
      base: base(ctx),
      returnTo: ctx.query.returnTo,
    });
    const cookie = requestCookie(to.requestId, secureCookies(ctx), 600);
    if ('redirect' in to) redirect(ctx.res, to.redirect, [cookie]);
    else postBindingPage(ctx.res, to.post, cookie);
  },
});

/**
 * POST …/acs — the IdP's answer (a form: SAMLResponse, RelayState). Posted by the browser from
 * the IdP's site, so the same-origin check of cookie-borne writes does not apply: the response's
 * signature and its InResponseTo (the request this browser started, its cookie; used once) are
 * what prove it. A request that
 * is no SAML answer at all (no form, no SAMLResponse) is a 400 in our error shape; an answer that
 * fails a check goes to the sign-in page with `sso_error=<reason>`; a good one sets the session
 * cookie and goes to the person's home, or to the `returnTo` the sign-in started with.
 */
const acs = defineRoute({
  method: 'POST',
  path: '/api/v1/auth/sso/saml/:clientSchema/acs',
  auth: 'public',
  streamsBody: true,
  handler: async (ctx) => {
    const tenant = await enabledSamlTenant(ctx.deps.db, ctx.params.clientSchema ?? '');
    const type = (ctx.req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') {
      ctx.req.resume();
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the IdP’s form (application/x-www-form-urlencoded)');
    }
    const samlResponse = new URLSearchParams(await ctx.rawBody()).get('SAMLResponse')?.trim();
    if (!samlResponse || !/^[A-Za-z0-9+/=\r\n]+$/.test(samlResponse))
      throw new AppError('VALIDATION', 'SAMLResponse is missing', { fieldErrors: { SAMLResponse: ['required'] } });
    const result = await finishSamlSignIn(ctx.deps.db, {
      tenant,
      base: base(ctx),
      samlResponse,
      browserRequestId: ctx.cookies[REQUEST_COOKIE] ?? null,
      ip: ctx.meta.ip,
      userAgent: ctx.meta.userAgent ?? null,
    });
    const cleared = requestCookie('', secureCookies(ctx), 0);
    if (!result.ok) return redirect(ctx.res, `/login?sso_error=${result.code}`, [cleared]);
    redirect(ctx.res, result.location, [
      cleared,
      sessionCookie(result.token, result.expiresAt, { secure: secureCookies(ctx) }),
    ]);
  },
});

export const ssoSamlRoutes: RestRoute[] = [metadata, login, { ...acs, crossSite: true }];
