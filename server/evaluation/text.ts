/** Text helpers shared by the evidence check, analytics and the offline evaluator. */

const PUNCT = /[\p{P}\p{S}]/gu;

/**
 * Canonical form for loose comparisons: Unicode NFKC, lower case, every punctuation or symbol
 * mark turned into a space, whitespace collapsed. "Don’t  stop…" and "don't stop" both become
 * "don t stop". (The evidence check is stricter: quote-match.ts.)
 */
export function normalise(s: string): string {
  return s.normalize('NFKC').toLocaleLowerCase('und').replace(PUNCT, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * Lower case without diacritics, typographic apostrophes folded: the form the offline lexicons
 * match against, so "Cómo" and "como", "você" and "voce" (speech recognition often drops accents)
 * meet the same entry.
 */
export function fold(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase('und')
    .replace(/[’‘‛ʼ′`]/g, "'");
}

/** Words of a text (letter/digit runs, lower case; an inner apostrophe keeps "don't" one word). */
export function words(s: string): string[] {
  return (
    s
      .normalize('NFKC')
      .toLocaleLowerCase('und')
      .match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? []
  );
}

export function wordCount(s: string): number {
  return words(s).length;
}

// A period after one of these is not the end of a sentence ("Mr. Smith", "e.g. the CFO", "Sra. Ruiz").
const ABBREVIATIONS = new Set(
  'mr mrs ms dr drs prof sr sra srta dra dott dottssa ing av avda st vs etc eg ie approx aprox no nº n num tel inc ltd co corp jr pag pág p ex sig sigg gent cia ltda'.split(
    ' ',
  ),
);

export interface SentenceSpan {
  text: string;
  start: number;
  end: number;
}

/**
 * Sentences of a turn with their place in it, punctuation kept. A sentence ends at . ! ? or …
 * (and closing quotes) followed by a space or the end: a period inside a word — an e-mail
 * address, a decimal or thousands separator, a URL, "e.g." — does not end one, nor does the
 * period of a known abbreviation or a single initial.
 */
export function sentenceSpans(s: string): SentenceSpan[] {
  const out: SentenceSpan[] = [];
  const end = /[.!?…？！]+["'”’»)\]]*(?=\s|$)/gu;
  let start = 0;
  for (const m of s.matchAll(end)) {
    const at = m.index;
    if (m[0].replace(/["'”’»)\]]+$/u, '') === '.') {
      const before = /([\p{L}.]+)$/u.exec(s.slice(start, at))?.[1] ?? '';
      const word = before.replace(/\./g, '').toLocaleLowerCase('und');
      if (ABBREVIATIONS.has(word) || /^\p{L}$/u.test(word)) continue;
    }
    push(start, at + m[0].length);
    start = at + m[0].length;
  }
  push(start, s.length);
  return out;

  function push(a: number, b: number) {
    const raw = s.slice(a, b);
    const lead = raw.length - raw.trimStart().length;
    const text = raw.trim();
    if (words(text).length > 0) out.push({ text, start: a + lead, end: a + lead + text.length });
  }
}

/** Sentences of a turn, punctuation kept ("How many? We have 12." → 2 sentences). */
export function sentences(s: string): string[] {
  return sentenceSpans(s).map((x) => x.text);
}

export function isQuestion(sentence: string): boolean {
  return /[?？]["'”’»)\]]*\s*$/.test(sentence.trim()) || /^\s*¿/.test(sentence);
}

// A `…` in a phrase stands for up to four words of any kind ("more than we … planned").
const GAP = "(?:[\\s,'-]+[^\\s,]+){0,4}";

/**
 * A whole-word, accent-insensitive matcher for a list of words or phrases (matched on `fold`ed
 * text). Every form is written out: no stems, so "whatever" is not "what". A `…` between words
 * allows up to four words there.
 */
export function phrases(list: readonly string[]): RegExp {
  const alternatives = [...new Set(list.map((p) => fold(p).trim()).filter(Boolean))]
    .sort((a, b) => b.length - a.length)
    .map((p) =>
      // fold turns "…" into "..."
      p
        .split(/\s*\.\.\.\s*/)
        .map((part) =>
          part
            .split(/\s+/)
            .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join("[\\s,'-]+"),
        )
        .join(`${GAP}[\\s,'-]+`),
    );
  if (alternatives.length === 0) return /(?!)/u;
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'u');
}
