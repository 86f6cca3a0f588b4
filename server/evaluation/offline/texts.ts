import { en } from './texts-en';
import { es } from './texts-es';
import { it } from './texts-it';
import { pt } from './texts-pt';
import type { FactKey, OfflineTexts } from './texts-types';

export { type ExampleKey, type FactKey, type OfflineTexts } from './texts-types';

const TEXTS: Record<string, OfflineTexts> = { en, es, it, 'pt-BR': pt };

export function offlineTexts(language: string): OfflineTexts {
  const lower = language.toLowerCase();
  if (lower.startsWith('pt')) return pt;
  return TEXTS[lower.split(/[-_]/)[0]] ?? en;
}

export interface Fact {
  key: FactKey;
  n?: number;
}

/** "targeted questions about the current setup: 3; a reference to …" */
export function factList(t: OfflineTexts, facts: readonly Fact[], missing = false): string {
  return facts
    .map((f) => {
      const text = t.facts[f.key];
      if (f.n === undefined || f.key === 'repShare') return text.replace('{{n}}', String(f.n ?? ''));
      if (missing) return f.n > 1 ? `${text} ${t.atLeast(f.n)}` : text;
      return `${text}: ${f.n}`;
    })
    .join('; ');
}
