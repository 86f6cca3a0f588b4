import type { Language } from '../../../contracts/languages';
import { en } from './en';
import { es } from './es';
import { it } from './it';
import { ptBR } from './pt-br';
import type { ProspectLines } from './types';

export type { ProspectLines } from './types';

export const PROSPECT_LINES: Readonly<Record<Language, ProspectLines>> = { en, es, it, 'pt-BR': ptBR };

export function linesFor(language: Language): ProspectLines {
  return PROSPECT_LINES[language] ?? en;
}
