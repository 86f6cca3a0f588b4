import type { CallSession } from './call-session';

/** Live call sessions of this process, by call id (calls.end falls back to the DB when absent). */
export const liveCalls = new Map<string, CallSession>();
