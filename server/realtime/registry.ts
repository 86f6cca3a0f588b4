import type { ClientOptions as WsClientOptions } from 'ws';
import type { CallSession } from './call-session';
import type { ProspectVoice } from './offline-voice/voice';

export interface CallRelayOptions {
  /** The HTTP client for the Realtime REST calls (client secrets, hangup); tests: one that trusts the fake's CA. */
  openaiFetch?: typeof fetch;
  /** Extra `ws` options for the upstream socket (tests: the fake's self-signed CA). */
  upstreamWsOptions?: WsClientOptions;
  ringMs?: number;
  /** The realtime model is given up after this long without an event or a pong (default 15 s). */
  upstreamStallMs?: number;
  bargeInWaitMs?: number;
  offlineThinkMs?: number;
  /** The offline prospect's synthesiser: undefined = the process's eSpeak voice, null = text only. */
  offlineVoice?: ProspectVoice | null;
}

/** Live call sessions of this process, by call id (calls.end falls back to the DB when absent). */
export const liveCalls = new Map<string, CallSession>();
