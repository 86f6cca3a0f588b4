import { normalise, wordCount } from './text';
import type { EvidenceQuote, Turn } from './types';

/** A quote shorter than this (in words, after normalisation) proves nothing and is refused. */
export const MIN_QUOTE_WORDS = 3;

export type QuoteRejection = 'empty' | 'too_short' | 'ellipsis' | 'not_found';

export type QuoteCheck = { ok: true; evidence: EvidenceQuote } | { ok: false; reason: QuoteRejection; quote: string };

/**
 * Locates a quote in the rep's turns: after normalisation it must be a whole-word substring of
 * ONE rep turn. A quote with an ellipsis (stitched from several places) is refused, and so is
 * anything only the prospect said. The stored quote is the model's text, trimmed of wrapping quotes.
 */
export function locateQuote(quote: string, turns: readonly Turn[]): QuoteCheck {
  const raw = quote.trim().replace(/^["'“”‘’«»]+|["'“”‘’«»]+$/g, '').trim();
  if (!raw) return { ok: false, reason: 'empty', quote };
  if (/…|\.\.\.|\[\s*\.\.\.\s*\]/.test(raw)) return { ok: false, reason: 'ellipsis', quote };
  const q = normalise(raw);
  if (wordCount(q) < MIN_QUOTE_WORDS) return { ok: false, reason: 'too_short', quote };
  const needle = ` ${q} `;
  for (const t of turns) {
    if (t.speaker !== 'rep') continue;
    if (` ${normalise(t.text)} `.includes(needle)) return { ok: true, evidence: { quote: raw, turnSeq: t.seq, startMs: t.startMs } };
  }
  return { ok: false, reason: 'not_found', quote };
}

/** Keeps the quotes found in the rep's turns (first occurrence of each, no repeats); lists the rejected ones. */
export function checkQuotes(quotes: readonly string[], turns: readonly Turn[]): { kept: EvidenceQuote[]; rejected: { quote: string; reason: QuoteRejection }[] } {
  const kept: EvidenceQuote[] = [];
  const rejected: { quote: string; reason: QuoteRejection }[] = [];
  const seen = new Set<string>();
  for (const quote of quotes) {
    const r = locateQuote(quote, turns);
    if (!r.ok) {
      rejected.push({ quote: r.quote, reason: r.reason });
      continue;
    }
    const key = normalise(r.evidence.quote);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(r.evidence);
  }
  return { kept, rejected };
}
