import { useEffect, useState, useSyncExternalStore } from 'react';
import { CallSession, type CallSessionOptions, type CallSnapshot } from './call-session';

/**
 * A CallSession for as long as the component lives (a new one when `key` changes); disposed on
 * unmount so leaving the page closes the socket and the microphone.
 */
export function useCallSession(options: CallSessionOptions, key: string): CallSession | null {
  const [session, setSession] = useState<CallSession | null>(null);
  useEffect(() => {
    const s = new CallSession(options);
    setSession(s);
    return () => s.dispose();
    // the session is recreated only for a new key; options are read when it is made
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return session;
}

const EMPTY_SUBSCRIBE = () => () => undefined;

export function useCallSnapshot(session: CallSession | null): CallSnapshot | null {
  return useSyncExternalStore(session?.subscribe ?? EMPTY_SUBSCRIBE, () => session?.getSnapshot() ?? null);
}

export function useMicLevel(session: CallSession | null): number {
  return useSyncExternalStore(session?.subscribeLevel ?? EMPTY_SUBSCRIBE, () => session?.getLevel() ?? 0);
}

/** Re-renders every `ms` while `active` and returns Date.now(). */
export function useNow(active: boolean, ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [active, ms]);
  return now;
}
