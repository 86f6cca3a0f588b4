import type { Language } from '../../contracts/languages';
import { en } from './en';
import { es } from './es';
import { it } from './it';
import { ptBR } from './pt-br';
import type { OfflinePhrases, PhraseBank } from './types';

export type { HiddenPhrase, OfflinePhrases, Stakeholder } from './types';

/** A language's phrases with its month names, as Intl writes them in that language. */
function withMonths(language: Language, bank: PhraseBank): OfflinePhrases {
  const month = new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' });
  return { ...bank, months: Array.from({ length: 12 }, (_, m) => month.format(Date.UTC(2020, m, 1))) };
}

export const OFFLINE_PHRASES: Readonly<Record<Language, OfflinePhrases>> = {
  en: withMonths('en', en),
  es: withMonths('es', es),
  it: withMonths('it', it),
  'pt-BR': withMonths('pt-BR', ptBR),
};

export function phrasesFor(lang: Language): OfflinePhrases {
  return OFFLINE_PHRASES[lang] ?? OFFLINE_PHRASES.en;
}
