import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type PageHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export interface BuiltClientOptions {
  /** The built client (dist/client). */
  root: string;
  /** Rewrites index.html once per build (settings the first screen needs before any request). */
  indexHtml?: (html: string) => string;
  /** Runs before index.html is sent (a page's own headers). */
  beforePage?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A page whose path has a dot that is no file extension: a certificate's verification link, /verify/<id>.<secret>. */
const DOTTED_PAGE = /^\/verify\/[^/]+$/;

/**
 * Serves the built client: its files (a precompressed .br or .gz when the browser takes it, written
 * by scripts/precompress.mjs), hashed files under /assets/ cached for a year, anything else for
 * five minutes, index.html never. Returns the page handler, which answers any other GET path
 * without a file extension with index.html (the app routes on the client) and a missing file with
 * a JSON 404; the not-found handler calls it.
 */
export async function registerBuiltClient(app: FastifyInstance, opts: BuiltClientOptions): Promise<PageHandler> {
  const root = path.resolve(opts.root);
  const assets = path.join(root, 'assets') + path.sep;
  const indexFile = path.join(root, 'index.html');
  // index.html as rewritten, kept until the file changes on disk (a new build under a running server)
  let cached: { mtimeMs: number; size: number; body: Buffer } | null = null;
  const index = async () => {
    const info = await stat(indexFile);
    if (cached?.mtimeMs !== info.mtimeMs || cached.size !== info.size) {
      const html = await readFile(indexFile, 'utf8');
      cached = {
        mtimeMs: info.mtimeMs,
        size: info.size,
        body: Buffer.from(opts.indexHtml ? opts.indexHtml(html) : html),
      };
    }
    return cached.body;
  };
  const page: PageHandler = async (request, reply) => {
    const pathname = request.url.split('?')[0];
    if (path.extname(pathname) && pathname !== '/index.html' && !DOTTED_PAGE.test(pathname)) {
      return reply
        .code(404)
        .headers({ 'Cache-Control': 'no-store' })
        .send({ error: { code: 'NOT_FOUND', message: 'Not Found' } });
    }
    await opts.beforePage?.(request, reply);
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await index());
  };
  app.get('/', page);
  app.get('/index.html', page);
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: false,
    redirect: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) =>
      reply.header('Cache-Control', file.startsWith(assets) ? IMMUTABLE : 'public, max-age=300'),
  });
  return page;
}
