import {
  MAX_TRANSCRIPT_CHARS,
  TRANSCRIPT_PROBLEMS,
  type TranscriptProblemDetails,
  type TranscriptProblem,
} from '../../contracts/meetings';
import { AppError } from '../../errors';

/**
 * What is wrong with a transcript file, said precisely enough to fix it: the reason, the line of
 * the file and the values the message names. The parsers we use skip what they cannot read, so a
 * file would otherwise lose cues in silence; these checks run before them.
 */

type Params = Record<string, string | number>;

// the English message for API clients and logs; people read the translation of the message key
const ENGLISH: Record<TranscriptProblem, (p: Params) => string> = {
  empty: () => 'The file holds no transcript',
  notText: () => 'The file is not text',
  unsupportedFormat: (p) => `A ${p.kind} file is not a transcript format: use WebVTT, SRT or "Name: text" lines`,
  tooLarge: (p) => `The file is too large (${p.mb} MB at most)`,
  badTime: (p) => `the time '${p.time}' is not valid`,
  noSpeakers: () => `No speakers found: write each turn as 'Name: text' or use WebVTT voice tags`,
  oneSpeaker: (p) => `Only one speaker found (${p.name}): a call needs at least two`,
};

export function transcriptProblem(problem: TranscriptProblem, line: number | null = null, params: Params = {}) {
  const details: TranscriptProblemDetails = { problem, messageKey: TRANSCRIPT_PROBLEMS[problem], line, params };
  const message = ENGLISH[problem](params);
  return new AppError('VALIDATION', line === null ? message : `Line ${line}: ${message}`, {
    ...details,
    fieldErrors: { content: [details.messageKey] },
  });
}

/** Control characters other than tab, line and page breaks, and what a decoder put for bytes that are no UTF-8. */
function notTextCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 && (c < 0x09 || c > 0x0d)) || c === 0xfffd) n++;
  }
  return n;
}

const OTHER_DOCUMENTS: [RegExp, string][] = [
  [/^%PDF-/, 'PDF'],
  [/^\{\\rtf/, 'RTF'],
  [/^<!doctype html|^<html[\s>]/i, 'HTML'],
  [/^<\?xml|^<tt[\s>]/i, 'XML'],
];

function otherDocument(text: string): string | null {
  const head = text.trimStart();
  const known = OTHER_DOCUMENTS.find(([re]) => re.test(head));
  if (known) return known[1];
  // "[Ana] text" lines start with a bracket too: only a whole JSON document is one
  if (/^[[{]/.test(head)) {
    try {
      JSON.parse(text);
      return 'JSON';
    } catch {
      return null;
    }
  }
  return null;
}

/** Refuses what is no transcript at all: too much, nothing, bytes that are not text, another kind of document. */
export function checkTranscriptText(text: string): void {
  if (text.length > MAX_TRANSCRIPT_CHARS)
    throw transcriptProblem('tooLarge', null, { mb: Math.round(MAX_TRANSCRIPT_CHARS / 1024 / 1024) });
  if (!text.trim()) throw transcriptProblem('empty');
  const head = text.slice(0, 8192);
  // a stray control character is cleaned later; many of them are a binary file read as text
  if (head.includes('\u0000') || notTextCount(head) > Math.max(2, head.length / 100))
    throw transcriptProblem('notText');
  const kind = otherDocument(text);
  if (kind) throw transcriptProblem('unsupportedFormat', null, { kind });
}

/** [hh:]mm:ss with a fraction, as WebVTT (".") and SRT (",") write a cue's times. */
const CUE_TIME = /^(?:\d+:)?([0-5]\d):([0-5]\d)[.,]\d{1,3}$/;
const TIMING = /^\s*(\S+)\s+-->\s+(\S+)/;

/**
 * Every cue of a WebVTT or SRT file has two valid times (a cue without text is allowed, as WebVTT
 * allows it and exporters write them: it is skipped). A cue is a block of lines
 * between blank lines whose first or second line (after an identifier) holds "-->"; other blocks
 * (the header, NOTE, STYLE) are not cues.
 */
export function checkCues(lines: string[]): void {
  let start = 0;
  while (start < lines.length) {
    if (!lines[start].trim()) {
      start++;
      continue;
    }
    let end = start;
    while (end < lines.length && lines[end].trim()) end++;
    const at = [start, start + 1].find((i) => i < end && lines[i].includes('-->'));
    if (at !== undefined) {
      const timing = TIMING.exec(lines[at]);
      const bad = timing ? [timing[1], timing[2]].find((time) => !CUE_TIME.test(time)) : lines[at].trim();
      if (bad !== undefined) throw transcriptProblem('badTime', at + 1, { time: bad });
    }
    start = end;
  }
}

/** A plain-text line's clock ([hh:]mm:ss): minutes and seconds under 60 (a call may run past 59 minutes as mm:ss). */
export function checkClock(clock: string, hms: [number, number, number | null], line: number): void {
  const [, b, c] = hms;
  if (c === null ? b >= 60 : b >= 60 || c >= 60)
    throw transcriptProblem('badTime', line, { time: clock.trim().replace(/^\[|\]$/g, '') });
}
