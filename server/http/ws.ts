import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { TRPCError } from '@trpc/server';
import { WebSocketServer } from 'ws';
import { isDatabaseUnavailable } from '../../db/errors';
import { resolveTenantAccess, type TenantAccess } from '../access/tenant-access';
import { tenantRunnerFor } from '../access/tenant-runner';
import { roleOf } from '../contracts/roles';
import type { AppDeps } from '../deps';
import { CallSession } from '../realtime/call-session';
import { prospectProfileForCall } from '../realtime/offline-prospect';
import { OfflineUpstream } from '../realtime/offline-upstream';
import { OpenAIRealtimeUpstream } from '../realtime/openai-realtime-upstream';
import { MAX_MESSAGE_BYTES } from '../realtime/protocol';
import { liveCalls } from '../realtime/registry';
import { bindRtcCall, RTC_CALL_ID, sessionConfigOf, useRelay } from '../realtime/realtime-session';
import { getCallTransport } from '../services/calls/call-settings';
import type { CallUpstream } from '../realtime/upstream';
import { consumeTicket, findCallForUpgrade } from '../services/calls/calls';
import { claimCallSlot } from '../services/calls/leases';
import { resolveSession } from '../trpc/context';
import { isSameOrigin, requestMeta } from './request-meta';
import { caught } from '../metrics/caught';

const CALL_PATH = '/ws/call';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type CallRow = NonNullable<Awaited<ReturnType<typeof findCallForUpgrade>>>;

function upstreamFor(deps: AppDeps, call: CallRow, rtcCallId: string | null): CallUpstream {
  if (call.provider === 'openai-realtime' && deps.env.OPENAI_API_KEY) {
    return new OpenAIRealtimeUpstream({
      apiKey: deps.env.OPENAI_API_KEY,
      baseURL: deps.env.OPENAI_REALTIME_URL,
      wsOptions: deps.calls?.upstreamWsOptions,
      stallMs: deps.calls?.upstreamStallMs,
      ...(rtcCallId ? { rtcCallId, fetch: deps.calls?.openaiFetch } : {}),
    });
  }
  const { profile, personaVoice } = prospectProfileForCall(call, deps.calls?.offlineThinkMs ?? 400);
  return new OfflineUpstream(profile, { voice: deps.calls?.offlineVoice, personaVoice });
}

/**
 * Routes WebSocket upgrades by path. `/ws/call` is the call relay: Origin checked, then a
 * single-use call ticket (consumed atomically) or the session cookie of the call's owner, then the
 * call's state and the tenant's concurrent-call limit. Paths we do not own are left alone in dev
 * (Vite's HMR socket) and refused in production.
 *
 * A WebRTC call (its audio between the browser and the model) opens the same socket with the
 * model's call id (`rtcCallId`, from the SDP answer): the socket then carries only the call's
 * control events, and the server follows the call over the model's sideband connection. Without
 * one, a call that minted a client secret falls back to the relay (the browser could not connect).
 *
 * The concurrent-call limit counts the tenant's live calls of every server process (each holds a
 * lease its process renews; server/services/calls/leases.ts); the check and the claim run in one
 * transaction under a per-tenant advisory lock, so two processes cannot both take the last slot.
 */
export function createUpgradeHandler(deps: AppDeps, opts: { ownsAllPaths: boolean }) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false });
  const handler = async (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== CALL_PATH) {
      if (opts.ownsAllPaths) reject(socket, 404, 'Not Found');
      return;
    }
    try {
      const meta = requestMeta(req, deps.env.TRUST_PROXY);
      if (!isSameOrigin(meta, deps.env.PUBLIC_URL, true)) return reject(socket, 403, 'Forbidden');
      const callId = url.searchParams.get('callId') ?? '';
      const ticket = url.searchParams.get('ticket');
      if (!UUID.test(callId)) return reject(socket, 404, 'Not Found');
      const rtcCallId = url.searchParams.get('rtcCallId');
      if (rtcCallId !== null && !RTC_CALL_ID.test(rtcCallId)) return reject(socket, 400, 'Bad Request');

      let authorized = ticket ? await consumeTicket(deps.db, callId, ticket) : null;
      const call = await findCallForUpgrade(deps.db, callId);
      let access: TenantAccess | null = null;
      if (!authorized) {
        const { validated } = await resolveSession(deps, req, meta);
        if (!validated) return reject(socket, 401, 'Unauthorized');
        // the session's own tenant, by the one access rule (server/access/tenant-access.ts)
        access = await resolveTenantAccess(deps.db, validated.user, roleOf(validated.user.userType));
        const { tenantId } = access;
        if (call && call.userId === validated.user.id && call.tenantId === tenantId)
          authorized = { tenantId, userId: call.userId };
        else if (call) return reject(socket, 401, 'Unauthorized');
      }
      if (!call || !authorized || authorized.tenantId !== call.tenantId) return reject(socket, 404, 'Not Found');
      if (call.state !== 'created') return reject(socket, 409, 'Conflict');
      // the call's tenant, for every write of the call: the owner's session resolved it by the access
      // rule, or the call's ticket named it on the system path
      const tenant = access?.runner ?? tenantRunnerFor(deps.db, call.tenantId);
      if (rtcCallId) {
        if (!(await bindRtcCall(tenant, call.id, rtcCallId))) return reject(socket, 409, 'Conflict');
      } else if (call.provider === 'openai-realtime' && deps.env.OPENAI_API_KEY) {
        // a model call through the relay: not where the workspace allows only WebRTC; a call that
        // minted a client secret but could not connect over WebRTC falls back here
        if ((await tenant((tx) => getCallTransport(tx, call.tenantId))) === 'webrtc')
          return reject(socket, 409, 'Conflict');
        if (call.transport === 'webrtc') await useRelay(tenant, call.id);
      }

      // the tenant's live calls in every process count (a lease per call, under an advisory lock)
      const claimed = await claimCallSlot({
        tenant,
        tenantId: call.tenantId,
        callId: call.id,
        owner: deps.leaseOwner,
        max: deps.env.CALLS_MAX_PER_TENANT,
        leaseMs: deps.env.CALL_LEASE_SECONDS * 1000,
      });
      if (claimed === 429) return reject(socket, 429, 'Too Many Requests');
      if (claimed !== true) return reject(socket, 409, 'Conflict');

      wss.handleUpgrade(req, socket, head, (ws) => {
        const session = new CallSession(ws, {
          tenant,
          tenantId: call.tenantId,
          callId: call.id,
          timeLimitSeconds: call.timeLimitSeconds,
          upstream: upstreamFor(deps, call, rtcCallId),
          config: sessionConfigOf(call, deps.env),
          ringMs: deps.calls?.ringMs,
          bargeInWaitMs: deps.calls?.bargeInWaitMs,
          onEnded: () => liveCalls.delete(call.id),
        });
        liveCalls.set(call.id, session);
        void session.start().catch((err) => {
          caught('call_session', 'call session failed', { err, callId: call.id });
          void session.end('error', 'internal error');
        });
      });
    } catch (err) {
      // the database not answering is a 503 the browser can retry, not a sign-in to redo
      if (isDatabaseUnavailable(err) || (err instanceof TRPCError && err.code === 'SERVICE_UNAVAILABLE'))
        return reject(socket, 503, 'Service Unavailable');
      caught('call_upgrade', 'call upgrade failed', { err });
      reject(socket, 500, 'Internal Server Error');
    }
  };
  return { handler, close: () => new Promise<void>((r) => wss.close(() => r())), wss };
}

function reject(socket: Duplex, status: number, text: string) {
  if (socket.destroyed) return;
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}
