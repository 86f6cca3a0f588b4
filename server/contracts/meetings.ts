import { z } from 'zod';
import { MEETING_FAILURES, MEETING_SOURCES, MEETING_STATUSES } from './enums';
import { listOf } from './records';
import { reportStatusOutput } from './reports';
import { rawText, requiredText, text } from './text';

/**
 * Real calls: a transcript file scored with a scorecard, as the rep's real call.
 * Messages are i18n keys of locales/<lng>/meetings.json.
 */

/** A transcript file: 5 MB of text holds many hours of speech (a 2-hour WebVTT is well under 1 MB). */
export const MAX_TRANSCRIPT_CHARS = 5 * 1024 * 1024;

/**
 * What can be wrong with a transcript file, and its message key. The error (VALIDATION) carries
 * it as `details`: the problem, its message key (also the `content` field error), the 1-based line
 * of the file when one line is at fault, and the values the message names.
 */
export const TRANSCRIPT_PROBLEMS = {
  empty: 'meetings.validation.transcriptEmpty',
  notText: 'meetings.validation.transcriptNotText',
  unsupportedFormat: 'meetings.validation.transcriptUnsupportedFormat',
  tooLarge: 'meetings.validation.transcriptTooLarge',
  badTime: 'meetings.validation.transcriptBadTime',
  noSpeakers: 'meetings.validation.transcriptNoSpeakers',
  oneSpeaker: 'meetings.validation.transcriptOneSpeaker',
} as const;
export type TranscriptProblem = keyof typeof TRANSCRIPT_PROBLEMS;
export interface TranscriptProblemDetails {
  problem: TranscriptProblem;
  messageKey: string;
  line: number | null;
  params: Record<string, string | number>;
}

const transcriptFile = {
  fileName: text().max(200, 'meetings.validation.fileNameTooLong').default(''),
  // a chosen file that is empty or binary is said to be so, not "choose a file"
  content: rawText('meetings.validation.transcriptRequired', TRANSCRIPT_PROBLEMS.notText)
    .min(1, TRANSCRIPT_PROBLEMS.empty)
    .max(MAX_TRANSCRIPT_CHARS, TRANSCRIPT_PROBLEMS.tooLarge),
};

export const previewTranscriptInput = z.object(transcriptFile);

export const transcriptPreviewOutput = z.object({
  format: z.enum(['vtt', 'srt', 'text']),
  turns: z.number().int(),
  durationMs: z.number().int().nullable(),
  speakers: z.array(z.object({ name: z.string(), turns: z.number().int(), words: z.number().int() })),
  /** The speaker whose name matches the signed-in user's, if one does. */
  suggestedRep: z.string().nullable(),
});
export type TranscriptPreview = z.infer<typeof transcriptPreviewOutput>;

export const scoreTranscriptInput = z.object({
  ...transcriptFile,
  title: requiredText('meetings.validation.titleRequired', 200, 'meetings.validation.titleTooLong'),
  scorecardId: z.uuid('meetings.validation.scorecardRequired'),
  /** A simulation whose context (product, ICP, call instructions, evaluation prompt) applies. */
  simulationId: z.uuid().optional(),
  repSpeaker: requiredText('meetings.validation.repRequired', 200, 'meetings.validation.repRequired'),
});
export type ScoreTranscriptInput = z.infer<typeof scoreTranscriptInput>;

export const scoreTranscriptOutput = z.object({ meetingId: z.uuid(), callId: z.uuid() });

/** A Google Meet link as Meet gives it: https://meet.google.com/abc-defg-hij (a query string such as ?authuser=0 is kept). */
export const GOOGLE_MEET_URL = /^https:\/\/meet\.google\.com\/[a-z]{3}-[a-z]{4}-[a-z]{3}(?:\?[\w=&%.-]*)?$/;

export const requestBotInput = z.object({
  meetingUrl: text('meetings.validation.meetUrl')
    .regex(GOOGLE_MEET_URL, 'meetings.validation.meetUrl')
    .max(300, 'meetings.validation.meetUrl'),
  title: text().max(200, 'meetings.validation.titleTooLong').default(''),
  scorecardId: z.uuid('meetings.validation.scorecardRequired'),
  simulationId: z.uuid().optional(),
  /** When the bot joins (ISO 8601, with an offset); absent: now. */
  joinAt: z.iso.datetime({ offset: true, message: 'meetings.validation.joinAt' }).optional(),
});
export type RequestBotInput = z.infer<typeof requestBotInput>;
export const requestBotOutput = z.object({ meetingId: z.uuid() });

export const meetingIdInput = z.object({ meetingId: z.uuid() });

/** The tenant's bot name (empty: the server's default). Meet shows it to every participant. */
export const botNameInput = z.object({ botName: text().max(60, 'meetings.validation.botNameTooLong') });
export const botNameOutput = z.object({ botName: z.string() });

export const chooseRepInput = z.object({
  meetingId: z.uuid(),
  repSpeaker: requiredText('meetings.validation.repRequired', 200, 'meetings.validation.repRequired'),
});
export type ChooseRepInput = z.infer<typeof chooseRepInput>;
export const chooseRepOutput = z.object({ meetingId: z.uuid(), callId: z.uuid() });

export const botSettingsOutput = z.object({
  provider: z.enum(['attendee', 'recall']).nullable(),
  botName: z.string(),
  /** Whether the signed-in user may change the tenant's bot name (admins). */
  canRename: z.boolean(),
  /** Whether an audio or video recording can be transcribed (an AI model is configured). */
  transcription: z.boolean(),
  /** The largest recording accepted, in MB (CALL_RECORDING_MAX_MB). */
  recordingMaxMb: z.number().int(),
});

export const calendarOverviewOutput = z.object({
  /** Whether a calendar can be connected here (Google OAuth client and ENCRYPTION_KEY configured). */
  available: z.boolean(),
  connected: z.boolean(),
  email: z.string().nullable(),
  /** reconnect: Google refused the stored tokens; unavailable: the calendar could not be read now. */
  problem: z.enum(['reconnect', 'unavailable']).nullable(),
  events: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      start: z.string(),
      end: z.string().nullable(),
      meetUrl: z.string(),
      botScheduled: z.boolean(),
    }),
  ),
});
export type CalendarOverview = z.infer<typeof calendarOverviewOutput>;

const meetingRow = z.object({
  id: z.uuid(),
  title: z.string(),
  source: z.enum(MEETING_SOURCES),
  status: z.enum(MEETING_STATUSES),
  failure: z.enum(MEETING_FAILURES).nullable(),
  /** The provider's (or evaluator's) own words about a failure or the bot's last state. */
  detail: z.string().nullable(),
  meetingUrl: z.string().nullable(),
  botName: z.string().nullable(),
  joinAt: z.string().nullable(),
  callId: z.uuid().nullable(),
  durationMs: z.number().int().nullable(),
  speakers: z.array(z.string()),
  repSpeaker: z.string().nullable(),
  reportStatus: reportStatusOutput,
  score: z.number().nullable(),
  createdAt: z.string(),
  /** When the call itself began (the time its report shows); when there is no call yet, when the row was made. */
  heldAt: z.string(),
});
export type MeetingRow = z.infer<typeof meetingRow>;
export const meetingListOutput = listOf(meetingRow);

export const realCallOptionsOutput = z.object({
  scorecards: z.array(z.object({ id: z.uuid(), name: z.string() })),
  simulations: z.array(z.object({ id: z.uuid(), name: z.string(), scorecardId: z.uuid().nullable() })),
});
