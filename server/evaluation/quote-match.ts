/**
 * Finding a quoted passage in a turn's text. Tokens are words (letter/digit runs) and single
 * punctuation or symbol marks; whitespace only separates them. Compared token by token after
 * NFKC, lower case, and folding typographic variants of quotes and dashes, so letter case,
 * spacing, ’/' and –/- may differ, while words, digits, currency signs, minus signs and sentence
 * punctuation may not. Accents are part of a word ("está" is not "esta").
 */

interface Token {
  t: string;
  start: number;
  end: number;
}

const TOKEN = /[\p{L}\p{M}\p{N}]+|[^\s\p{L}\p{M}\p{N}]/gu;

function foldToken(t: string): string {
  return t
    .normalize('NFKC')
    .toLocaleLowerCase('und')
    .replace(/[’‘‛ʼ′`´]/g, "'")
    .replace(/[“”„‟″«»]/g, '"')
    .replace(/[‐‑‒–—―−﹣－]/g, '-');
}

function tokens(text: string): Token[] {
  return [...text.matchAll(TOKEN)].map((m) => ({ t: foldToken(m[0]), start: m.index, end: m.index + m[0].length }));
}

/** The span of `quote` in `text` (first occurrence, whole tokens), or null. */
export function findQuote(quote: string, text: string): { start: number; end: number } | null {
  const q = tokens(quote).map((x) => x.t);
  if (q.length === 0) return null;
  const hay = tokens(text);
  outer: for (let i = 0; i + q.length <= hay.length; i++) {
    for (let j = 0; j < q.length; j++) if (hay[i + j].t !== q[j]) continue outer;
    return { start: hay[i].start, end: hay[i + q.length - 1].end };
  }
  return null;
}
