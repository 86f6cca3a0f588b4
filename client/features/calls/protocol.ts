import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';
import {
  serverEventSchema,
  type CallEndReason,
  type CallUiState,
  type ClientMessage,
  type ServerEvent,
} from '../../../server/contracts/call-protocol';

// The call protocol is server/contracts/call-protocol.ts (one source for both ends); the calls
// procedures' types come from the router through tRPC.
export { FRAME_HEADER_BYTES, SAMPLE_RATE } from '../../../server/contracts/call-protocol';
export type { CallError, ServerEvent, Speaker } from '../../../server/contracts/call-protocol';

type CallsInputs = inferRouterInputs<AppRouter>['calls'];
type CallsOutputs = inferRouterOutputs<AppRouter>['calls'];

export type StartCallInput = CallsInputs['start'];
export type StartCallOutput = CallsOutputs['start'];
/** calls.preview: what a rep may read about a simulation before pressing Start. */
export type CallPreview = CallsOutputs['preview'];
export type CallProvider = StartCallOutput['provider'];
export type CallState = CallUiState;
export type EndReason = CallEndReason;
export type ClientEvent = ClientMessage;

/** Parses a text frame; unknown or malformed messages are ignored (null). */
export function parseServerEvent(data: string): ServerEvent | null {
  try {
    const parsed = serverEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function isCongratulation(reason: EndReason): boolean {
  return reason === 'completed' || reason === 'user_hangup' || reason === 'prospect_hangup';
}

const SPEECH_LANGS: Record<string, string> = { en: 'en-US', es: 'es-ES', it: 'it-IT', 'pt-BR': 'pt-BR' };

/** BCP-47 tag for speech synthesis/recognition in the call language. */
export function speechLang(language: string): string {
  return SPEECH_LANGS[language] ?? 'en-US';
}
