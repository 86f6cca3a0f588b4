import { ACCESS } from '../../access/roles';
import { z } from 'zod';
import { liveCalls } from '../../realtime/registry';
import { endCallRow, getCall, issueTicket, listCalls, previewSimulation, startCall } from '../../services/calls/calls';
import { accessProcedure, publicProcedure, router } from '../../trpc/init';
import { openRealtimeSession } from '../../realtime/realtime-session';
import { AppError } from '../../errors';
import {
  callDetailOutput,
  callIdInput,
  callSummaryOutput,
  realtimeSessionInput,
  realtimeSessionOutput,
  startCallInput,
  startCallOutput,
} from '../../contracts/calls';
import { outsideTransaction } from '../../../db/tenant';

/** Who holds calls: reps on the exercise page, admins and managers testing a simulation. */

export const callsRouter = router({
  /** Creates the call (frozen scorecard, simulation and instructions) and a single-use socket ticket. */
  start: accessProcedure({ roles: ACCESS.callers })
    .input(startCallInput)
    .output(startCallOutput)
    .mutation(async ({ ctx, input }) => {
      // the call row commits first (tenant transaction), then the ticket is issued on the system path
      const tenantId = ctx.tenantId;
      const started = await ctx.tenant((tx) =>
        startCall({ tx, env: ctx.deps.env, actor: { tenantId, userId: ctx.user.id, role: ctx.role }, input }),
      );
      const ticket = await issueTicket(ctx.deps.db, ctx.deps.env, {
        tenantId,
        callId: started.callId,
        userId: ctx.user.id,
      });
      return { ...started, ticket };
    }),

  /** What the rep may read before starting: no scenario details, nothing the prospect hides. */
  preview: accessProcedure({ roles: ACCESS.callers })
    .input(z.object({ simulationId: z.uuid() }))
    .output(
      z.object({
        simulationId: z.string(),
        name: z.string(),
        personaName: z.string().nullable(),
        difficulty: z.enum(['easy', 'medium', 'hard', 'expert']),
        timeLimitSeconds: z.number(),
        learnerInstructions: z.string(),
        language: z.enum(['en', 'es', 'it', 'pt-BR']),
        provider: z.enum(['openai-realtime', 'offline']),
      }),
    )
    .query(({ ctx, input }) => ctx.tenant((tx) => previewSimulation(tx, ctx.deps.env, input.simulationId))),

  get: accessProcedure({ roles: ACCESS.callers })
    .input(callIdInput)
    .output(callDetailOutput)
    .query(({ ctx, input }) => ctx.tenant((tx) => getCall(tx, { userId: ctx.user.id, role: ctx.role }, input.callId))),

  /** The signed-in user's own calls, newest first. */
  list: accessProcedure({ roles: ACCESS.callers })
    .input(z.object({ limit: z.number().int().min(1).max(200).default(50) }).optional())
    .output(z.array(callSummaryOutput))
    .query(({ ctx, input }) => ctx.tenant((tx) => listCalls(tx, ctx.user.id, input?.limit ?? 50))),

  /** HTTP fallback to end a call whose socket is gone. */
  end: accessProcedure({ roles: ACCESS.callers })
    .input(callIdInput)
    .output(z.object({ ended: z.boolean() }))
    .mutation(({ ctx, input }) =>
      ctx.tenant(async (tx) => {
        const live = liveCalls.get(input.callId);
        const [mine] = await getCall(tx, { userId: ctx.user.id, role: null }, input.callId).then(
          (c) => [c],
          () => [null],
        );
        if (!mine) throw new AppError('NOT_FOUND', 'Call not found');
        if (live) {
          // the session records the end in its own short transactions, after this request
          outsideTransaction(() => setImmediate(() => void live.end('user_hangup', 'ended over HTTP')));
          return { ended: true };
        }
        try {
          return { ended: await endCallRow(tx, ctx.user.id, input.callId) };
        } catch (e) {
          if (e instanceof AppError) throw e;
          throw new AppError('INTERNAL', 'Failed to end the call properly');
        }
      }),
    ),

  /**
   * A started call goes over WebRTC (server/realtime/realtime-session.ts). The call's ticket is
   * the credential (candidates and guests have no session), so a wrong ticket is a 404.
   */
  realtimeSession: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/v1/openai/realtime-session',
        summary: 'Open a started call over WebRTC: a short-lived client secret for the browser',
        description:
          "For a call started with a realtime model (its id and socket ticket from the call's start). Once per call: the server builds the session (instructions, voice, transcription, turn detection) and mints a client secret bound to it through the Realtime API, valid for 60 s. The browser posts its SDP offer to `callsUrl` with `Authorization: Bearer <clientSecret>`, then opens the call's socket (`/ws/call?callId=…&ticket=…&rtcCallId=rtc_…`, the id from the answer's Location header); the server follows the call over the model's sideband connection and ends it. 404 for an unknown call or a wrong ticket; 409 when the call was already opened, is offline, or the workspace sends calls through the server; 502 when the model refused.",
        auth: 'public',
        tags: ['Calls'],
        errors: ['NOT_FOUND', 'CALL_TRANSPORT_UNAVAILABLE', 'REALTIME_SESSION_FAILED'],
      },
    })
    .input(realtimeSessionInput)
    .output(realtimeSessionOutput)
    .mutation(({ ctx, input }) => openRealtimeSession(ctx.deps, input)),
});
