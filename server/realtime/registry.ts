import type { ClientOptions as WsClientOptions } from 'ws';
import type { CallSession } from './call-session';
import type { ProspectVoice } from './offline-voice/voice';

export interface CallRelayOptions {
  /** Extra `ws` options for the upstream socket (tests: the fake's self-signed CA). */
  upstreamWsOptions?: WsClientOptions;
  ringMs?: number;
  bargeInWaitMs?: number;
  offlineThinkMs?: number;
  /** The offline prospect's synthesiser: undefined = the process's eSpeak voice, null = text only. */
  offlineVoice?: ProspectVoice | null;
}

/** Live call sessions of this process, by call id (calls.end falls back to the DB when absent). */
export const liveCalls = new Map<string, CallSession>();

const tenantLocks = new Map<string, Promise<unknown>>();

/** Serializes the concurrent-call check and claim per tenant within this process. */
export function withTenantLock<T>(tenantId: string, fn: () => Promise<T>): Promise<T> {
  const prev = tenantLocks.get(tenantId) ?? Promise.resolve();
  const next = prev.then(fn, fn);
  const tail = next.catch(() => undefined);
  tenantLocks.set(tenantId, tail);
  void tail.then(() => {
    if (tenantLocks.get(tenantId) === tail) tenantLocks.delete(tenantId);
  });
  return next;
}
