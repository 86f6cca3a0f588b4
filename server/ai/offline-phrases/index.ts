import type { Language } from '../../contracts/languages';
import { en } from './en';
import { es } from './es';
import { it } from './it';
import { ptBR } from './pt-br';
import type { OfflinePhrases } from './types';

export type { HiddenPhrase, OfflinePhrases, Stakeholder } from './types';

export const OFFLINE_PHRASES: Readonly<Record<Language, OfflinePhrases>> = { en, es, it, 'pt-BR': ptBR };

export function phrasesFor(lang: Language): OfflinePhrases {
  return OFFLINE_PHRASES[lang] ?? en;
}
