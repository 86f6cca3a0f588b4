import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * One word for "scorecard" per language, everywhere in locales/: every string whose English text
 * speaks of a scorecard says it with that language's term, and no other word for it appears.
 */
const TERM: Record<string, RegExp> = {
  es: /tarjetas? de evaluación|\btarjetas?\b/i,
  it: /sched[ae] di valutazione|\bsched[ae]\b/i,
  'pt-BR': /fichas? de avaliação|\bfichas?\b/i,
};
// words other languages' translations have used for it
const OTHERS =
  /scorecard|score card|ficha de puntuaci|tarjeta de puntuaci|cart[ãa]o de pontua|planilha de avalia|scheda di punteggio|griglia di valutazione|rúbrica/i;

type Tree = { [k: string]: string | Tree };
function strings(lng: string): Map<string, string> {
  const out = new Map<string, string>();
  const dir = path.resolve('locales', lng);
  const walk = (t: Tree, prefix: string) => {
    for (const [k, v] of Object.entries(t)) {
      if (typeof v === 'string') out.set(`${prefix}.${k}`, v);
      else walk(v, `${prefix}.${k}`);
    }
  };
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json')))
    walk(JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Tree, f.replace(/\.json$/, ''));
  return out;
}

describe('the word for "scorecard"', () => {
  const en = strings('en');
  const about = [...en].filter(([, v]) => /scorecard/i.test(v)).map(([k]) => k);
  it.each(Object.keys(TERM))('is one term throughout %s', (lng) => {
    expect(about.length).toBeGreaterThan(10);
    const target = strings(lng);
    const missing = about.filter((k) => target.has(k) && !TERM[lng].test(target.get(k)!));
    const other = [...target].filter(([, v]) => OTHERS.test(v)).map(([k, v]) => `${k}: ${v}`);
    expect({ missing, other }).toEqual({ missing: [], other: [] });
  });
});
