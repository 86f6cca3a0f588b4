import type { IncomingMessage, ServerResponse } from 'node:http';
import { TRPCError } from '@trpc/server';
import secureJson from 'secure-json-parse';
import { isDatabaseUnavailable } from '../../db/errors';
import { AppError, isAppError } from '../errors';

export const MAX_JSON_BODY = 1024 * 1024; // 1 MiB
/** Deeper JSON is refused before it is parsed: no input of ours nests anywhere near this. */
export const MAX_JSON_DEPTH = 64;

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(payload);
}

export interface ErrorAnswer {
  status: number;
  body: { error: Record<string, unknown> };
  headers: Record<string, string>;
  /** An error the server did not expect (a 5xx): logged with its stack. */
  unexpected: boolean;
}

/** The JSON answer for anything a request handler threw: our codes as they are, anything else a 500 that says nothing about it. */
export function errorAnswer(e: unknown): ErrorAnswer {
  const app = isAppError(e) ? e : e instanceof TRPCError && isAppError(e.cause) ? e.cause : null;
  if (app) {
    const retry = app.details?.retryAfterSeconds;
    return {
      status: app.status,
      body: {
        error: {
          code: app.code,
          message: app.message,
          ...(app.details && isAppError(e) ? { details: app.details } : {}),
        },
      },
      headers: retry ? { 'Retry-After': String(retry) } : {},
      unexpected: false,
    };
  }
  if (isDatabaseUnavailable(e))
    return {
      status: 503,
      body: { error: { code: 'UNAVAILABLE', message: 'The database is not answering' } },
      headers: { 'Retry-After': '5' },
      unexpected: false,
    };
  return {
    status: 500,
    body: { error: { code: 'INTERNAL', message: 'An unexpected error occurred' } },
    headers: {},
    unexpected: true,
  };
}

/**
 * Whether JSON text nests deeper than `max` (objects and arrays), found by counting brackets
 * outside strings without recursion: a body of ten thousand `[` is refused before anything
 * recursive (the parser's result walkers, validation, logging) sees it.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** A JSON body's text as read (e.g. for a signature over the exact bytes). */
export function parseJsonText(text: string): unknown {
  if (text.trim() === '') return undefined;
  if (jsonTooDeep(text)) throw new AppError('MALFORMED_JSON', `JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    // as Fastify's own parser: a __proto__ or constructor.prototype key is refused, never merged
    return secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw new AppError('MALFORMED_JSON', 'Malformed JSON body');
  }
}

/** Reads a request body as UTF-8 text, refusing more than `limit` bytes while streaming (413). */
export async function readTextBody(req: IncomingMessage, limit = MAX_JSON_BODY): Promise<string> {
  return (await readRawBody(req, limit)).toString('utf8');
}

/** Reads a request body as bytes, refusing more than `limit` bytes while streaming (413). */
export async function readRawBody(req: IncomingMessage, limit = MAX_JSON_BODY): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume(); // discard the body so the 413 can be read by the client
    throw new AppError('PAYLOAD_TOO_LARGE', `Request body exceeds ${limit} bytes`);
  }
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // stop collecting but keep draining: destroying the request would also kill the response
        req.off('data', onData);
        req.resume();
        reject(new AppError('PAYLOAD_TOO_LARGE', `Request body exceeds ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}
