import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Requests Spar sends to addresses its customers give it (ATS callbacks, webhooks): never to a
 * private, loopback, link-local or otherwise internal address unless the operator allows it
 * (WEBHOOKS_ALLOW_PRIVATE_URLS, for self-hosted receivers and tests). The address is checked where
 * the connection is made (the resolver's answer), so a name that resolves differently later cannot
 * reach an internal address. Redirects are never followed.
 */
const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  INTERNAL.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['64:ff9b:1::', 48],
  ['2001:db8::', 32],
] as const)
  INTERNAL.addSubnet(net, prefix, 'ipv6');

/**
 * IPv6 ranges that carry an IPv4 address the packet ends up at (a tunnel, a translator, or the
 * host's own IPv4 stack): such an address is judged by every IPv4 address it embeds, so
 * `::ffff:127.0.0.1`, `::7f00:1`, `2002:7f00:1::` or a Teredo address whose client is 10.0.0.1
 * are refused while `2002:808:808::` (8.8.8.8) is not. The local-use NAT64 prefix 64:ff9b:1::/48
 * is refused whole above: it only ever leads into the operator's own network.
 */
const last32 = (b: number[]) => [b.slice(12, 16)];
const EMBEDDINGS: { net: ipaddr.IPv6; prefix: number; v4: (bytes: number[]) => number[][] }[] = [
  { net: ipaddr.IPv6.parse('::ffff:0:0'), prefix: 96, v4: last32 }, // IPv4-mapped
  { net: ipaddr.IPv6.parse('::ffff:0:0:0'), prefix: 96, v4: last32 }, // IPv4-translated (SIIT)
  { net: ipaddr.IPv6.parse('::'), prefix: 96, v4: last32 }, // IPv4-compatible (deprecated, still routed by some stacks)
  { net: ipaddr.IPv6.parse('64:ff9b::'), prefix: 96, v4: last32 }, // NAT64, well-known prefix
  { net: ipaddr.IPv6.parse('2002::'), prefix: 16, v4: (b) => [b.slice(2, 6)] }, // 6to4
  // Teredo: the server's IPv4 in bits 32–63, the client's in the last 32 bits, stored inverted
  { net: ipaddr.IPv6.parse('2001::'), prefix: 32, v4: (b) => [b.slice(4, 8), b.slice(12, 16).map((x) => x ^ 0xff)] },
];

/** Whether an IP address is internal; an IPv6 address that embeds an IPv4 address is internal when that address is. Anything unparsable counts as internal. */
export function isInternalAddress(ip: string): boolean {
  if (isIP(ip) === 4) return INTERNAL.check(ip, 'ipv4');
  const bare = ip.replace(/%.*$/, ''); // a zone id (fe80::1%eth0) does not change where the address leads
  if (isIP(bare) !== 6) return true;
  const v6 = ipaddr.IPv6.parse(bare);
  if (INTERNAL.check(v6.toNormalizedString(), 'ipv6')) return true;
  const bytes = v6.toByteArray();
  return EMBEDDINGS.some(
    (e) => v6.match(e.net, e.prefix) && e.v4(bytes).some((o) => INTERNAL.check(o.join('.'), 'ipv4')),
  );
}

export class OutboundRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

/** Why a URL may not be called (null when it may): scheme, credentials, a literal internal address. */
export function urlRefusal(raw: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return 'only https URLs are allowed';
  if (url.username || url.password) return 'a URL may not carry credentials';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && isInternalAddress(host))))
    return 'internal addresses are not allowed';
  return null;
}

function guardedLookup(allowPrivate: boolean) {
  return (
    hostname: string,
    options: object,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      const refused = !allowPrivate && list.find((a) => isInternalAddress(a.address));
      if (refused)
        return callback(new OutboundRefused(`${hostname} resolves to an internal address (${refused.address})`), []);
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

export interface OutboundRequest {
  method: 'POST' | 'PATCH';
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  allowPrivate: boolean;
}

/**
 * One request under the address rules above (checked again where the connection is made), its
 * answer handed to `onAnswer` with `settle` to resolve or reject the promise; `abort` stops the
 * request with an error. A network error or the timeout rejects.
 */
function requestOutbound<T>(
  rawUrl: string,
  req: { method: string; headers?: Record<string, string>; body?: Buffer; timeoutMs: number; allowPrivate: boolean },
  onAnswer: (
    res: http.IncomingMessage,
    settle: { resolve: (v: T) => void; reject: (e: Error) => void; abort: (e: Error) => void },
  ) => void,
): Promise<T> {
  const refusal = urlRefusal(rawUrl, req.allowPrivate);
  if (refusal) return Promise.reject(new OutboundRefused(refusal));
  const url = new URL(rawUrl);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<T>((resolve, reject) => {
    const r = client.request(
      url,
      {
        method: req.method,
        ...(req.headers ? { headers: req.headers } : {}),
        lookup: guardedLookup(req.allowPrivate) as never,
        timeout: req.timeoutMs,
      },
      (res) => {
        res.on('error', reject);
        onAnswer(res, { resolve, reject, abort: (e) => r.destroy(e) });
      },
    );
    r.on('timeout', () => r.destroy(new Error(`no answer within ${req.timeoutMs} ms`)));
    r.on('error', reject);
    r.end(req.body);
  });
}

/** The answer's body, at most `maxBytes` (more aborts the request), then `done` with it. */
function readBody(
  res: http.IncomingMessage,
  maxBytes: number,
  abort: (e: Error) => void,
  done: (body: string) => void,
) {
  const chunks: Buffer[] = [];
  let size = 0;
  res.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBytes) abort(new Error(`larger than ${maxBytes} bytes`));
    else chunks.push(chunk);
  });
  res.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
}

/** Sends one request; resolves the status (a 3xx is answered, not followed). Rejects on a refused address, a network error or the timeout. */
export function sendOutbound(rawUrl: string, req: OutboundRequest): Promise<{ status: number }> {
  const body = req.body === undefined ? undefined : Buffer.from(req.body, 'utf8');
  return requestOutbound(
    rawUrl,
    { ...req, headers: { ...req.headers, 'content-length': String(body?.length ?? 0) }, body },
    (res, { resolve }) => {
      res.resume(); // the body is not needed; read it so the socket is released
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    },
  );
}

/**
 * GETs a document a customer pointed us at (an IdP's SAML metadata), under the same address rules
 * as `sendOutbound`: at most `maxBytes` of body, within `timeoutMs`, a 2xx only (a redirect is not
 * followed). Rejects with OutboundRefused for a refused address, with an Error otherwise.
 */
export function fetchOutboundText(
  rawUrl: string,
  req: { timeoutMs: number; maxBytes: number; allowPrivate: boolean },
): Promise<string> {
  return requestOutbound<string>(rawUrl, { ...req, method: 'GET' }, (res, { resolve, reject, abort }) => {
    const status = res.statusCode ?? 0;
    if (status < 200 || status >= 300) {
      res.resume();
      return reject(new Error(`answered ${status}`));
    }
    readBody(res, req.maxBytes, abort, resolve);
  });
}

/**
 * One request whose answer is read (a JSON API of a customer's system: an LMS's token and grade
 * endpoints), under the same address rules as `sendOutbound`: any status is answered with its
 * body (at most `maxBytes`), a redirect is not followed. Rejects with OutboundRefused for a
 * refused address, with an Error on a network error, the timeout or a larger body.
 */
export function exchangeOutbound(
  rawUrl: string,
  req: {
    method: 'GET' | 'POST' | 'PUT';
    headers: Record<string, string>;
    body?: string;
    timeoutMs: number;
    maxBytes: number;
    allowPrivate: boolean;
  },
): Promise<{ status: number; contentType: string; body: string }> {
  const body = req.body === undefined ? undefined : Buffer.from(req.body, 'utf8');
  const headers = { ...req.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
  return requestOutbound(rawUrl, { ...req, headers, body }, (res, { resolve, abort }) =>
    readBody(res, req.maxBytes, abort, (text) =>
      resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: text }),
    ),
  );
}
