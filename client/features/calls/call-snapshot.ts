import type { MicError } from './audio-engine';
import type { RecognitionStatus } from './offline-speech';
import type { CallError, CallProvider, CallState, EndReason, ServerEvent, Speaker, StartCallOutput } from './protocol';

// What the call screen shows of a call (CallSession's snapshot) and how the transcript is kept.

type CallPhase = 'idle' | 'starting' | 'live' | 'ending' | 'ended' | 'failed';
type RecordingStatus = 'none' | 'recording' | 'uploading' | 'uploaded' | 'failed';
/** i18n keys under `calls:errors.*`. */
export type CallErrorKey =
  'startFailed' | 'endFailed' | 'micDenied' | 'micUnavailable' | 'connectionLost' | 'server' | 'webrtcFailed';

export interface TranscriptLine {
  itemId: string;
  speaker: Speaker;
  text: string;
  final: boolean;
}

export interface CallSnapshot {
  phase: CallPhase;
  callState: CallState | null;
  call: StartCallOutput | null;
  provider: CallProvider | null;
  /** How the call's audio travels once connected (WebRTC straight to the model, or the server's relay). */
  transport: 'relay' | 'webrtc' | null;
  transcript: TranscriptLine[];
  muted: boolean;
  micError: MicError | null;
  /** Offline mode: what the browser's speech recognition is doing ('off' otherwise). */
  recognition: RecognitionStatus;
  /** Offline mode: a prospect line could not be voiced and the browser had no voice to read it. */
  voiceUnavailable: boolean;
  /** The rep said (or typed) something the server took as a turn. */
  repSpoke: boolean;
  speaking: Speaker | null;
  connectedAt: number | null;
  timeWarning: boolean;
  end: { reason: EndReason; durationMs: number } | null;
  error: CallErrorKey | null;
  /** The server's last error on the socket (a catalogue code, translated by call-labels.ts). */
  serverError: Pick<CallError, 'code' | 'params'> | null;
  /** Why the server refused to start the call, when it said (an i18n message key, e.g. no attempts left). */
  startRefusal: string | null;
  recording: RecordingStatus;
}

export const INITIAL_SNAPSHOT: CallSnapshot = {
  phase: 'idle',
  callState: null,
  call: null,
  provider: null,
  transport: null,
  transcript: [],
  muted: false,
  micError: null,
  recognition: { kind: 'off' },
  voiceUnavailable: false,
  repSpoke: false,
  speaking: null,
  connectedAt: null,
  timeWarning: false,
  end: null,
  error: null,
  serverError: null,
  startRefusal: null,
  recording: 'none',
};

/**
 * The transcript after one `transcript` event: a delta extends its line, a final text replaces it,
 * and a rep's final turn confirms the line typed locally (`local-…`) with the same text.
 */
export function mergeTranscript(
  transcript: readonly TranscriptLine[],
  event: Extract<ServerEvent, { type: 'transcript' }>,
): TranscriptLine[] {
  const lines = [...transcript];
  let index = lines.findIndex((l) => l.itemId === event.itemId);
  if (index < 0 && event.speaker === 'rep' && event.final && event.text) {
    const typed = event.text.trim();
    index = lines.findIndex((l) => l.itemId.startsWith('local-') && l.text === typed);
    if (index >= 0) lines[index] = { ...lines[index], itemId: event.itemId };
  }
  if (index < 0) {
    lines.push({ itemId: event.itemId, speaker: event.speaker, text: '', final: false });
    index = lines.length - 1;
  }
  const line = lines[index];
  const text = event.final && typeof event.text === 'string' ? event.text : line.text + (event.delta ?? '');
  lines[index] = { ...line, text, final: line.final || event.final };
  return lines;
}
