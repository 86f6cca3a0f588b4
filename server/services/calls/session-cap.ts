/** OpenAI closes a Realtime session after 60 minutes; calls end before that (the call service clamps time limits below it, the relay warns before it). */
export const REALTIME_SESSION_CAP_MS = 60 * 60 * 1000;
