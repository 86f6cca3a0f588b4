/** Text helpers shared by the evidence check, analytics and the offline evaluator. */

const PUNCT = /[\p{P}\p{S}]/gu;

/**
 * Canonical form for matching quotes: Unicode NFKC, lower case, curly quotes and every other
 * punctuation or symbol mark turned into a space, whitespace collapsed. "Don’t  stop…" and
 * "don't stop" both become "don t stop".
 */
export function normalise(s: string): string {
  return s
    .normalize('NFKC')
    .toLocaleLowerCase('und')
    .replace(PUNCT, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Words of a text (letters/digits runs, lower case). */
export function words(s: string): string[] {
  return s.normalize('NFKC').toLocaleLowerCase('und').match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [];
}

export function wordCount(s: string): number {
  return words(s).length;
}

/** Sentences of a turn, punctuation kept ("How many? We have 12." → 2 sentences). */
export function sentences(s: string): string[] {
  const parts = s.match(/[^.!?…]+(?:[.!?…]+|$)/gu) ?? [];
  return parts.map((p) => p.trim()).filter((p) => words(p).length > 0);
}

export function isQuestion(sentence: string): boolean {
  return /[?？]\s*$/.test(sentence.trim()) || /^\s*¿/.test(sentence);
}
