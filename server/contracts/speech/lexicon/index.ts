import type { Language } from '../../languages';
import { en } from './en';
import { es } from './es';
import { it } from './it';
import { ptBR } from './pt-br';
import type { SpeechLexicon } from './types';

export type { OrgNoun, SpeechLexicon } from './types';

export const LEXICONS: Readonly<Record<Language, SpeechLexicon>> = { en, es, it, 'pt-BR': ptBR };

/** "pt" → "pt-BR": the Language a language tag stands for. */
export function languageOf(tag: string): Language {
  const l = tag.toLowerCase();
  if (l.startsWith('es')) return 'es';
  if (l.startsWith('it')) return 'it';
  if (l.startsWith('pt')) return 'pt-BR';
  return 'en';
}
