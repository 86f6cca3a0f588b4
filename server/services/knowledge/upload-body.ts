import type { IncomingMessage } from 'node:http';
import { AppError } from '../../errors';
import { formatFileSize, formatLimit } from '../../contracts/knowledge';

/** After a refusal, at most this much more is read (and thrown away) before the socket is closed. */
const DISCARD_MAX_BYTES = 8 * 1024 * 1024;
const DISCARD_MAX_MS = 10_000;

/**
 * 413 with a "File too large" message that names the maximum and the actual size when known (declared Content-Length, or the count
 * so far), else "more than 5 MB". `details` lets the client translate it with its own numbers.
 */
export function fileTooLarge(sizeBytes: number | null, maxBytes: number): AppError {
  const size = sizeBytes !== null ? formatFileSize(sizeBytes, 'en', maxBytes) : `more than ${formatLimit(maxBytes)}`;
  return new AppError('FILE_TOO_LARGE', `File too large: ${size} (maximum ${formatLimit(maxBytes)})`, {
    sizeBytes,
    maxBytes,
  });
}

function declaredLength(req: IncomingMessage): number | null {
  const raw = req.headers['content-length'];
  if (raw === undefined) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/**
 * Stops caring about the rest of a refused request body: the bytes still in flight are read and
 * dropped (never kept) so the client can read our error response instead of a connection reset;
 * a client that keeps sending past DISCARD_MAX_BYTES or DISCARD_MAX_MS is cut off.
 */
export function discardRequestBody(req: IncomingMessage): void {
  if (req.complete || req.destroyed) return;
  let dropped = 0;
  const cutOff = () => req.socket?.destroy();
  const timer = setTimeout(cutOff, DISCARD_MAX_MS);
  timer.unref();
  const done = () => clearTimeout(timer);
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DISCARD_MAX_BYTES) {
      done();
      cutOff();
    }
  });
  req.once('end', done);
  req.once('close', done);
  req.resume();
}

/**
 * Reads a request body of at most `maxBytes`, counting bytes as they arrive: a declared
 * Content-Length above the limit is refused before reading, and whatever the headers say the
 * read stops with 413 as soon as the count passes the limit. Never holds more than maxBytes.
 */
export function readLimitedBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = declaredLength(req);
  if (declared !== null && declared > maxBytes) {
    discardRequestBody(req);
    return Promise.reject(fileTooLarge(declared, maxBytes));
  }
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        cleanup();
        chunks.length = 0;
        discardRequestBody(req);
        // the declared length is the real size when the client sent one; else we only know "more than"
        reject(fileTooLarge(declared !== null && declared > maxBytes ? declared : null, maxBytes));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (e: Error) => {
      cleanup();
      reject(new AppError('BAD_REQUEST', `Upload interrupted: ${e.message}`));
    };
    const onClose = () => {
      cleanup();
      if (!req.complete) reject(new AppError('BAD_REQUEST', 'Upload interrupted'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
