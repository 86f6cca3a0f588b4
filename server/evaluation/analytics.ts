import { isFollowUp } from './offline/detectors';
import { CallFacts } from './offline/features';
import { wordCount } from './text';
import type { Turn } from './types';

export { isOpenQuestion } from './offline/features';

const ANALYTICS_VERSION = 'spar-analytics-v2';

interface FillerPattern {
  label: string;
  re: RegExp;
}
const L = '[\\p{L}\\p{N}]';
const w = (phrase: string, extra = '') => new RegExp(`(?<!${L})${phrase}(?!${L})${extra}`, 'giu');

/** Filler words and phrases per language (matched as whole words, case-insensitive). */
const FILLER_PATTERNS: Record<string, FillerPattern[]> = {
  en: [
    { label: 'um', re: w('u+m+') },
    { label: 'uh', re: w('u+h+') },
    // "like" as a filler, not "I'd like", "would like", "looks like", "feel like"…
    {
      label: 'like',
      re: new RegExp(
        `(?<!(?:${L}'d|would|i|we|you|they|looks|look|feel|feels|sounds|seems|just) )(?<!${L})like(?!${L})(?! to )(?! this)(?! that)`,
        'giu',
      ),
    },
    { label: 'you know', re: w('you know', '(?! (?:what|how|why|who|when|where|if|that))') },
    { label: 'basically', re: w('basically') },
    { label: 'actually', re: w('actually') },
    { label: 'sort of', re: w('sort of') },
    { label: 'kind of', re: w('kind of') },
  ],
  es: [
    { label: 'eh', re: w('e+h+') },
    { label: 'este', re: w('este', '(?=\\s*[,.…])') },
    { label: 'o sea', re: w('o sea') },
    { label: 'pues', re: w('pues') },
    { label: 'bueno', re: w('bueno', '(?=\\s*[,.…])') },
    { label: '¿sabes?', re: /¿?\s*sabes\s*\?/giu },
  ],
  it: [
    { label: 'ehm', re: w('e+h*m+') },
    { label: 'cioè', re: w('cioè') },
    { label: 'tipo', re: w('tipo') },
    { label: 'allora', re: w('allora') },
    { label: 'praticamente', re: w('praticamente') },
    { label: 'diciamo', re: w('diciamo') },
  ],
  'pt-BR': [
    { label: 'tipo', re: w('tipo') },
    { label: 'né', re: w('né') },
    { label: 'então', re: w('então') },
    { label: 'assim', re: w('assim', '(?=\\s*[,.…])') },
    { label: 'é…', re: /(?<![\p{L}\p{N}])é\s*(?:…|\.\.\.)/giu },
    { label: 'sabe', re: w('sabe', '(?=\\s*[?,.…])') },
  ],
};

export interface CallAnalytics {
  version: string;
  language: string;
  durationMs: number;
  turns: { rep: number; prospect: number };
  talkRatio: {
    repMs: number;
    prospectMs: number;
    repShare: number;
    source: 'timing' | 'words';
    repWords: number;
    prospectWords: number;
  };
  longestRepMonologue: { ms: number; words: number; turnSeq: number | null };
  questions: {
    count: number;
    open: number;
    closed: number;
    followUps: number;
    examples: { text: string; turnSeq: number; startMs: number; open: boolean }[];
  };
  wordsPerMinute: number | null;
  fillerWords: { total: number; perHundredWords: number; counts: Record<string, number>; language: string };
  interruptions: { repBargeIns: number; overlaps: number };
  responseLatency: { count: number; avgMs: number | null; p50Ms: number | null; maxMs: number | null };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function percentile(sorted: number[], p: number): number {
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx];
}

function spokenMs(t: Turn): number | null {
  if (t.endMs == null || t.endMs < t.startMs) return null;
  const full = t.endMs - t.startMs;
  // an interrupted prospect turn was only heard for playedMs
  if (t.interrupted && t.playedMs != null) return Math.min(full, Math.max(0, t.playedMs));
  return full;
}

export function countFillers(text: string, language: string): Record<string, number> {
  const patterns = FILLER_PATTERNS[language] ?? FILLER_PATTERNS.en;
  const counts: Record<string, number> = {};
  for (const p of patterns) {
    const n = (text.match(p.re) ?? []).length;
    if (n) counts[p.label] = n;
  }
  return counts;
}

/** Conversation analytics from the transcript alone; deterministic. */
export function computeAnalytics(
  input: readonly Turn[],
  opts: { language: string; durationMs?: number | null },
): CallAnalytics {
  const turns = [...input].sort((a, b) => a.seq - b.seq);
  const rep = turns.filter((t) => t.speaker === 'rep');
  const prospect = turns.filter((t) => t.speaker === 'prospect');
  const language = opts.language;

  const repWords = rep.reduce((a, t) => a + wordCount(t.text), 0);
  const prospectWords = prospect.reduce((a, t) => a + wordCount(t.text), 0);
  // speech timing only when every turn that says something was spoken: a typed turn has no
  // duration, and timing it as 0 ms would show "Rep 0%" beside a rep who said most of the words
  const timed =
    turns.length > 0 && turns.every((t) => spokenMs(t) !== null && (spokenMs(t)! > 0 || wordCount(t.text) === 0));
  const repMs = timed ? rep.reduce((a, t) => a + spokenMs(t)!, 0) : 0;
  const prospectMs = timed ? prospect.reduce((a, t) => a + spokenMs(t)!, 0) : 0;
  const totalTalk = timed ? repMs + prospectMs : repWords + prospectWords;
  const repShare = totalTalk > 0 ? Math.round(((timed ? repMs : repWords) / totalTalk) * 1000) / 1000 : 0;

  // consecutive rep turns with no prospect turn in between form one monologue
  let longest = { ms: 0, words: 0, turnSeq: null as number | null };
  let cur = { ms: 0, words: 0, turnSeq: null as number | null, start: 0 };
  for (const t of turns) {
    if (t.speaker === 'rep') {
      if (cur.turnSeq === null) cur = { ms: 0, words: 0, turnSeq: t.seq, start: t.startMs };
      cur.words += wordCount(t.text);
      cur.ms = t.endMs != null ? Math.max(0, t.endMs - cur.start) : cur.ms;
      if (cur.words > longest.words || (cur.words === longest.words && cur.ms > longest.ms))
        longest = { ms: cur.ms, words: cur.words, turnSeq: cur.turnSeq };
    } else cur = { ms: 0, words: 0, turnSeq: null, start: 0 };
  }

  // the same reading of the rep's sentences as the offline evaluator's (offline/features.ts)
  const facts = new CallFacts(turns, language, { repShare: 0, bargeIns: 0 });
  const asked = facts.rep.filter((s) => s.question);
  const qs = asked.map((s) => ({ text: s.text, turnSeq: s.turn.seq, startMs: s.turn.startMs, open: s.open }));
  const open = qs.filter((q) => q.open).length;
  const followUps = asked.filter((s) => isFollowUp(facts, s)).length;

  const repSpeakingMs = timed ? repMs : null;
  const wordsPerMinute = repSpeakingMs && repSpeakingMs > 0 ? round1(repWords / (repSpeakingMs / 60_000)) : null;

  const counts: Record<string, number> = {};
  for (const t of rep)
    for (const [k, v] of Object.entries(countFillers(t.text, language))) counts[k] = (counts[k] ?? 0) + v;
  const fillerTotal = Object.values(counts).reduce((a, b) => a + b, 0);

  let overlaps = 0;
  for (let i = 1; i < turns.length; i++) {
    const prev = turns[i - 1];
    if (prev.speaker !== turns[i].speaker && prev.endMs != null && turns[i].startMs < prev.endMs) overlaps++;
  }
  const latencies = prospect
    .map((t) => t.responseLatencyMs)
    .filter((v): v is number => typeof v === 'number' && v >= 0)
    .sort((a, b) => a - b);

  const lastEnd = turns.reduce((m, t) => Math.max(m, t.endMs ?? t.startMs), 0);
  return {
    version: ANALYTICS_VERSION,
    language,
    durationMs: opts.durationMs ?? lastEnd,
    turns: { rep: rep.length, prospect: prospect.length },
    talkRatio: { repMs, prospectMs, repShare, source: timed ? 'timing' : 'words', repWords, prospectWords },
    longestRepMonologue: longest,
    questions: { count: qs.length, open, closed: qs.length - open, followUps, examples: qs.slice(0, 5) },
    wordsPerMinute,
    fillerWords: {
      total: fillerTotal,
      perHundredWords: repWords ? round1((fillerTotal / repWords) * 100) : 0,
      counts,
      language,
    },
    interruptions: { repBargeIns: prospect.filter((t) => t.interrupted).length, overlaps },
    responseLatency: {
      count: latencies.length,
      avgMs: latencies.length ? Math.round(latencies.reduce((a, b) => a + b, 0) / latencies.length) : null,
      p50Ms: latencies.length ? percentile(latencies, 50) : null,
      maxMs: latencies.length ? latencies[latencies.length - 1] : null,
    },
  };
}
