import { z } from 'zod';
import { CALL_END_REASONS, CALL_STATES, CALL_TRANSPORT_SETTINGS } from './enums';

export const startCallInput = z.object({
  simulationId: z.uuid(),
  mode: z.enum(['practice', 'test', 'dry_run']).default('practice'),
  simulationPromptId: z.uuid().optional(),
  /** Assignments: the rep's exercise this call answers (the call row gets exerciseId, mode 'exercise'). */
  exerciseId: z.uuid().optional(),
  /** Certifications: the step this call attempts (the call row gets it, mode 'certification'). */
  certificationStepId: z.uuid().optional(),
});

export const startCallOutput = z.object({
  callId: z.uuid(),
  ticket: z.string(),
  wsPath: z.literal('/ws/call'),
  provider: z.enum(['openai-realtime', 'offline']),
  /**
   * How the browser should carry a model call's audio: 'auto' (WebRTC when it can, else the
   * relay), 'webrtc' or 'relay' (the workspace's setting); always 'relay' for offline calls.
   */
  transport: z.enum(CALL_TRANSPORT_SETTINGS),
  timeLimitSeconds: z.number().int(),
  learnerInstructions: z.string(),
  persona: z.object({ name: z.string(), voice: z.string() }),
  language: z.string(),
  simulationName: z.string(),
  recordingNotice: z.literal(true),
});

export const callIdInput = z.object({ callId: z.uuid() });

const summary = {
  id: z.uuid(),
  simulationId: z.uuid().nullable(),
  mode: z.string(),
  provider: z.enum(['openai-realtime', 'offline', 'human']),
  model: z.string().nullable(),
  language: z.string(),
  state: z.enum(CALL_STATES),
  endReason: z.enum(CALL_END_REASONS).nullable(),
  endDetail: z.string().nullable(),
  timeLimitSeconds: z.number().int(),
  startedAt: z.string().nullable(),
  connectedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  createdAt: z.string(),
};

export const callSummaryOutput = z.object(summary);
export const callDetailOutput = z.object({
  ...summary,
  turns: z.array(
    z.object({
      seq: z.number().int(),
      itemId: z.string(),
      speaker: z.enum(['rep', 'prospect']),
      text: z.string(),
      startMs: z.number().int(),
      endMs: z.number().int().nullable(),
      interrupted: z.boolean(),
    }),
  ),
});

/** A started call opened over WebRTC (POST /api/v1/openai/realtime-session): the call and its socket ticket (calls.start, or a candidate's or guest's link start). */
export const realtimeSessionInput = z.strictObject({
  callId: z.uuid(),
  ticket: z.string().min(16).max(200),
});

/** The short-lived client secret the browser opens its peer connection to the model with, and where to send its SDP offer. */
export const realtimeSessionOutput = z.object({
  callId: z.uuid(),
  clientSecret: z.string(),
  expiresAt: z.iso.datetime(),
  callsUrl: z.url(),
});
