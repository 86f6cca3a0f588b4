import { and, eq, sql } from 'drizzle-orm';
import { callRecordings, calls } from '../../../db/schema/calls';
import { hasRole, roleOf } from '../../auth/roles';
import { AppError } from '../../errors';
import { requireSession, withTenant, type RestRoute } from './router';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ACCEPTED = /^audio\/(webm|ogg)(\s*;.*)?$/i;

function callIdParam(params: Record<string, string>): string {
  const id = params.callId ?? '';
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', 'Call not found');
  return id;
}

/**
 * The call recording (the mixed call audio recorded in the browser, Opus in WebM/Ogg).
 * POST: the call's owner uploads it once the call ended (raw body, streamed with a size limit of
 * CALL_RECORDING_MAX_MB; a repeated upload replaces it). GET: the owner and the tenant's
 * admins/managers play it back, with Range support.
 */

/** Recording bytes are read and sent in pieces of this size. */
const RECORDING_CHUNK_BYTES = 1024 * 1024;
export const callRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/v1/calls/:callId/recording',
    handler: async (ctx) => {
      const { user } = requireSession(await ctx.session());
      const callId = callIdParam(ctx.params);
      const mimeType = String(ctx.req.headers['content-type'] ?? '').trim();
      if (!ACCEPTED.test(mimeType)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The recording must be audio/webm or audio/ogg');
      const limit = ctx.deps.env.CALL_RECORDING_MAX_MB * 1024 * 1024;
      const owned = await withTenant(ctx.deps.db, user.tenantId, (tx) =>
        tx.select({ id: calls.id }).from(calls).where(and(eq(calls.id, callId), eq(calls.userId, user.id))).limit(1),
      );
      if (!owned.length) throw new AppError('NOT_FOUND', 'Call not found');
      const declared = Number(ctx.req.headers['content-length']);
      const tooLarge = () => new AppError('FILE_TOO_LARGE', `The recording exceeds ${ctx.deps.env.CALL_RECORDING_MAX_MB} MB`);
      if (Number.isFinite(declared) && declared > limit) {
        ctx.res.setHeader('Connection', 'close');
        throw tooLarge();
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of ctx.req) {
        size += (chunk as Buffer).length;
        if (size > limit) {
          ctx.res.setHeader('Connection', 'close');
          throw tooLarge();
        }
        chunks.push(chunk as Buffer);
      }
      if (size === 0) throw new AppError('VALIDATION', 'The recording is empty');
      const content = Buffer.concat(chunks, size);
      await withTenant(ctx.deps.db, user.tenantId, (tx) =>
        tx
          .insert(callRecordings)
          .values({ callId, tenantId: user.tenantId, mimeType, sizeBytes: size, content })
          .onConflictDoUpdate({ target: callRecordings.callId, set: { mimeType, sizeBytes: size, content, createdAt: new Date() } }),
      );
      ctx.res.writeHead(201, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      ctx.res.end(JSON.stringify({ callId, sizeBytes: size, mimeType }));
    },
  },
  {
    method: 'GET',
    path: '/api/v1/calls/:callId/recording',
    handler: async (ctx) => {
      const { user } = requireSession(await ctx.session());
      const callId = callIdParam(ctx.params);
      const manager = hasRole(roleOf(user.userType), ['admin', 'sales_manager']);
      // metadata first; the bytes are read in chunks of what is asked for, never the whole file at once
      const rows = await withTenant(ctx.deps.db, user.tenantId, (tx) =>
        tx
          .select({ userId: calls.userId, mimeType: callRecordings.mimeType, total: sql<number>`octet_length(${callRecordings.content})::int` })
          .from(callRecordings)
          .innerJoin(calls, eq(calls.id, callRecordings.callId))
          .where(eq(callRecordings.callId, callId))
          .limit(1),
      );
      const rec = rows[0];
      if (!rec || (rec.userId !== user.id && !manager)) throw new AppError('NOT_FOUND', 'Recording not found');
      const total = Number(rec.total);
      const base = { 'Content-Type': rec.mimeType, 'Accept-Ranges': 'bytes', 'Cache-Control': 'private, no-store' };
      let start = 0;
      let end = total - 1;
      const range = ctx.req.headers.range;
      if (range) {
        const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
        start = m && m[1] !== '' ? Number(m[1]) : NaN;
        end = m && m[2] !== '' ? Number(m[2]) : NaN;
        if (m && m[1] === '' && m[2] !== '') {
          start = Math.max(0, total - Number(m[2]));
          end = total - 1;
        } else if (!Number.isNaN(start) && Number.isNaN(end)) end = total - 1;
        if (!m || Number.isNaN(start) || Number.isNaN(end) || start > end || start >= total) {
          ctx.res.writeHead(416, { ...base, 'Content-Range': `bytes */${total}` });
          ctx.res.end();
          return;
        }
        end = Math.min(end, total - 1);
        ctx.res.writeHead(206, { ...base, 'Content-Range': `bytes ${start}-${end}/${total}`, 'Content-Length': String(end - start + 1) });
      } else {
        ctx.res.writeHead(200, { ...base, 'Content-Length': String(total) });
      }
      if (ctx.req.method === 'HEAD' || total === 0) {
        ctx.res.end();
        return;
      }
      for (let at = start; at <= end; at += RECORDING_CHUNK_BYTES) {
        const len = Math.min(RECORDING_CHUNK_BYTES, end - at + 1);
        const [chunk] = await withTenant(ctx.deps.db, user.tenantId, (tx) =>
          tx
            .select({ bytes: sql<Buffer | Uint8Array>`substring(${callRecordings.content} from ${at + 1} for ${len})` })
            .from(callRecordings)
            .where(eq(callRecordings.callId, callId)),
        );
        if (!chunk || ctx.res.destroyed) break;
        const buf = Buffer.isBuffer(chunk.bytes) ? chunk.bytes : Buffer.from(chunk.bytes);
        // respect backpressure: a slow player does not make the server buffer the whole file
        if (!ctx.res.write(buf)) await new Promise<void>((resolve) => ctx.res.once('drain', resolve).once('close', resolve));
      }
      ctx.res.end();
    },
  },
];
