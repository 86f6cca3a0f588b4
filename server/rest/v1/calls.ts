import { ACCESS } from '../../access/roles';
import { and, eq, sql } from 'drizzle-orm';
import { callRecordings, calls } from '../../../db/schema/calls';
import { resolveTenantAccess } from '../../access/tenant-access';
import { tenantRunnerFor } from '../../access/tenant-runner';
import { hasRole, roleOf } from '../../contracts/roles';
import { AppError } from '../../errors';
import type { TenantRunner } from '../../../db/tenant';
import { ticketHolder } from '../../services/calls/calls';
import { requireSession, type RestContext, type RestRoute } from './route';

/** Who holds calls (as server/routers/calls/router.ts): their recordings follow the same rule. */

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

/**
 * The single byte range asked for, 'unsatisfiable', or null for the whole file: a header that is
 * absent, malformed, multi-range or backwards is ignored (HTTP lets a server answer any Range with the whole file), as is a Range whose
 * If-Range names another version.
 */
export function rangeOf(
  range: string | undefined,
  ifRange: string | undefined,
  etag: string,
  total: number,
): [number, number] | 'unsatisfiable' | null {
  if (!range) return null;
  if (ifRange !== undefined && ifRange.trim() !== etag) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return total === 0 ? 'unsatisfiable' : [Math.max(0, total - suffix), total - 1];
  }
  const first = Number(m[1]);
  if (m[2] !== '' && Number(m[2]) < first) return null;
  if (first >= total) return 'unsatisfiable';
  return [first, m[2] === '' ? total - 1 : Math.min(Number(m[2]), total - 1)];
}

/** Resolves when the response drains or closes; removes both listeners either way. */
function drained(res: import('node:http').ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
/**
 * Who may upload a call's recording: the call's owner (session), or — for a call started by a link
 * (a candidate's, a guest's, a learning system's learner: no session) — whoever holds that call's
 * socket ticket (`Authorization: Ticket <ticket>`), for a while after it was issued even though
 * the socket consumed it.
 */
async function uploader(ctx: RestContext, callId: string): Promise<{ tenantId: string; tenant: TenantRunner }> {
  const auth = ctx.req.headers.authorization ?? '';
  const ticket = /^Ticket\s+(\S+)$/i.exec(auth.trim())?.[1];
  if (ticket) {
    const t = await ticketHolder({ db: ctx.deps.db, callId, ticket, windowMs: TICKET_UPLOAD_WINDOW_MS });
    if (!t) throw new AppError('NOT_FOUND', 'Call not found');
    // the ticket named the call's tenant on the system path: the upload acts for it
    return { tenantId: t.tenantId, tenant: tenantRunnerFor(ctx.deps.db, t.tenantId) };
  }
  const { user } = requireSession(await ctx.session());
  const access = await resolveTenantAccess(ctx.deps.db, user, roleOf(user.userType), { roles: ACCESS.callers });
  const owned = await access.tenant((tx) =>
    tx
      .select({ id: calls.id })
      .from(calls)
      .where(and(eq(calls.id, callId), eq(calls.userId, user.id)))
      .limit(1),
  );
  if (!owned.length) throw new AppError('NOT_FOUND', 'Call not found');
  return { tenantId: access.tenantId, tenant: access.runner };
}

/** A candidate's recording may be uploaded this long after the call's ticket was issued. */
const TICKET_UPLOAD_WINDOW_MS = 3 * 60 * 60_000;

export const callRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/v1/calls/:callId/recording',
    streamsBody: true,
    handler: async (ctx) => {
      const callId = callIdParam(ctx.params);
      const access = await uploader(ctx, callId);
      const mimeType = String(ctx.req.headers['content-type'] ?? '').trim();
      if (!ACCEPTED.test(mimeType))
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The recording must be audio/webm or audio/ogg');
      const limit = ctx.deps.env.CALL_RECORDING_MAX_MB * 1024 * 1024;
      const declared = Number(ctx.req.headers['content-length']);
      const tooLarge = () =>
        new AppError('FILE_TOO_LARGE', `The recording exceeds ${ctx.deps.env.CALL_RECORDING_MAX_MB} MB`);
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
      await access.tenant((tx) =>
        tx
          .insert(callRecordings)
          .values({ callId, tenantId: access.tenantId, mimeType, sizeBytes: size, content })
          .onConflictDoUpdate({
            target: callRecordings.callId,
            set: { mimeType, sizeBytes: size, content, createdAt: new Date() },
          }),
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
      const access = await resolveTenantAccess(ctx.deps.db, user, roleOf(user.userType), { roles: ACCESS.callers });
      const callId = callIdParam(ctx.params);
      const manager = hasRole(roleOf(user.userType), ['admin', 'sales_manager']);
      // metadata first; the bytes are read in chunks of what is asked for, never the whole file at once
      const rows = await access.tenant((tx) =>
        tx
          .select({
            userId: calls.userId,
            mimeType: callRecordings.mimeType,
            createdAt: callRecordings.createdAt,
            total: sql<number>`octet_length(${callRecordings.content})::int`,
          })
          .from(callRecordings)
          .innerJoin(calls, eq(calls.id, callRecordings.callId))
          .where(eq(callRecordings.callId, callId))
          .limit(1),
      );
      const rec = rows[0];
      if (!rec || (rec.userId !== user.id && !manager)) throw new AppError('NOT_FOUND', 'Recording not found');
      const total = Number(rec.total);
      // a re-upload replaces the recording: its version is part of the ETag and of every chunk read
      const etag = `"${callId}-${rec.createdAt.getTime()}-${total}"`;
      const base = {
        'Content-Type': rec.mimeType,
        'Accept-Ranges': 'bytes',
        'Cache-Control': 'private, no-store',
        ETag: etag,
      };
      const ifRange = ctx.req.headers['if-range'];
      const byteRange = rangeOf(ctx.req.headers.range, typeof ifRange === 'string' ? ifRange : undefined, etag, total);
      let start = 0;
      let end = total - 1;
      if (byteRange === 'unsatisfiable') {
        ctx.res.writeHead(416, { ...base, 'Content-Range': `bytes */${total}` });
        ctx.res.end();
        return;
      }
      if (byteRange) {
        [start, end] = byteRange;
        ctx.res.writeHead(206, {
          ...base,
          'Content-Range': `bytes ${start}-${end}/${total}`,
          'Content-Length': String(end - start + 1),
        });
      } else {
        ctx.res.writeHead(200, { ...base, 'Content-Length': String(total) });
      }
      if (ctx.req.method === 'HEAD' || total === 0) {
        ctx.res.end();
        return;
      }
      for (let at = start; at <= end; at += RECORDING_CHUNK_BYTES) {
        if (ctx.res.destroyed) return;
        const len = Math.min(RECORDING_CHUNK_BYTES, end - at + 1);
        const [chunk] = await access.tenant((tx) =>
          tx
            .select({ bytes: sql<Buffer | Uint8Array>`substring(${callRecordings.content} from ${at + 1} for ${len})` })
            .from(callRecordings)
            .where(
              and(
                eq(callRecordings.callId, callId),
                sql`date_trunc('milliseconds', ${callRecordings.createdAt}) = ${rec.createdAt.toISOString()}::timestamptz`,
              ),
            ),
        );
        const buf = chunk ? (Buffer.isBuffer(chunk.bytes) ? chunk.bytes : Buffer.from(chunk.bytes)) : null;
        // replaced or deleted meanwhile: cut the response (the length promised can no longer be kept)
        if (!buf || buf.length !== len) {
          ctx.res.destroy();
          return;
        }
        if (!ctx.res.write(buf)) await drained(ctx.res);
      }
      ctx.res.end();
    },
  },
];
