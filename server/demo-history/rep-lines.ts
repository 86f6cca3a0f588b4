import type { Language } from '../contracts/languages';
import { DEMO_SCORECARDS_BY_LANGUAGE } from '../evaluation/offline/demo-scorecards-by-language';
import en from './rep-lines/en.json';
import es from './rep-lines/es.json';
import it from './rep-lines/it.json';
import pt from './rep-lines/pt-BR.json';
import { CALL_KINDS, repLanguageSchema, type CallKind, type RepLanguage } from './rep-lines-types';

/** The scripted reps' lines in each language, checked when the module loads. */
export const REP_LINES: Record<Language, RepLanguage> = {
  en: repLanguageSchema.parse(en),
  es: repLanguageSchema.parse(es),
  it: repLanguageSchema.parse(it),
  'pt-BR': repLanguageSchema.parse(pt),
};

/** The kind of call of each seeded scorecard, by its name in any language it is seeded in. */
export const KIND_OF_SCORECARD: Record<string, CallKind> = Object.fromEntries(
  Object.values(DEMO_SCORECARDS_BY_LANGUAGE).flatMap((cards) => cards.map((c, i) => [c.name, CALL_KINDS[i]] as const)),
);
