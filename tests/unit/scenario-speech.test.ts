import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../server/contracts/languages';
import { readScenario, renderScenario, renderText, tokeniseText } from '../../server/contracts/scenario/render';
import { personaNames, speakable } from '../../server/contracts/speech/first-person';
import { speechProblem } from '../../server/contracts/speech/guard';
import { detectLanguage } from '../../server/contracts/speech/language';
import { PROSPECT_LINES } from '../../server/realtime/offline-prospect/lines';
import { holdCall, prospectFor } from '../fixtures/offline-calls';

const STORED = {
  variables: {
    prospect_name: 'Derek Osei',
    prospect_role: 'VP of Sales',
    company_name: 'Brightloop',
    company_size: 'About 350 employees',
    industry: 'Marketing software',
    current_situation: 'At Brightloop my managers build the forecast in a shared spreadsheet.',
    pain_points: ['We missed the last quarter by 11%.'],
    goals: ['I want a forecast call under 30 minutes.'],
    objections: [
      { objection: 'My reps hate admin.', surfaces_when: 'When adoption comes up.', moment: 'implementation' },
    ],
    budget: 'There is some budget.',
    timeline: 'We decide this quarter.',
    decision_process: 'I recommend, and our CFO signs off.',
    competitors: ['Clari'],
    hidden_information: [
      {
        information: 'The CRO threatened to replace Derek.',
        reveal_when: 'Asked what happens if nothing changes.',
        topic: 'impact',
        said: 'My CRO made it clear my job is on the line.',
      },
    ],
    success_signals: ['A demo date with RevOps.'],
  },
  narrative: {
    summary: 'You are calling Derek Osei at Brightloop. Derek asked for a demo.',
    opening_line: 'Brightloop, Derek speaking.',
  },
};

describe('scenario renderer: everything is rendered from the fields at the time of use', () => {
  it('stores the names as placeholders and renders them back', () => {
    const s = readScenario(STORED, 'en')!;
    expect(s.narrative.summary).toBe(
      'You are calling {{prospect_name}} at {{company_name}}. {{prospect_first_name}} asked for a demo.',
    );
    expect(s.variables!.current_situation).toBe(
      'At {{company_name}} my managers build the forecast in a shared spreadsheet.',
    );
    expect(renderScenario(s)).toEqual({ variables: STORED.variables, narrative: STORED.narrative });
    expect(tokeniseText(renderText(s.narrative.opening_line, s.variables!), s.variables!)).toBe(
      s.narrative.opening_line,
    );
  });

  it('renaming the company renames it in the summary, the situation, the opening line and the call', () => {
    const s = readScenario(STORED, 'en')!;
    const renamed = { ...s, variables: { ...s.variables!, company_name: 'Lumen Forecast Co' } };
    const shown = renderScenario(renamed);
    expect(shown.narrative.summary).toBe('You are calling Derek Osei at Lumen Forecast Co. Derek asked for a demo.');
    expect(shown.variables!.current_situation).toContain('At Lumen Forecast Co my managers');
    expect(shown.narrative.opening_line).toBe('Lumen Forecast Co, Derek speaking.');
    expect(JSON.stringify(shown)).not.toContain('Brightloop');
    const call = holdCall(
      prospectFor(renamed, { personaName: 'Derek Osei — Busy VP of Sales', difficulty: 'easy', language: 'en' }),
      ['How do you build the forecast today?', 'Tell me about the company.'],
    );
    expect(call.greeting).toBe('Lumen Forecast Co, Derek speaking.');
    // said in the prospect's own words: the company and the fact, not necessarily the written sentence
    expect(call.turns[0].prospect).toMatch(/Lumen Forecast Co.*my managers/);
    expect(call.turns[1].prospect).toContain('Lumen Forecast Co');
  });

  it('reads stored scenarios of older shapes: topics and moments inferred, spoken forms derived', () => {
    const old = readScenario(
      {
        variables: {
          ...STORED.variables,
          objections: [{ objection: 'Budget is frozen.', surfaces_when: 'when the rep talks about pricing' }],
          hidden_information: [
            {
              information: "The prospect's bonus depends on the forecast.",
              reveal_when: 'asked what it means personally',
            },
          ],
        },
        narrative: { summary: 'Old.', opening_line: 'Hi.' },
      },
      'en',
    )!;
    expect(old.variables!.objections[0].moment).toBe('price');
    expect(old.variables!.hidden_information[0]).toMatchObject({
      topic: 'motivation',
      said: 'My bonus depends on our forecast.',
    });
    expect(readScenario({ narrative: { summary: 'Only a summary' } }, 'en')).toEqual({
      variables: null,
      narrative: { summary: 'Only a summary', opening_line: '' },
    });
    expect(readScenario({ variables: {} }, 'en')).toBeNull();
  });
});

describe('speech guard: the last line of defence', () => {
  const ctx = {
    language: 'en' as const,
    ownNames: ['Derek Osei', 'Derek'],
    systemTexts: ['Asks two to four targeted questions about the current process, tools, team or volumes.'],
  };
  it.each([
    ["The prospect's bonus depends on this quarter.", 'about_roles'],
    ['He missed the last quarter by 11%.', 'third_person'],
    ['Brightloop (segment: SaaS; about 250 employees).', 'brackets'],
    ['segment: SaaS; about 250 employees', 'label'],
    ['Pains: missed the forecast', 'label'],
    ['Hello {{company_name}} here.', 'placeholder'],
    ['Derek thinks this is too expensive.', 'own_name'],
    ['Well, asks two to four targeted questions about the current process, tools, team or volumes.', 'system_text'],
    ['Non abbiamo tempo per questo progetto adesso.', 'language'],
  ])('refuses %j (%s)', (text, problem) => {
    expect(speechProblem(text, ctx)).toBe(problem);
  });

  it('lets the persona speak: first person, its own language, its name only when answering the phone', () => {
    expect(speechProblem('We missed the last quarter by 11%, and my board noticed.', ctx)).toBeNull();
    expect(speechProblem('Derek speaking.', { ...ctx, allowOwnName: true })).toBeNull();
    expect(
      speechProblem('Cuidado com o tom, por favor.', { language: 'pt-BR', ownNames: ['Tom Becker', 'Tom'] }),
    ).toBeNull();
  });

  it('every line of every phrase bank passes the guard in its own language', () => {
    for (const language of LANGUAGES) {
      const lines: string[] = [];
      const walk = (x: unknown, path: string) => {
        if (typeof x === 'string') lines.push(x);
        else if (typeof x === 'function') {
          const arg = path.endsWith('competition')
            ? [['Clari', 'Gong']]
            : path.endsWith('company')
              ? ['Acme', 300]
              : path.includes('greeting')
                ? ['Margaret', 'Acme']
                : ['12/3'];
          walk((x as (...a: unknown[]) => unknown)(...arg), path);
        } else if (Array.isArray(x)) x.forEach((y) => walk(y, path));
        else if (x && typeof x === 'object') for (const [k, v] of Object.entries(x)) walk(v, `${path}.${k}`);
      };
      walk(PROSPECT_LINES[language], '');
      for (const line of lines.filter(Boolean)) {
        const ownName = line.includes('Margaret');
        expect(
          speechProblem(line, { language, ownNames: ['Margaret Holloway', 'Margaret'], allowOwnName: ownName }),
          `${language}: ${line}`,
        ).toBeNull();
      }
    }
  });
});

describe('first person: a note becomes something the persona can say, or nothing', () => {
  const names = personaNames('Derek Osei — Busy VP of Sales');
  it.each([
    [
      'He missed the last quarter by 11% and the board noticed.',
      'I missed the last quarter by 11% and our board noticed.',
    ],
    ['His managers build the forecast on top of HubSpot.', 'My managers build our forecast on top of HubSpot.'],
    [
      'Derek has looked at Clari before but the project stalled in procurement.',
      'I have looked at Clari before but the project stalled in procurement.',
    ],
    [
      'He came up as an account executive and still closes the biggest deals himself.',
      'I came up as an account executive and still close the biggest deals myself.',
    ],
    ["The prospect's own bonus depends on improving this metric.", 'My own bonus depends on improving this metric.'],
    [
      'Pains: missed the forecast by more than 10% in two quarters',
      'We missed our forecast by more than 10% in two quarters.',
    ],
  ])('%j → %j', (note, said) => {
    expect(speakable(note, { language: 'en', names })).toBe(said);
  });

  it('keeps text already written as speech, turns "the company" into "our company" in every language, refuses the rest', () => {
    expect(speakable('We already have Salesforce dashboards.', { language: 'en' })).toBe(
      'We already have Salesforce dashboards.',
    );
    expect(speakable('La empresa pierde unas 20 horas a la semana.', { language: 'es' })).toBe(
      'Nuestra empresa pierde unas 20 horas a la semana.',
    );
    expect(speakable("L'azienda perde circa 20 ore a settimana.", { language: 'it' })).toBe(
      'La nostra azienda perde circa 20 ore a settimana.',
    );
    expect(speakable('A empresa perde cerca de 20 horas por semana.', { language: 'pt-BR' })).toBe(
      'Nossa empresa perde cerca de 20 horas por semana.',
    );
    // the call is in Italian: an English note is not parroted
    expect(speakable('The team loses 20 hours a week.', { language: 'it' })).toBeNull();
    // Spanish drops the subject: "su" (his/her) cannot be turned safely
    expect(speakable('Su bonus depende de este indicador.', { language: 'es' })).toBeNull();
    expect(speakable('Company (segment: SaaS).', { language: 'en' })).toBeNull();
  });

  it('tells the four languages apart', () => {
    expect(detectLanguage('We lose about ten hours every week on this.')).toBe('en');
    expect(detectLanguage('Perdemos unas diez horas cada semana con esto.')).toBe('es');
    expect(detectLanguage('Perdiamo circa dieci ore ogni settimana con questo.')).toBe('it');
    expect(detectLanguage('A gente perde umas dez horas toda semana com isso.')).toBe('pt-BR');
    expect(detectLanguage('Salesforce, HubSpot')).toBeNull();
  });
});
