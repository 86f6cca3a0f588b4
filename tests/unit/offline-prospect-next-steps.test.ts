import { describe, expect, it } from 'vitest';
import type { Language } from '../../server/contracts/languages';
import { DEMO_SIMULATIONS } from '../../seed/simulations';
import { readTurn } from '../../server/realtime/offline-prospect/intent';
import { CLOSINGS, holdNextSteps, LANGUAGES, SEEDS } from '../fixtures/next-step-set';
import { REP_SCRIPTS } from '../fixtures/rep-scripts';

// Next steps are earned, and can be earned: scripted reps of four kinds, in four languages, on
// every seeded simulation. Difficulty decides how much work a next step takes; a polite closing
// question is never pressure. Figures: docs/benchmarks.md "Offline prospect: next steps".

describe('next steps are earned, and can be earned', { timeout: 120_000 }, () => {
  it('a good call wins a concrete next step in at least 90 % of calls at medium difficulty, in every language', () => {
    const r = holdNextSteps('good', 'medium');
    expect(r.total).toBe(DEMO_SIMULATIONS.length * LANGUAGES.length * SEEDS.length);
    expect(r.rate, JSON.stringify(r.missed)).toBeGreaterThanOrEqual(0.9);
  });

  it('a lazy call and a rude call never win one', () => {
    expect(holdNextSteps('lazy', 'medium').agreed).toBe(0);
    expect(holdNextSteps('rude', 'medium').agreed).toBe(0);
  });

  it('hard difficulty lowers the good rate, never to zero; an average call does worse than a good one', () => {
    const medium = holdNextSteps('good', 'medium');
    const hard = holdNextSteps('good', 'hard');
    expect(hard.rate).toBeLessThan(medium.rate);
    expect(hard.agreed).toBeGreaterThan(0);
    expect(holdNextSteps('average', 'medium').rate).toBeLessThan(medium.rate);
  });

  it('a polite closing question or a question about now is not pressure, in any language', () => {
    const polite: Record<Language, string[]> = {
      en: [...CLOSINGS.en, 'What is the biggest challenge right now?', 'What do you have to show your board?'],
      es: [...CLOSINGS.es, '¿Cuál es el mayor reto ahora mismo?', '¿Qué tiene que ver su director para aprobarlo?'],
      it: [...CLOSINGS.it, 'Qual è la sfida più grande in questo momento?', 'Cosa deve vedere il suo direttore?'],
      'pt-BR': [
        ...CLOSINGS['pt-BR'],
        'Qual é o maior desafio agora mesmo?',
        'O que o seu diretor tem que ver para aprovar?',
      ],
    };
    for (const language of LANGUAGES)
      for (const line of polite[language])
        expect(readTurn(line, language).pressure, `${language}: ${line}`).toBe(false);
    for (const language of LANGUAGES)
      expect(readTurn(REP_SCRIPTS[language].pressure, language).pressure, language).toBe(true);
  });
});
