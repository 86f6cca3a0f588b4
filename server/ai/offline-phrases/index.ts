import type { Language } from '../../contracts/languages';
import { calendarNames } from '../../contracts/speech/words';
import { en } from './en';
import { es } from './es';
import { it } from './it';
import { ptBR } from './pt-br';
import type { OfflinePhrases, PhraseBank } from './types';

export type { HiddenPhrase, OfflinePhrases, Stakeholder } from './types';

/** A language's phrases with its month names, as Intl writes them in that language. */
const withMonths = (language: Language, bank: PhraseBank): OfflinePhrases => ({
  ...bank,
  months: calendarNames(language, 'month'),
});

export const OFFLINE_PHRASES: Readonly<Record<Language, OfflinePhrases>> = {
  en: withMonths('en', en),
  es: withMonths('es', es),
  it: withMonths('it', it),
  'pt-BR': withMonths('pt-BR', ptBR),
};

export function phrasesFor(lang: Language): OfflinePhrases {
  return OFFLINE_PHRASES[lang] ?? OFFLINE_PHRASES.en;
}
