import { fold, phrases } from '../text';
import { en } from './lexicon-en';
import { es } from './lexicon-es';
import { it } from './lexicon-it';
import { pt } from './lexicon-pt';
import type { LexiconSource } from './lexicon-types';

export type LexiconKey = Exclude<keyof LexiconSource, 'intro' | 'stopwords'>;

export interface Lexicon {
  has(key: LexiconKey, folded: string): boolean;
  /** Whole-word matches of the entries of `key` in `folded` (for "opens with"). */
  startsWith(key: LexiconKey, folded: string): boolean;
  /** The text's first words are an entry of `key` (no lead-ins skipped). */
  opensWith(key: LexiconKey, folded: string): boolean;
  intro: RegExp;
  stop: Set<string>;
}

const SOURCES: Record<string, LexiconSource> = { en, es, it, 'pt-BR': pt };

function compile(src: LexiconSource): Lexicon {
  const res = new Map<LexiconKey, RegExp>();
  const starts = new Map<LexiconKey, RegExp>();
  const get = (key: LexiconKey) => {
    let re = res.get(key);
    if (!re) res.set(key, (re = phrases(src[key] as string[])));
    return re;
  };
  return {
    has: (key, folded) => get(key).test(folded),
    startsWith: (key, folded) => {
      let re = starts.get(key);
      if (!re)
        starts.set(
          key,
          (re = new RegExp(`^\\s*(?:(?:${phrases(src.leadIns).source})[\\s,]+)*(?:${get(key).source})`, 'u')),
        );
      return re.test(folded);
    },
    opensWith: (key, folded) => new RegExp(`^\\s*(?:${get(key).source})`, 'u').test(folded),
    intro: src.intro,
    stop: new Set(src.stopwords.map(fold)),
  };
}

const compiled = new Map<string, Lexicon>();

/** The offline rules' language for a call's language ('pt', 'pt-PT' → Brazilian Portuguese); English otherwise. */
export function rulesLanguage(language: string): 'en' | 'es' | 'it' | 'pt-BR' {
  const lower = language.toLowerCase();
  const key = lower.startsWith('pt') ? 'pt-BR' : lower.split(/[-_]/)[0];
  return key === 'es' || key === 'it' || key === 'pt-BR' ? key : 'en';
}

/** The lexicon of the call's language (rulesLanguage). */
export function lexiconFor(language: string): Lexicon {
  const id = rulesLanguage(language);
  let lex = compiled.get(id);
  if (!lex) compiled.set(id, (lex = compile(SOURCES[id])));
  return lex;
}
