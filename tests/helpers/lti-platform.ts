import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWK, type JWTPayload } from 'jose';

/*
 * A learning platform on 127.0.0.1 that speaks LTI 1.3 to Spar the way the IMS documents describe
 * a platform (LTI Core 1.3, the IMS Security Framework, Deep Linking 2.0, Assignment and Grade
 * Services 2.0), written with jose:
 *  - its own RSA key and JWKS endpoint;
 *  - a course page (`/start/<hint>`) that sends the browser to the tool's login initiation URL
 *    (third-party-initiated login) with the launch named by `lti_message_hint`;
 *  - the OIDC authorization endpoint: checks the authentication request and answers the
 *    form_post page carrying a signed id_token (a resource link or deep-linking request) — or one
 *    forged the way a test asks (another key, a replayed nonce, another deployment, expired,
 *    another audience…);
 *  - the deep-linking return endpoint: verifies the tool's LtiDeepLinkingResponse against the
 *    tool's JWKS and keeps it;
 *  - the OAuth 2 token endpoint: client credentials with a JWT client assertion verified against
 *    the tool's JWKS;
 *  - AGS line items (list filtered by resource_link_id, create) and scores, recording what came.
 */

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
export const INSTRUCTOR = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';
const LEARNER = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner';
export const AGS_SCOPE = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemReadonly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
} as const;

/** How the id_token of a launch is forged, to prove the tool refuses it. */
interface Forgery {
  /** Signed with a key the platform never published (same kid). */
  otherKey?: boolean;
  nonce?: string;
  deploymentId?: string;
  /** Expired an hour ago. */
  expired?: boolean;
  aud?: string | string[];
  azp?: string;
  iss?: string;
  version?: string;
  messageType?: string;
}

export interface LaunchSpec {
  messageType?: 'LtiResourceLinkRequest' | 'LtiDeepLinkingRequest';
  sub: string;
  name?: string;
  email?: string;
  roles?: string[];
  resourceLinkId?: string;
  resourceLinkTitle?: string;
  custom?: Record<string, string>;
  /** The AGS claim: a line item given by the platform, or only the context's line items. */
  ags?: { lineItem?: string; scope?: string[] } | null;
  returnUrl?: string;
  deepLinkData?: string;
  forge?: Forgery;
}

export interface LineItem {
  id: string;
  scoreMaximum: number;
  label: string;
  resourceLinkId?: string;
  resourceId?: string;
}

interface ReceivedScore {
  lineItem: string;
  contentType: string;
  authorization: string;
  body: Record<string, unknown>;
}

export type LtiTestPlatform = Awaited<ReturnType<typeof startLtiPlatform>>;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: string, type = 'application/json') {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

/** The fields of the first form of an HTML page (its action and hidden inputs), as a browser would post them. */
export function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) fields[m[1]] = decode(m[2]);
  return { action: decode(action), fields };
}
const decode = (s: string) =>
  s
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export async function startLtiPlatform(opts: { clientId: string; deploymentId: string; contextId?: string }) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const impostor = await generateKeyPair('RS256');
  const kid = `platform-${randomUUID().slice(0, 8)}`;
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const contextId = opts.contextId ?? 'course-101';
  const launches = new Map<string, LaunchSpec>();
  const issuedTokens = new Set<string>();
  let toolJwks: ReturnType<typeof createRemoteJWKSet> | null = null;
  let toolLoginUrl = '';
  let nextScoreFailures = 0;

  const received = {
    authRequests: [] as Record<string, string>[],
    /** Each id_token the authorization endpoint issued (its claims), last one last. */
    idTokens: [] as JWTPayload[],
    tokenRequests: [] as { form: Record<string, string>; assertion: JWTPayload | null; error?: string }[],
    deepLinkResponses: [] as { payload: JWTPayload | null; error?: string }[],
    lineItemQueries: [] as string[],
    scores: [] as ReceivedScore[],
  };
  const lineItems: LineItem[] = [];

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => send(res, 500, JSON.stringify({ error: String(e) })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const urls = {
    issuer: base,
    authUrl: `${base}/auth`,
    tokenUrl: `${base}/token`,
    jwksUrl: `${base}/jwks`,
    lineItemsUrl: `${base}/${contextId}/lineitems`,
    deepLinkReturnUrl: `${base}/deep-link-return`,
    returnUrl: `${base}/course`,
  };

  async function idTokenFor(spec: LaunchSpec, auth: Record<string, string>): Promise<string> {
    const f = spec.forge ?? {};
    const now = Math.floor(Date.now() / 1000);
    const messageType = f.messageType ?? spec.messageType ?? 'LtiResourceLinkRequest';
    const claims: JWTPayload = {
      nonce: f.nonce ?? auth.nonce,
      ...(f.azp ? { azp: f.azp } : {}),
      ...(spec.name ? { name: spec.name } : {}),
      ...(spec.email ? { email: spec.email } : {}),
      [`${LTI}message_type`]: messageType,
      [`${LTI}version`]: f.version ?? '1.3.0',
      [`${LTI}deployment_id`]: f.deploymentId ?? opts.deploymentId,
      [`${LTI}target_link_uri`]: auth.redirect_uri,
      [`${LTI}roles`]: spec.roles ?? [LEARNER],
      [`${LTI}context`]: { id: contextId, title: 'Negotiation 101' },
      ...(spec.custom ? { [`${LTI}custom`]: spec.custom } : {}),
      [`${LTI}launch_presentation`]: { return_url: spec.returnUrl ?? urls.returnUrl, document_target: 'window' },
    };
    if (messageType === 'LtiResourceLinkRequest') {
      claims[`${LTI}resource_link`] = {
        id: spec.resourceLinkId ?? 'link-1',
        title: spec.resourceLinkTitle ?? 'Practice',
      };
      if (spec.ags !== null)
        claims['https://purl.imsglobal.org/spec/lti-ags/claim/endpoint'] = {
          scope: spec.ags?.scope ?? [AGS_SCOPE.lineItem, AGS_SCOPE.lineItemReadonly, AGS_SCOPE.score],
          lineitems: urls.lineItemsUrl,
          ...(spec.ags?.lineItem ? { lineitem: spec.ags.lineItem } : {}),
        };
    } else {
      claims['https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings'] = {
        deep_link_return_url: urls.deepLinkReturnUrl,
        accept_types: ['ltiResourceLink'],
        accept_presentation_document_targets: ['window', 'iframe'],
        accept_multiple: false,
        ...(spec.deepLinkData !== undefined ? { data: spec.deepLinkData } : {}),
      };
    }
    received.idTokens.push(claims);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(f.iss ?? urls.issuer)
      .setAudience(f.aud ?? opts.clientId)
      .setSubject(spec.sub)
      .setIssuedAt(f.expired ? now - 7200 : now)
      .setExpirationTime(f.expired ? now - 3600 : now + 300)
      .sign(f.otherKey ? impostor.privateKey : privateKey);
  }

  /** The tool's JWTs (client assertions, deep-linking responses) are checked against its published keys. */
  function verifyTool(token: string, check: { issuer: string; audience: string; subject?: string }) {
    if (!toolJwks) throw new Error('the tool JWKS URL is not set');
    return jwtVerify(token, toolJwks, { ...check, algorithms: ['RS256'] });
  }

  function bearerOk(req: IncomingMessage) {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    return Boolean(token && issuedTokens.has(token));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', base);
    const path = url.pathname;
    if (req.method === 'GET' && path === '/jwks') return send(res, 200, JSON.stringify({ keys: [publicJwk] }));
    if (req.method === 'GET' && path.startsWith('/start/')) {
      const hint = path.slice('/start/'.length);
      const spec = launches.get(hint);
      if (!spec) return send(res, 404, 'no such launch', 'text/plain');
      const to = new URL(toolLoginUrl);
      to.searchParams.set('iss', urls.issuer);
      to.searchParams.set('login_hint', spec.sub);
      to.searchParams.set('target_link_uri', toolLoginUrl.replace(/\/[^/]+\/login$/, '/launch'));
      to.searchParams.set('lti_message_hint', hint);
      to.searchParams.set('client_id', opts.clientId);
      to.searchParams.set('lti_deployment_id', opts.deploymentId);
      res.writeHead(302, { location: to.toString() });
      return res.end();
    }
    if (req.method === 'GET' && path === '/auth') {
      const q = Object.fromEntries(url.searchParams);
      received.authRequests.push(q);
      const problems = [
        q.scope !== 'openid' && 'scope',
        q.response_type !== 'id_token' && 'response_type',
        q.response_mode !== 'form_post' && 'response_mode',
        q.prompt !== 'none' && 'prompt',
        q.client_id !== opts.clientId && 'client_id',
        !q.redirect_uri && 'redirect_uri',
        !q.state && 'state',
        !q.nonce && 'nonce',
      ].filter(Boolean);
      const spec = launches.get(q.lti_message_hint ?? '');
      if (problems.length || !spec || q.login_hint !== spec.sub)
        return send(res, 400, JSON.stringify({ error: 'invalid_request', problems }));
      const idToken = await idTokenFor(spec, q);
      const html = `<!doctype html><html><body><form method="post" action="${escapeHtml(q.redirect_uri)}"><input type="hidden" name="id_token" value="${escapeHtml(idToken)}"><input type="hidden" name="state" value="${escapeHtml(q.state)}"><button type="submit">Continue</button></form><script>document.forms[0].submit()</script></body></html>`;
      return send(res, 200, html, 'text/html; charset=utf-8');
    }
    if (req.method === 'POST' && path === '/deep-link-return') {
      const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
      try {
        const { payload } = await verifyTool(form.JWT ?? '', { issuer: opts.clientId, audience: urls.issuer });
        received.deepLinkResponses.push({ payload });
        const items = payload['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] as { title?: string }[];
        return send(res, 200, `<!doctype html><p>Added: ${escapeHtml(items?.[0]?.title ?? '')}</p>`, 'text/html');
      } catch (e) {
        received.deepLinkResponses.push({ payload: null, error: String(e) });
        return send(res, 400, 'invalid deep linking response', 'text/plain');
      }
    }
    if (req.method === 'POST' && path === '/token') {
      const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
      const entry: (typeof received.tokenRequests)[number] = { form, assertion: null };
      received.tokenRequests.push(entry);
      if (
        form.grant_type !== 'client_credentials' ||
        form.client_assertion_type !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer'
      ) {
        entry.error = 'unsupported grant';
        return send(res, 400, JSON.stringify({ error: 'unsupported_grant_type' }));
      }
      try {
        const { payload } = await verifyTool(form.client_assertion ?? '', {
          issuer: opts.clientId,
          subject: opts.clientId,
          audience: urls.tokenUrl,
        });
        if (!payload.jti) throw new Error('no jti');
        entry.assertion = payload;
      } catch (e) {
        entry.error = String(e);
        return send(res, 401, JSON.stringify({ error: 'invalid_client' }));
      }
      const token = randomUUID();
      issuedTokens.add(token);
      return send(
        res,
        200,
        JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: 3600, scope: form.scope }),
      );
    }
    if (path === `/${contextId}/lineitems`) {
      if (!bearerOk(req)) return send(res, 401, JSON.stringify({ error: 'invalid_token' }));
      if (req.method === 'GET') {
        received.lineItemQueries.push(url.search);
        const rl = url.searchParams.get('resource_link_id');
        const items = lineItems.filter((i) => !rl || i.resourceLinkId === rl);
        return send(res, 200, JSON.stringify(items), 'application/vnd.ims.lis.v2.lineitemcontainer+json');
      }
      if (req.method === 'POST') {
        if (!(req.headers['content-type'] ?? '').startsWith('application/vnd.ims.lis.v2.lineitem+json'))
          return send(res, 415, '{}');
        const body = JSON.parse(await readBody(req)) as Omit<LineItem, 'id'>;
        const item: LineItem = { ...body, id: `${urls.lineItemsUrl}/${lineItems.length + 1}` };
        lineItems.push(item);
        return send(res, 201, JSON.stringify(item), 'application/vnd.ims.lis.v2.lineitem+json');
      }
    }
    const scores = new RegExp(`^/${contextId}/lineitems/([^/]+)/scores$`).exec(path);
    if (req.method === 'POST' && scores) {
      if (!bearerOk(req)) return send(res, 401, JSON.stringify({ error: 'invalid_token' }));
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      if (nextScoreFailures > 0) {
        nextScoreFailures -= 1;
        return send(res, 503, JSON.stringify({ error: 'try later' }));
      }
      received.scores.push({
        lineItem: `${urls.lineItemsUrl}/${scores[1]}`,
        contentType: req.headers['content-type'] ?? '',
        authorization: req.headers.authorization ?? '',
        body,
      });
      return send(res, 200, '{}');
    }
    if (req.method === 'GET' && path === '/course')
      return send(res, 200, '<!doctype html><h1>Course home</h1>', 'text/html');
    return send(res, 404, JSON.stringify({ error: 'not found' }));
  }

  return {
    ...urls,
    clientId: opts.clientId,
    deploymentId: opts.deploymentId,
    received,
    lineItems,
    /** Where Spar's login initiation URL and JWKS are (known once the platform is registered in Spar). */
    connect(tool: { loginUrl: string; jwksUrl: string }) {
      toolLoginUrl = tool.loginUrl;
      toolJwks = createRemoteJWKSet(new URL(tool.jwksUrl));
    },
    /** A launch the platform will make: the course page URL that starts it. */
    prepare(spec: LaunchSpec): string {
      const hint = randomUUID();
      launches.set(hint, spec);
      return `${base}/start/${hint}`;
    },
    /** The next `n` score posts are answered 503. */
    failNextScores(n: number) {
      nextScoreFailures = n;
    },
    addLineItem(item: Omit<LineItem, 'id'>): LineItem {
      const made = { ...item, id: `${urls.lineItemsUrl}/${lineItems.length + 1}` };
      lineItems.push(made);
      return made;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
