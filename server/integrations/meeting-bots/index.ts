import type { Env } from '../../env';
import { createAttendeeProvider } from './attendee';
import type { MeetingBotProvider, MeetingBotProviderName } from './provider';
import { createRecallProvider } from './recall';

export * from './provider';

/** The configured meeting-bot provider (MEETING_BOT_PROVIDER and its base URL, key and webhook secret), or null. */
export function meetingBotProvider(env: Env): MeetingBotProvider | null {
  const timeoutMs = Math.min(env.OPENAI_TIMEOUT_MS, 30_000);
  if (env.MEETING_BOT_PROVIDER === 'attendee' && env.ATTENDEE_API_KEY) {
    return createAttendeeProvider({
      baseUrl: env.ATTENDEE_BASE_URL,
      apiKey: env.ATTENDEE_API_KEY,
      webhookSecret: env.ATTENDEE_WEBHOOK_SECRET,
      timeoutMs,
    });
  }
  if (env.MEETING_BOT_PROVIDER === 'recall' && env.RECALL_API_KEY) {
    return createRecallProvider({
      baseUrl: env.RECALL_BASE_URL,
      apiKey: env.RECALL_API_KEY,
      webhookSecret: env.RECALL_WEBHOOK_SECRET,
      timeoutMs,
    });
  }
  return null;
}

/** A provider by name, for a webhook addressed to it (the configured one only). */
export function providerNamed(env: Env, name: string): MeetingBotProvider | null {
  const p = meetingBotProvider(env);
  return p && p.name === (name as MeetingBotProviderName) ? p : null;
}
