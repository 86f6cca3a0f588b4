import { LANGUAGES, type Language } from '../languages';
import { LEXICONS } from './lexicon';
import { wordsOf } from './words';

// A function word counts for a language only when no other language lists it ("de", "que", "a"
// are shared by several and say nothing).
const DISTINCTIVE: ReadonlyMap<string, Language> = (() => {
  const owners = new Map<string, Set<Language>>();
  for (const lang of LANGUAGES)
    for (const w of LEXICONS[lang].functionWords) (owners.get(w) ?? owners.set(w, new Set()).get(w)!).add(lang);
  const out = new Map<string, Language>();
  for (const [w, langs] of owners) if (langs.size === 1) out.set(w, [...langs][0]);
  return out;
})();

// Letters that only some of the four languages write.
const CUES: readonly [RegExp, Language][] = [
  [/[ñ¿¡]/u, 'es'],
  [/[ãõç]|ões|ção/u, 'pt-BR'],
  [/[èìòù]|(?<![\p{L}])(?:c'è|c’è|l'|l’|dell'|dell’|un'|un’)/u, 'it'],
];

/**
 * The language a text is written in, from its distinctive function words and letters; null when
 * it is too short or too mixed to tell (a name, "Salesforce and HubSpot", two words).
 */
export function detectLanguage(text: string): Language | null {
  const words = wordsOf(text);
  if (words.length < 3) return null;
  const counts = new Map<Language, number>();
  const add = (lang: Language, n: number) => counts.set(lang, (counts.get(lang) ?? 0) + n);
  for (const w of words) {
    const lang = DISTINCTIVE.get(w);
    if (lang) add(lang, 1);
  }
  for (const [re, lang] of CUES) if (re.test(text.toLowerCase())) add(lang, 2);
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0) return null;
  const [top, second] = [ranked[0][1], ranked[1]?.[1] ?? 0];
  // a clear winner: twice the runner-up, or the only language with any sign at all
  if (second > 0 && top < second * 2) return null;
  return ranked[0][0];
}

/** True unless the text is recognisably in another language than `language`. */
export function isInLanguage(text: string, language: Language): boolean {
  const found = detectLanguage(text);
  return found === null || found === language;
}
