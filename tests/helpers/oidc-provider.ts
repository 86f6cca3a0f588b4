import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

/** A person the test identity provider knows, by their subject id. */
export interface TestAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
}

/** How the next ID token leaves the token endpoint: as issued, or changed the way an attacker would. */
export type Tamper = 'none' | 'expired' | 'other-key' | 'wrong-nonce';

/**
 * A real OpenID Provider on 127.0.0.1: `oidc-provider` (a certified implementation) with one
 * confidential client (client_secret_basic, PKCE required). Its sign-in page is a small form that
 * takes an e-mail of `accounts` (`autoLogin` signs that account in without the form, for tests
 * that drive the redirects with fetch). `tamper` rewrites the ID token of the next token answer —
 * re-signed with the provider's own key (expired, another nonce) or with a key it never published
 * — to prove the relying party refuses each.
 */
export async function startOidcProvider(opts: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  accounts: TestAccount[];
}) {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const attacker = (await generateKeyPair('RS256', { extractable: true })).privateKey;
  const state = { tamper: 'none' as Tamper, autoLogin: null as string | null };
  const byEmail = (email: string) => opts.accounts.find((a) => a.email.toLowerCase() === email.toLowerCase());

  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const config: Configuration = {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-cookie-key-not-a-secret'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const a = opts.accounts.find((x) => x.sub === sub);
      return a ? { accountId: sub, claims: () => ({ ...a }) } : undefined;
    },
  };
  const provider = new Provider(issuer, config);
  const handler = provider.callback();

  async function finish(req: IncomingMessage, res: ServerResponse, account: TestAccount) {
    const details = await provider.interactionDetails(req, res);
    const grant = new provider.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  async function interaction(req: IncomingMessage, res: ServerResponse) {
    if (req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += String(chunk);
      const account = byEmail(new URLSearchParams(body).get('email') ?? '');
      if (!account) {
        res.writeHead(400, { 'content-type': 'text/html' }).end('<p role="alert">Unknown account</p>');
        return;
      }
      return finish(req, res, account);
    }
    const auto = state.autoLogin ? byEmail(state.autoLogin) : undefined;
    if (auto) return finish(req, res, auto);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      `<!doctype html><html lang="en"><title>Test identity provider</title><h1>Test identity provider</h1>
       <form method="post"><label>Work e-mail <input name="email" type="email" autocomplete="email"></label>
       <button type="submit">Sign in</button></form></html>`,
    );
  }

  /** The token answer, with its ID token changed as `state.tamper` says (once). */
  async function rewriteIdToken(body: string): Promise<string> {
    const how = state.tamper;
    state.tamper = 'none';
    const json = JSON.parse(body) as { id_token?: string };
    if (!json.id_token || how === 'none') return body;
    const claims = decodeJwt(json.id_token);
    const now = Math.floor(Date.now() / 1000);
    if (how === 'expired') Object.assign(claims, { iat: now - 7200, exp: now - 3600 });
    if (how === 'wrong-nonce') claims.nonce = 'not-the-nonce-the-client-sent';
    json.id_token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
      .sign(how === 'other-key' ? attacker : privateKey);
    return JSON.stringify(json);
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path.startsWith('/interaction/')) {
      interaction(req, res).catch((e: unknown) => res.writeHead(500).end(String(e)));
      return;
    }
    if (path === '/token' && state.tamper !== 'none') {
      // hold the provider's answer and send it changed
      const chunks: Buffer[] = [];
      const realEnd = res.end.bind(res);
      res.setHeader = ((set) => (name: string, value: number | string | readonly string[]) =>
        name.toLowerCase() === 'content-length' ? res : set(name, value))(res.setHeader.bind(res));
      res.write = ((chunk: Buffer | string) => {
        chunks.push(Buffer.from(chunk));
        return true;
      }) as typeof res.write;
      res.end = ((chunk?: Buffer | string) => {
        if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
        void rewriteIdToken(Buffer.concat(chunks).toString('utf8')).then((b) => realEnd(b));
        return res;
      }) as typeof res.end;
    }
    void handler(req, res);
  });

  return {
    issuer,
    /** The next ID token is changed this way. */
    tamper: (how: Tamper) => {
      state.tamper = how;
    },
    /** Sign this e-mail in without the form (null: show the form). */
    autoLogin: (email: string | null) => {
      state.autoLogin = email;
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * Follows the browser's redirects from `url` through the provider (its cookies kept) until one
 * leaves for `until`; returns that address.
 */
export async function followToCallback(url: string, until: string): Promise<URL> {
  const jar = new Map<string, string>();
  let next = new URL(url);
  for (let hop = 0; hop < 15; hop++) {
    if (next.href.startsWith(until)) return next;
    const res = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider stopped at ${next.href} with ${res.status}: ${await res.text()}`);
    next = new URL(location, next);
  }
  throw new Error('too many redirects');
}
