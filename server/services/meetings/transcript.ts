import { parseSync as parseSrt } from 'subtitle';
import webvtt, { type VttNode } from 'webvtt-parser';
import { normaliseLine } from '../../contracts/text';
import { checkClock, checkCues, checkTranscriptText, transcriptProblem } from './transcript-problems';

/**
 * A real call's transcript from a file: WebVTT (Google Meet and Microsoft Teams put the
 * speaker in a voice span, `<v Ana Ruiz>…</v>`; Zoom writes "Ana Ruiz: …" in the cue), SRT (the
 * speaker as a "Name:" prefix), or plain "Speaker: text" lines (an optional [hh:mm:ss] first).
 * WebVTT is read by webvtt-parser (the W3C validator's parser), SRT by subtitle; only the speaker
 * conventions above are ours. Consecutive cues of one speaker are one turn; several speakers are
 * kept as they spoke. A file they cannot read is refused with the line at fault
 * (transcript-problems.ts), never read in part.
 */

export type TranscriptFormat = 'vtt' | 'srt' | 'text';

interface TranscriptSegment {
  speaker: string;
  text: string;
  startMs: number;
  endMs: number | null;
}

export interface ParsedTranscript {
  format: TranscriptFormat;
  segments: TranscriptSegment[];
  /** Every speaker, in order of first words. */
  speakers: string[];
  durationMs: number | null;
}

/** The name used when a file does not say who spoke. */
const UNKNOWN_SPEAKER = 'Speaker';

const SRT_CUE = /^\s*\d+\s*\r?\n\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s*-->/m;

export function detectTranscriptFormat(content: string): TranscriptFormat {
  const text = content.replace(/^\uFEFF/, '');
  if (/^WEBVTT(?:[ \t]|\r?\n|$)/.test(text)) return 'vtt';
  if (SRT_CUE.test(text)) return 'srt';
  return 'text';
}

// "Ana Ruiz: text", "ANA: text", "[Ana] text" — a short name of letters, spaces, dots, dashes, apostrophes
const NAME_PREFIX = /^\s*(?:\[([^\]\n]{1,60})\]|([\p{L}][\p{L}\p{M}0-9 .'’()-]{0,58}?))\s*:\s+(.*)$/su;

function splitSpeaker(text: string): { speaker: string | null; text: string } {
  const m = NAME_PREFIX.exec(text);
  if (!m) return { speaker: null, text };
  return { speaker: (m[1] ?? m[2]).trim(), text: m[3] };
}

function nodeText(nodes: VttNode[]): string {
  return nodes.map((n) => (n.type === 'text' ? n.value : nodeText(n.children ?? []))).join('');
}

function voiceOf(nodes: VttNode[]): string | null {
  for (const n of nodes) {
    if (n.type === 'object' && n.name === 'v' && n.value) return n.value.trim();
    const inner = n.type === 'object' ? voiceOf(n.children ?? []) : null;
    if (inner) return inner;
  }
  return null;
}

interface Cue {
  speaker: string | null;
  text: string;
  startMs: number;
  endMs: number | null;
}

function fromVtt(content: string): Cue[] {
  const { cues } = new webvtt.WebVTTParser().parse(content, 'metadata');
  return cues.map((c) => {
    const voice = voiceOf(c.tree.children);
    const raw = nodeText(c.tree.children);
    const split = voice ? { speaker: voice, text: raw } : splitSpeaker(raw);
    return {
      speaker: split.speaker,
      text: split.text,
      startMs: Math.round(c.startTime * 1000),
      endMs: Math.round(c.endTime * 1000),
    };
  });
}

function fromSrt(content: string): Cue[] {
  return parseSrt(content).flatMap((n) => {
    if (n.type !== 'cue') return [];
    const voice = /^\s*<v\s+([^>]+)>/i.exec(n.data.text);
    const stripped = n.data.text.replace(/<[^>]+>/g, '');
    const split = voice ? { speaker: voice[1].trim(), text: stripped } : splitSpeaker(stripped);
    return [{ speaker: split.speaker, text: split.text, startMs: n.data.start, endMs: n.data.end }];
  });
}

const CLOCK = /^\s*\[?(\d{1,2}):(\d{2})(?::(\d{2}))?(?:[.,]\d+)?\]?\s+/;

function fromText(lines: string[]): Cue[] {
  const cues: Cue[] = [];
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    let rest = line;
    let startMs = -1;
    const clock = CLOCK.exec(rest);
    if (clock) {
      const [a, b, c] = [Number(clock[1]), Number(clock[2]), clock[3] === undefined ? null : Number(clock[3])];
      checkClock(clock[0], [a, b, c], i + 1);
      startMs = (c === null ? a * 60 + b : a * 3600 + b * 60 + c) * 1000;
      rest = rest.slice(clock[0].length);
    }
    const split = splitSpeaker(rest);
    if (split.speaker) cues.push({ speaker: split.speaker, text: split.text, startMs, endMs: null });
    else if (cues.length)
      cues[cues.length - 1].text += ` ${rest}`; // a wrapped line goes on the turn before it
    else cues.push({ speaker: null, text: rest, startMs, endMs: null });
  });
  return cues;
}

/**
 * Reads a transcript file. Lines are cleaned as call turns are (no control characters, one line
 * each). What no parser can read throws a VALIDATION error naming the reason and the line.
 */
export function parseTranscript(
  content: string,
  format: TranscriptFormat = detectTranscriptFormat(content),
): ParsedTranscript {
  const text = content.replace(/^\uFEFF/, '');
  checkTranscriptText(text);
  const lines = text.split(/\r\n?|\n/);
  if (format !== 'text') checkCues(lines);
  return assemble(format === 'vtt' ? fromVtt(text) : format === 'srt' ? fromSrt(text) : fromText(lines), format);
}

/** A call's transcript file: some speech, and at least two people named (a call is a conversation). */
export function readCallTranscript(content: string): ParsedTranscript {
  const t = parseTranscript(content);
  if (!t.segments.length) throw transcriptProblem('empty');
  const named = t.speakers.filter((s) => s !== UNKNOWN_SPEAKER);
  if (!named.length) throw transcriptProblem('noSpeakers');
  if (named.length === 1) throw transcriptProblem('oneSpeaker', null, { name: named[0] });
  return t;
}

/** A meeting bot's utterances (speaker, start, end, text) as a transcript, cleaned and joined as a file's are. */
export function transcriptFromUtterances(
  utterances: { speaker: string; startMs: number; endMs: number; text: string }[],
): ParsedTranscript {
  const sorted = [...utterances].sort((a, b) => a.startMs - b.startMs);
  return assemble(
    sorted.map((u) => ({
      speaker: u.speaker,
      text: u.text,
      startMs: Math.max(0, u.startMs),
      endMs: Math.max(u.startMs, u.endMs),
    })),
    'text',
  );
}

function assemble(cues: Cue[], format: TranscriptFormat): ParsedTranscript {
  const segments: TranscriptSegment[] = [];
  for (const cue of cues) {
    const line = normaliseLine(cue.text);
    if (!line) continue;
    const speaker = normaliseLine(cue.speaker ?? '') || UNKNOWN_SPEAKER;
    const last = segments[segments.length - 1];
    if (last && last.speaker === speaker) {
      last.text = `${last.text} ${line}`;
      if (cue.endMs !== null) last.endMs = cue.endMs;
      continue;
    }
    segments.push({ speaker, text: line, startMs: Math.max(0, cue.startMs), endMs: cue.endMs });
  }
  // plain text without clocks: place turns in order, a second apart, so they keep their order
  if (segments.some((s) => s.startMs === 0) && format === 'text' && cues.every((c) => c.startMs < 0))
    segments.forEach((s, i) => (s.startMs = i * 1000));
  const speakers = [...new Set(segments.map((s) => s.speaker))];
  const ends = segments.map((s) => s.endMs ?? s.startMs);
  return { format, segments, speakers, durationMs: segments.length ? Math.max(...ends) : null };
}
