import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../server/contracts/languages';
import { DEMO_SIMULATIONS } from '../../seed/simulations';
import type { Scenario } from '../../server/contracts/scenario/render';
import { detectLanguage } from '../../server/contracts/speech/language';
import { LEXICONS } from '../../server/contracts/speech/lexicon';
import { sentences, wordsOf } from '../../server/contracts/speech/words';
import { holdCall, scorecardTextsOf, seededScenario, type HeldCall } from '../fixtures/offline-calls';
import { REP_SCRIPTS } from '../fixtures/rep-scripts';

// Every seeded simulation, generated in every language, talked to by scripted reps: a skilled
// one, one who only asks yes/no questions, a pitcher, a time-waster, a rude one, a pushy one.

const flat = (s: string) => wordsOf(s).join(' ');
const FIELD_LABEL =
  /(?<![\p{L}])(?:segment|segmento|industry|industria|settore|setor|company size|size|tamaño|dimensioni|porte|pains?|pain points?|dolores|problemi|dores|goals?|objetivos|obiettivi|budget|presupuesto|orçamento|timeline|plazos?|tempistiche|prazos?|decision process|proceso de decisión|processo decisionale|processo de decisão|hidden information|información oculta|informazioni nascoste|informações ocultas|reveal(?:ed)? when|surfaces when|success signals?|buyer|triggers|objections?)\s*:/iu;
const ROLES = LANGUAGES.map((l) => LEXICONS[l].aboutRoles);

function systemTexts(s: Scenario, cardTexts: string[]): string[] {
  const v = s.variables!;
  return [
    ...v.hidden_information.flatMap((h) => [h.information, h.reveal_when]),
    ...v.objections.map((o) => o.surfaces_when),
    ...v.success_signals,
    ...cardTexts,
  ];
}

/** What a prospect line must never contain. */
function expectSpoken(line: string, language: Language, forbidden: string[]) {
  expect(line, 'a line is said').not.toBe('');
  expect(line).not.toMatch(/[{}[\]<>()]/);
  expect(line).not.toMatch(FIELD_LABEL);
  for (const re of ROLES) expect(line).not.toMatch(re);
  const said = flat(line);
  for (const text of forbidden) {
    // the whole text, and each of its sentences long enough to be recognisable
    const parts = [text, ...sentences(text)].map(flat).filter((f) => f.split(' ').length >= 6);
    for (const p of parts) expect(said, `"${line}" says system text "${text}"`).not.toContain(p);
  }
  const lang = detectLanguage(line);
  expect(lang === null || lang === language, `"${line}" is in ${lang}, not ${language}`).toBe(true);
}

const cases = DEMO_SIMULATIONS.flatMap((sim) => LANGUAGES.map((language) => ({ sim, language })));

describe.each(cases)('seeded simulation "$sim.name" in $language', { timeout: 60_000 }, ({ sim, language }) => {
  it('the offline prospect stays in character: first person, its language, no system text, hidden facts only after a matching open question', async () => {
    const { rendered, prospect } = await seededScenario(sim, language);
    const cardTexts = scorecardTextsOf(sim);
    const forbidden = systemTexts(rendered, cardTexts);
    const script = REP_SCRIPTS[language];
    const labelOf = new Map(script.discovery.map((l) => [l.text, l.open]));
    const profile = (seed: string) => prospect(sim.difficulty, seed);

    const calls: Record<string, HeldCall> = {
      discovery: holdCall(
        profile('discovery'),
        script.discovery.map((l) => l.text),
        { handle: script.handle },
      ),
      closed: holdCall(profile('closed'), script.closed),
      pitch: holdCall(profile('pitch'), [script.pitch, ...script.thin, script.vagueNextStep, script.concreteNextStep]),
      waste: holdCall(profile('waste'), script.waste),
      rude: holdCall(profile('rude'), [script.discovery[0].text, script.rude, script.rude]),
      pressure: holdCall(profile('pressure'), [
        script.discovery[1].text,
        script.pressure,
        script.pressure,
        script.pressure,
        script.pressure,
      ]),
    };
    for (const call of Object.values(calls)) {
      expectSpoken(call.greeting, language, forbidden);
      for (const t of call.turns) expectSpoken(t.prospect, language, forbidden);
      // the guard had nothing to refuse: the engine composes only speakable lines
      for (const t of call.turns)
        expect(t.events.refused, `a line was refused after "${t.rep}": ${t.prospect}`).toBe(0);
    }

    // each hidden fact is said at most once, in its own words, and only right after an open question on its topic
    const hidden = calls.discovery.state.profile.hidden;
    expect(hidden.length).toBeGreaterThan(0);
    for (const h of hidden) {
      const at = calls.discovery.turns.flatMap((t, i) => (flat(t.prospect).includes(flat(h.line)) ? [i] : []));
      expect(at.length, `hidden fact "${h.line}" said ${at.length} times`).toBeLessThanOrEqual(1);
      for (const i of at)
        expect(labelOf.get(calls.discovery.turns[i].rep), `"${h.line}" after "${calls.discovery.turns[i].rep}"`).toBe(
          h.topic,
        );
    }
    expect(
      calls.discovery.turns.some((t) => t.events.revealed.length > 0),
      'the skilled rep uncovers something',
    ).toBe(true);
    // yes/no questions never earn a hidden fact
    for (const t of calls.closed.turns) for (const h of hidden) expect(flat(t.prospect)).not.toContain(flat(h.line));
    // tone: rudeness and pressure end the call sooner or later; the time-waster is hung up on
    expect(calls.rude.end).toBe('rude');
    expect(calls.pressure.end).toBe('pressure');
    expect(calls.waste.end).toBe('patience');
  });
});
