// The browser ⇄ server call protocol (/work/briefs/issue5-protocol.md), client side.

export type CallMode = 'practice' | 'test' | 'dry_run';
export type CallProvider = 'openai-realtime' | 'offline';
export type CallLanguage = 'en' | 'es' | 'it' | 'pt-BR';
export type CallState = 'connecting' | 'connected' | 'dialing' | 'ringing' | 'call_connected' | 'listening' | 'speaking' | 'ended';
export const CALL_STATES: readonly CallState[] = ['connecting', 'connected', 'dialing', 'ringing', 'call_connected', 'listening', 'speaking', 'ended'];
export type EndReason = 'completed' | 'time_limit' | 'user_hangup' | 'prospect_hangup' | 'upstream_dropped' | 'client_dropped' | 'error';
export const END_REASONS: readonly EndReason[] = ['completed', 'time_limit', 'user_hangup', 'prospect_hangup', 'upstream_dropped', 'client_dropped', 'error'];
export type Speaker = 'rep' | 'prospect';

export interface StartCallInput {
  simulationId: string;
  mode: CallMode;
  simulationPromptId?: string;
  /** Assignments: the exercise this call answers (/exercise/:id?exercise=<exerciseId>). */
  exerciseId?: string;
  clientId?: string;
}

export interface StartCallOutput {
  callId: string;
  ticket: string;
  wsPath: string;
  provider: CallProvider;
  timeLimitSeconds: number;
  learnerInstructions: string;
  persona: { name: string; voice: string | null };
  language: CallLanguage;
  simulationName: string;
  recordingNotice: boolean;
}

/** calls.preview: what a rep may read about a simulation before pressing Start. */
export interface CallPreview {
  simulationId: string;
  name: string;
  personaName: string | null;
  difficulty: 'easy' | 'medium' | 'hard' | 'expert';
  timeLimitSeconds: number;
  learnerInstructions: string;
  language: CallLanguage;
  provider: CallProvider;
}

export type ServerEvent =
  | { type: 'state'; state: CallState; at: number }
  | { type: 'transcript'; itemId: string; speaker: Speaker; delta?: string; text?: string; final: boolean; startMs: number }
  | { type: 'prospect_text'; itemId: string; text: string }
  | { type: 'interruption'; itemId: string }
  | { type: 'warning'; code: 'time_warning'; remainingSeconds: number }
  | { type: 'warning'; code: 'bad_frame' | 'rate_limited' | 'upstream_recovered'; message?: string }
  | { type: 'end'; reason: EndReason; durationMs: number; callId: string }
  | { type: 'error'; code: string; message: string; fatal: boolean }
  | { type: 'pong'; id: number; t: number };

export type ClientEvent =
  | { type: 'hangup' }
  | { type: 'ping'; id: number; t: number }
  | { type: 'playback'; itemId: string; playedMs: number }
  | { type: 'text'; text: string; source?: 'speech' }
  | { type: 'metrics'; samples: object[] }
  | { type: 'mute'; muted: boolean };

export const SAMPLE_RATE = 24_000;
export const FRAME_HEADER_BYTES = 4;

/** Parses a text frame; unknown or malformed messages are ignored (null). */
export function parseServerEvent(data: string): ServerEvent | null {
  try {
    const msg = JSON.parse(data) as { type?: unknown };
    return msg && typeof msg.type === 'string' ? (msg as ServerEvent) : null;
  } catch {
    return null;
  }
}

export function isCongratulation(reason: EndReason): boolean {
  return reason === 'completed' || reason === 'user_hangup' || reason === 'prospect_hangup';
}

/** BCP-47 tag for speech synthesis/recognition in the call language. */
export function speechLang(language: CallLanguage): string {
  return { en: 'en-US', es: 'es-ES', it: 'it-IT', 'pt-BR': 'pt-BR' }[language] ?? 'en-US';
}
