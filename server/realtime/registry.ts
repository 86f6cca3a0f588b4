import type { CallSession } from './call-session';

export type { CallRelayOptions } from './relay-options';

/** Live call sessions of this process, by call id (calls.end falls back to the DB when absent). */
export const liveCalls = new Map<string, CallSession>();
