import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError, type AppErrorCode } from '../errors';

export const MAX_JSON_BODY = 1024 * 1024; // 1 MiB

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(payload);
}

/** All /api/v1 errors: `{error:{code,message}}` with the status of the code. */
export function sendError(res: ServerResponse, code: AppErrorCode, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const status = new AppError(code).status;
  sendJson(res, status, { error: { code, message, ...extra } }, headers);
}

/** Reads a JSON body, refusing more than `limit` bytes while streaming (413) and malformed JSON (400). */
export async function readJsonBody(req: IncomingMessage, limit = MAX_JSON_BODY): Promise<unknown> {
  return parseJsonText(await readTextBody(req, limit));
}

/** A JSON body's text as read (e.g. for a signature over the exact bytes). */
export function parseJsonText(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('MALFORMED_JSON', 'Malformed JSON body');
  }
}

/** Reads a request body as UTF-8 text, refusing more than `limit` bytes while streaming (413). */
export async function readTextBody(req: IncomingMessage, limit = MAX_JSON_BODY): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume(); // discard the body so the 413 can be read by the client
    throw new AppError('PAYLOAD_TOO_LARGE', `Request body exceeds ${limit} bytes`);
  }
  const text = await new Promise<string>((resolve, reject) => {
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
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
  });
  return text;
}
