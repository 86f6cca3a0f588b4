/**
 * Word matching for the rule-based language parts (the offline prospect, the offline scenario
 * generator, the speech guard). Pure: the client imports it through the scenario renderer.
 * JavaScript's `\b` only knows ASCII letters, so word edges here are "not a letter or digit" in
 * Unicode terms, which keeps "qué", "perché" and "não" whole.
 */

const EDGE_BEFORE = '(?<![\\p{L}\\p{N}])';
const EDGE_AFTER = '(?![\\p{L}\\p{N}])';

/** `s` matched literally inside a regular expression. */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A case-insensitive pattern matching any of `terms` as whole words. A term ending in `*` matches
 * as a prefix ("frustrat*" → frustrated, frustrating); spaces inside a term match any blank run.
 */
export function anyOf(terms: readonly string[]): RegExp {
  const alternatives = [...terms]
    .sort((a, b) => b.length - a.length)
    .map((t) => {
      const prefix = t.endsWith('*');
      const body = escapeRegExp(prefix ? t.slice(0, -1) : t).replace(/ +/g, '\\s+');
      // a prefix runs to the end of its word; the one edge after the group closes every alternative
      return prefix ? `${body}[\\p{L}\\p{N}'-]*` : body;
    });
  return new RegExp(`${EDGE_BEFORE}(?:${alternatives.join('|')})${EDGE_AFTER}`, 'iu');
}

/** The same as `anyOf`, global: for finding every occurrence. */
export function allOf(terms: readonly string[]): RegExp {
  const one = anyOf(terms);
  return new RegExp(one.source, 'giu');
}

/** Lower-cased, NFC, typographic apostrophes and quotes made plain. */
function normalise(s: string): string {
  return s
    .normalize('NFC')
    .replace(/[’‘`´]/g, "'")
    .replace(/[“”«»„]/g, '"')
    .toLowerCase();
}

/** The words of a text (letters, digits, inner apostrophes and hyphens), lower-cased. */
export function wordsOf(s: string): string[] {
  return normalise(s).match(/[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu) ?? [];
}

/** Sentences of one line of text, with their end punctuation. */
export function sentences(s: string): string[] {
  return s
    .split(/(?<=[.!?…])\s+(?=[¿¡"«\p{Lu}\p{N}])/u)
    .map((x) => x.trim())
    .filter(Boolean);
}

/** A small deterministic hash (FNV-1a) of a string, for seeded choices. */
export function hashOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** One of `items`, chosen by `seed` (the same seed always gives the same item). */
export function pick<T>(items: readonly T[], seed: string): T {
  return items[hashOf(seed) % items.length];
}

/** A language's month names (January first) or weekday names (Monday first), as Intl writes them in that language. */
export function calendarNames(language: string, unit: 'month' | 'weekday'): string[] {
  const format = new Intl.DateTimeFormat(language, { [unit]: 'long', timeZone: 'UTC' });
  // 2024 began on a Monday: the first of month i, and day i of January the i-th weekday
  const dates =
    unit === 'month'
      ? [...Array(12).keys()].map((i) => Date.UTC(2024, i, 1))
      : [...Array(7).keys()].map((i) => Date.UTC(2024, 0, 1 + i));
  return dates.map((d) => format.format(d));
}
