import type { Env } from '../../env';
import { createAttendeeProvider } from './attendee';
import type { MeetingBotProvider, MeetingBotProviderName } from './provider';
import { createRecallProvider } from './recall';

export * from './provider';

/** The configured meeting-bot provider (MEETING_BOT_PROVIDER and its base URL, key and webhook secret), or null. */
export function meetingBotProvider(env: Env): MeetingBotProvider | null {
  const timeoutMs = Math.min(env.OPENAI_TIMEOUT_MS, 30_000);
  const settings = {
    attendee: {
      create: createAttendeeProvider,
      baseUrl: env.ATTENDEE_BASE_URL,
      apiKey: env.ATTENDEE_API_KEY,
      webhookSecret: env.ATTENDEE_WEBHOOK_SECRET,
    },
    recall: {
      create: createRecallProvider,
      baseUrl: env.RECALL_BASE_URL,
      apiKey: env.RECALL_API_KEY,
      webhookSecret: env.RECALL_WEBHOOK_SECRET,
    },
  };
  const chosen = env.MEETING_BOT_PROVIDER && settings[env.MEETING_BOT_PROVIDER];
  if (!chosen?.apiKey) return null;
  const { create, apiKey, baseUrl, webhookSecret } = chosen;
  return create({ baseUrl, apiKey, webhookSecret, timeoutMs });
}

/** A provider by name, for a webhook addressed to it (the configured one only). */
export function providerNamed(env: Env, name: string): MeetingBotProvider | null {
  const p = meetingBotProvider(env);
  return p && p.name === (name as MeetingBotProviderName) ? p : null;
}
