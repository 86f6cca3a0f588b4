import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.wav': 'audio/wav',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

export interface StaticOptions {
  /** Rewrites index.html as it is served (settings the first screen needs before any request). */
  indexHtml?: (html: string) => string;
}

/**
 * Serves the built client from `root`: hashed files under /assets/ are cached for a year,
 * index.html never; a GET for any other path without a file extension gets index.html (SPA).
 */
export function createStaticHandler(root: string, opts: StaticOptions = {}) {
  const absRoot = path.resolve(root);
  // index.html as rewritten, kept until the file changes on disk (a new build under a running server)
  let cachedIndex: { mtimeMs: number; size: number; body: Buffer } | null = null;
  const rewrittenIndex = async (file: string, rewrite: (html: string) => string) => {
    const info = await stat(file);
    if (cachedIndex && cachedIndex.mtimeMs === info.mtimeMs && cachedIndex.size === info.size) return cachedIndex.body;
    const body = Buffer.from(rewrite(await readFile(file, 'utf8')));
    cachedIndex = { mtimeMs: info.mtimeMs, size: info.size, body };
    return body;
  };
  const sendFile = async (res: ServerResponse, file: string, req: IncomingMessage, cache: string) => {
    const info = await stat(file);
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Content-Length': info.size,
      'Cache-Control': cache,
    });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file).pipe(res);
  };
  return async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' });
      return void res.end('Method Not Allowed');
    }
    const url = new URL(req.url ?? '/', 'http://x');
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      pathname = '/';
    }
    const file = path.resolve(absRoot, '.' + path.posix.normalize(pathname));
    if (file.startsWith(absRoot + path.sep) && pathname !== '/' && pathname !== '/index.html') {
      try {
        const info = await stat(file);
        if (info.isFile()) {
          const immutable = pathname.startsWith('/assets/');
          return await sendFile(res, file, req, immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
        }
      } catch {
        /* not a file: fall through */
      }
    }
    if (path.extname(pathname) && pathname !== '/index.html') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      return void res.end('Not Found');
    }
    const index = path.join(absRoot, 'index.html');
    if (!opts.indexHtml) return sendFile(res, index, req, 'no-cache');
    const body = await rewrittenIndex(index, opts.indexHtml);
    res.writeHead(200, { 'Content-Type': TYPES['.html'], 'Content-Length': body.length, 'Cache-Control': 'no-cache' });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
