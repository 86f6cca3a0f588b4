import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../server/contracts/languages';
import { DIFFICULTIES } from '../../server/contracts/enums';
import { DEMO_SIMULATIONS } from '../../seed/simulations';
import { sentences } from '../../server/contracts/speech/words';
import { linesFor } from '../../server/realtime/offline-prospect/lines';
import { longestCopy, MAX_COPIED_WORDS, rephrase, writtenTexts } from '../../server/realtime/offline-prospect/rephrase';
import { SPOKEN_RULES } from '../../server/realtime/offline-prospect/spoken-rules';
import { speakable } from '../../server/contracts/speech/first-person';
import { holdCall, seededScenario, type HeldCall } from '../fixtures/offline-calls';
import { REP_SCRIPTS } from '../fixtures/rep-scripts';

// The offline prospect speaks its scenario's facts in its own words: every seeded simulation, in
// every language, at every difficulty (each register), talked to by a skilled rep, one who asks only
// yes/no questions and one who pitches.

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A sentence opening with a lead-in or a written opener ("Honestly, …", "Between us, …", "Here at X, …"). */
function openerPattern(language: Language): RegExp {
  const lines = linesFor(language);
  const leads = [...Object.values(lines.leadIn).flat(), ...lines.revealLeadIn, ...lines.alsoLeadIn, ...lines.asISaid]
    .map((l) => l.replace(/[,.:!?]+$/, '').trim())
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)
    .map((l) => escape(l).replace(/ +/g, '\\s+'));
  const written = SPOKEN_RULES[language].openers.map((o) => o.replace(/ +/g, '\\s+'));
  return new RegExp(`^[¿¡]?(?:${[...leads, ...written].join('|')})(?:\\s*[,:.]|\\s+(?=\\p{Ll}))`, 'iu');
}

/** Sentences of a reply that are only a lead-in ("Between us.", "Good question, actually."). */
function leadOnly(sentence: string, language: Language): boolean {
  const lines = linesFor(language);
  return [...Object.values(lines.leadIn).flat(), ...lines.revealLeadIn, ...lines.alsoLeadIn].some(
    (l) => l.trim() && l.trim() === sentence.trim(),
  );
}

function expectNatural(reply: string, language: Language) {
  const opener = openerPattern(language);
  const rules = SPOKEN_RULES[language];
  const parts = sentences(reply);
  for (const [i, s] of parts.entries()) {
    expect(s, `"${reply}": a sentence starts mid-template`).toMatch(/^[¿¡"«]?[\p{Lu}\p{N}$€£]/u);
    const rest = s.replace(opener, '').trim();
    expect(rest === s || !opener.test(rest), `"${reply}": two openers in a row in "${s}"`).toBe(true);
    if (i > 0 && leadOnly(parts[i - 1], language))
      expect(opener.test(s), `"${reply}": a lead-in followed by another opener`).toBe(false);
    // "What I'd like is my priorities are…": a frame glued to a clause
    const frame = new RegExp(
      `${escape(rules.wish.said)}\\s+(?:\\S+\\s+){0,3}(?:${rules.finite.map(escape).join('|')})(?![\\p{L}])`,
      'iu',
    );
    expect(s, `"${reply}": a wish frame glued to a clause`).not.toMatch(frame);
  }
  expect(reply, `"${reply}": broken punctuation`).not.toMatch(/,\s*[,.!?]|\s[,.!?]|\.\./);
}

const cases = DEMO_SIMULATIONS.flatMap((sim) => LANGUAGES.map((language) => ({ sim, language })));

describe.each(cases)('seeded simulation "$sim.name" in $language', { timeout: 60_000 }, ({ sim, language }) => {
  it('speaks each fact in its own words, one new fact an answer, with no doubled openers or template seams', async () => {
    const { rendered, prospect } = await seededScenario(sim, language);
    const sources = writtenTexts(rendered);
    const script = REP_SCRIPTS[language];
    const calls: HeldCall[] = DIFFICULTIES.flatMap((d) => [
      holdCall(
        prospect(d, `discovery:${d}`),
        script.discovery.map((l) => l.text),
        { handle: script.handle },
      ),
      holdCall(prospect(d, `closed:${d}`), script.closed),
      holdCall(prospect(d, `pitch:${d}`), [script.pitch, ...script.thin, script.concreteNextStep]),
    ]);
    let facts = 0;
    for (const call of calls) {
      let before = 0;
      for (const t of call.turns) {
        const copy = longestCopy(t.prospect, sources);
        expect(copy.length, `"${t.prospect}" reads ${copy.length} words of the scenario in a row`).toBeLessThanOrEqual(
          MAX_COPIED_WORDS,
        );
        expectNatural(t.prospect, language);
        const newFacts = t.state.voiced.length - before + t.events.revealed.length;
        expect(newFacts, `"${t.rep}" → "${t.prospect}": ${newFacts} new facts`).toBeLessThanOrEqual(1);
        before = t.state.voiced.length;
        facts += newFacts;
      }
    }
    // the skilled rep hears the scenario: the rule holds because facts are said, not because none are
    expect(facts).toBeGreaterThan(5);
  });
});

describe('a fact written about the persona becomes one natural sentence of theirs', () => {
  const say = (text: string, register: 'warm' | 'plain' | 'terse' = 'plain') =>
    rephrase(text, { language: 'en', register, seed: 's', sources: [text] });

  it('leaves the written opener to the prospect, contracts, and says a wish as a want', () => {
    expect(say('If I am honest, we do not trust the numbers we report.')).toBe("We don't trust the numbers we report.");
    expect(say('I have looked at Clari before, but the project stalled.')).toBe(
      "I've looked at Clari before, but the project stalled.",
    );
    expect(say('What I would like is a forecast I can trust.')).toMatch(
      /^(?:I'd like|I want|What I'm after is) a forecast/,
    );
    // a clause after the frame is said as it is, not glued on
    expect(say('What I would like is my priorities are security and speed.')).toBe(
      'My priorities are security and speed.',
    );
    // a note written about the persona becomes one natural sentence of theirs (nine written words
    // in a row get an aside)
    const written = 'He has looked at Clari before, but the project stalled in procurement.';
    const note = speakable(written, { language: 'en', names: ['Derek Osei', 'Derek'] })!;
    const said = rephrase(note, { language: 'en', register: 'plain', seed: 's', sources: [written] });
    expect(said).toMatch(/^I've looked at Clari before, but (?:[\w' ]+, )?the project stalled in procurement\.$/);
    expect(longestCopy(said, [written]).length).toBeLessThanOrEqual(MAX_COPIED_WORDS);
  });

  it('breaks a long written run with an aside of its register, and never more than eight written words in a row', () => {
    const text = 'The regional forecasts are consolidated by hand from a dozen Excel files every single week.';
    for (const register of ['warm', 'plain', 'terse'] as const) {
      const line = say(text, register);
      expect(longestCopy(line, [text]).length).toBeLessThanOrEqual(MAX_COPIED_WORDS);
      // every fact word is still there
      for (const w of ['regional', 'forecasts', 'consolidated', 'Excel', 'files', 'week']) expect(line).toContain(w);
      const asides = SPOKEN_RULES.en.asides[register];
      expect(asides.some((a) => line.includes(a)) || !line.includes(', ')).toBe(true);
    }
  });

  it('takes any text a model or a manager may write without failing: empty, punctuation, one long run, other scripts', () => {
    const long = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    for (const text of ['', '...', '¿?', 'Honestly,', long, '$10,000.', 'Sì, è così: perché no?', '東京 の チーム']) {
      for (const language of LANGUAGES) {
        const line = rephrase(text, { language, register: 'terse', seed: 'x', sources: [text] });
        expect(typeof line).toBe('string');
      }
    }
    // a run with nowhere to break is left whole rather than mangled
    expect(rephrase(long, { language: 'en', register: 'plain', seed: 'x', sources: [long] })).toBe(cap(long));
  });
});

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
