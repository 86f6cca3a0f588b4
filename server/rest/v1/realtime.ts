import { z } from 'zod';
import { sendJson } from '../../http/respond';
import { openRealtimeSession } from '../../realtime/realtime-session';
import { defineRoute, type RestRoute } from './route';

const realtimeSessionInput = z.strictObject({
  callId: z.uuid(),
  /** The call's socket ticket (calls.start, or a candidate's or guest's link start). */
  ticket: z.string().min(16).max(200),
});

/**
 * POST /api/v1/openai/realtime-session — a started call goes over WebRTC: the client secret the
 * browser opens its peer connection to the model with (server/realtime/realtime-session.ts). The
 * call's ticket is the credential (candidates and guests have no session), so a signed-out caller
 * is not sent to the sign-in page: a wrong ticket is a 404.
 */
const realtimeSession = defineRoute({
  method: 'POST',
  path: '/api/v1/openai/realtime-session',
  auth: 'public',
  body: realtimeSessionInput,
  handler: async ({ deps, res, input }) => {
    const answer = await openRealtimeSession(deps, input);
    res.setHeader('Cache-Control', 'no-store');
    sendJson(res, 200, answer);
  },
});

export const realtimeRoutes: RestRoute[] = [realtimeSession];
