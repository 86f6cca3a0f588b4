import type { Language } from '../../../contracts/languages';
import en from './en.json';
import es from './es.json';
import it from './it.json';
import ptBR from './pt-br.json';
import { linesOf, type LinesData, type ProspectLines } from './types';

export type { ProspectLines } from './types';

// each language's lines are data (its JSON file); the lines with the call's facts in them are templates
export const PROSPECT_LINES: Readonly<Record<Language, ProspectLines>> = {
  en: linesOf(en satisfies LinesData),
  es: linesOf(es satisfies LinesData),
  it: linesOf(it satisfies LinesData),
  'pt-BR': linesOf(ptBR satisfies LinesData),
};

export function linesFor(language: Language): ProspectLines {
  return PROSPECT_LINES[language] ?? PROSPECT_LINES.en;
}
