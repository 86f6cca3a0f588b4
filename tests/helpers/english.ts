/**
 * English words that are not words of Spanish, Italian or Portuguese: finding one in a text meant
 * to be in one of those languages means English leaked in. Names (people, companies, products)
 * and acronyms are not on the list.
 */
const ENGLISH_ONLY = new Set(
  (
    'the and with your you what which that this is are was were have of to from on at by it be not ' +
    'they their would should could when how who why does did will an but if into about more than ' +
    'asks asked questions question level call calls prospect strengths weaknesses suggestion ' +
    'suggestions improvement areas work next step steps good great well'
  ).split(' '),
);

/**
 * The English words in `text`, each once, in order of appearance; `{{placeholders}}` and acronyms
 * (IT, ROI) are not words.
 */
export function englishWordsIn(text: string): string[] {
  const words = text.replace(/\{\{[^}]*\}\}/g, ' ').match(/\p{L}+/gu) ?? [];
  // an acronym (IT, ROI) is a name, not a word
  const english = words.filter((w) => w !== w.toUpperCase() && ENGLISH_ONLY.has(w.toLowerCase()));
  return [...new Set(english.map((w) => w.toLowerCase()))];
}

/** Every sentence-like string (with a space) held anywhere in `value`, with where it was found. */
export function textsIn(value: unknown, path = ''): { path: string; text: string }[] {
  if (typeof value === 'string') return value.includes(' ') ? [{ path, text: value }] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => textsIn(v, `${path}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => textsIn(v, path ? `${path}.${k}` : k));
  return [];
}
