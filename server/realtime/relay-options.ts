import type { ClientOptions as WsClientOptions } from 'ws';
import type { ProspectVoice } from './offline-voice/voice';

/** Call relay knobs (AppDeps.calls): a leaf of types, so the process's deps name them without importing the relay. */
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
