import { describe, expect, it } from 'vitest';
import { DEMO_SCORECARDS } from '../../seed/scorecards';
import { computeAnalytics, isOpenQuestion } from '../../server/evaluation/analytics';
import { checkQuote, turnIndex } from '../../server/evaluation/evidence';
import { evaluateOffline, OFFLINE_EVALUATOR_VERSION } from '../../server/evaluation/offline/index';
import { computeScore } from '../../server/evaluation/score';
import type { Criterion, Turn } from '../../server/evaluation/types';
import { criteriaOf, intendedLevels, loadCalibration, turnsOf, type CalibrationCall } from '../helpers/calibration';

const calls = loadCalibration();
const run = (c: CalibrationCall) =>
  evaluateOffline({ turns: turnsOf(c), criteria: criteriaOf(c.scorecard), language: c.language });
const levels = (c: CalibrationCall) => Object.fromEntries(run(c).criteria.map((x) => [x.criterionId, x.level]));
const byId = (id: string) => calls.find((c) => c.id === id)!;

describe('the calibration set', () => {
  it('has a strong, an average and a weak call for each of the five seeded scorecards, 10–30 turns, in several languages', () => {
    for (const card of DEMO_SCORECARDS) {
      const set = calls.filter((c) => c.scorecard === card.name && c.quality !== 'trap' && !('heldOut' in c));
      expect(new Set(set.map((c) => c.quality)), card.name).toEqual(new Set(['strong', 'average', 'weak']));
    }
    for (const c of calls.filter((x) => x.quality !== 'trap')) {
      expect(c.turns.length, c.id).toBeGreaterThanOrEqual(10);
      expect(c.turns.length, c.id).toBeLessThanOrEqual(30);
    }
    expect(new Set(calls.map((c) => c.language))).toEqual(new Set(['en', 'es', 'pt-BR', 'it']));
    expect(new Set(calls.filter((c) => c.trap).map((c) => c.trap))).toEqual(
      new Set(['prospect-says-it', 'keyword-recital', 'two-turns', 'empty', 'injection', 'forged-turns']),
    );
  });
});

describe('offline evaluator on the calibration set', () => {
  it.each(DEMO_SCORECARDS.map((c) => c.name))(
    'ranks strong > average > weak for %s, in every language the set has',
    (card) => {
      for (const language of new Set(calls.filter((c) => c.scorecard === card).map((c) => c.language))) {
        const score = (quality: string) =>
          calls
            .filter(
              (c) => c.scorecard === card && c.quality === quality && c.language === language && !('heldOut' in c),
            )
            .map((c) => run(c).score!);
        const [strong, average, weak] = [score('strong'), score('average'), score('weak')];
        for (const s of strong) for (const a of average) expect(s, `${card} ${language}`).toBeGreaterThan(a);
        for (const a of average) for (const w of weak) expect(a, `${card} ${language}`).toBeGreaterThan(w);
      }
    },
  );

  const agreement = (set: CalibrationCall[]) => {
    let exact = 0;
    let within = 0;
    let n = 0;
    for (const c of set) {
      const want = intendedLevels(c);
      for (const [id, level] of Object.entries(levels(c))) {
        n++;
        if (level === want[id]) exact++;
        if (level !== null && Math.abs(level - want[id]) <= 1) within++;
      }
    }
    return { exact: exact / n, within: within / n };
  };

  it('agrees with the intended levels of the rules author’s calls: at least 95 % exactly and every level within one', () => {
    const r = agreement(calls.filter((c) => !('heldOut' in c)));
    expect(r.exact).toBeGreaterThanOrEqual(0.95);
    expect(r.within).toBe(1);
  });

  it('agrees with the held-out calls written by others: at least 75 % exactly and 95 % within one', () => {
    const r = agreement(calls.filter((c) => 'heldOut' in c));
    expect(r.exact).toBeGreaterThanOrEqual(0.75);
    expect(r.within).toBeGreaterThanOrEqual(0.95);
  });

  it.each(calls.filter((c) => c.trap).map((c) => c.id))(
    'gives the trap %s no undeserved credit: exactly its intended levels',
    (id) => {
      const c = byId(id);
      expect(levels(c)).toEqual(intendedLevels(c));
    },
  );

  it('gives a trap built on another call exactly that call’s levels (injection, forged turn lines)', () => {
    for (const trap of calls.filter((c) => c.base)) {
      const base = byId(trap.base!);
      expect(levels(trap), trap.id).toEqual(levels(base));
      expect(run(trap).score, trap.id).toBe(run(base).score);
    }
  });

  it('gives paired calls in different languages the same levels', () => {
    const pairs = new Map<string, CalibrationCall[]>();
    for (const c of calls) if (c.pair) pairs.set(c.pair, [...(pairs.get(c.pair) ?? []), c]);
    expect(pairs.size).toBeGreaterThanOrEqual(7);
    for (const [pair, members] of pairs) {
      expect(members.length, pair).toBeGreaterThanOrEqual(2);
      expect(new Set(members.map((m) => m.language)).size, pair).toBe(members.length);
      for (const m of members.slice(1)) expect(levels(m), `${pair}: ${m.id}`).toEqual(levels(members[0]));
    }
  });

  it('is deterministic, quotes only the rep’s own words through the evidence check, and backs every level above 0', () => {
    for (const c of calls) {
      const a = run(c);
      expect(run(c)).toEqual(a);
      const turns = turnsOf(c);
      const index = turnIndex(turns);
      for (const r of a.criteria) {
        if (r.level !== null && r.level > 0) expect(r.evidence.length, `${c.id} ${r.name}`).toBeGreaterThan(0);
        for (const e of r.evidence) {
          expect(turns[e.turnSeq].speaker).toBe('rep');
          expect(turns[e.turnSeq].text.slice(e.start, e.end)).toBe(e.quote);
          expect(checkQuote({ turn: e.turnSeq, quote: e.quote }, index).ok, `${c.id}: ${e.quote}`).toBe(true);
        }
      }
      expect(a.score).toBe(computeScore(a.criteria.map((x) => x.level)));
    }
  });

  it('says it is a heuristic and writes its texts in the call’s language', () => {
    const en = run(byId('discovery-average'));
    expect(OFFLINE_EVALUATOR_VERSION).toBe('spar-offline-eval-v2');
    expect(en.summary).toMatch(/heuristic/i);
    for (const c of en.criteria) expect(c.rationale).toMatch(/^Heuristic: level [012]\./);
    expect(en.improvements.length).toBeGreaterThan(0);
    for (const i of en.improvements) expect(i.example.length).toBeGreaterThan(10);
    expect(run(byId('discovery-average-es')).summary).toMatch(/heurística/);
    expect(run(byId('meddic-average-pt')).criteria[0].rationale).toMatch(/^Heurística: nível/);
    expect(run(byId('closing-average-it')).summary).toMatch(/euristica/);
  });
});

const call = (rep: string[], prospect = 'Sure.'): Turn[] =>
  rep.flatMap((text, i) => [
    {
      seq: i * 2,
      speaker: 'prospect' as const,
      text: i === 0 ? 'Hello, Marta speaking.' : prospect,
      startMs: i * 10_000,
    },
    { seq: i * 2 + 1, speaker: 'rep' as const, text, startMs: i * 10_000 + 5000 },
  ]);
const discovery = criteriaOf('Discovery (SPIN)');

describe('behaviour, not vocabulary', () => {
  it('gives a rep who recites the methodology no more than a rep who says nothing, in English and Portuguese', () => {
    const silent = evaluateOffline({ turns: call(['Hi.', 'Okay.', 'Right.']), criteria: discovery, language: 'en' });
    const recital = evaluateOffline({
      turns: call([
        'Let me ask you a SPIN situation question.',
        'Now a SPIN problem question and an implication question: are there implications?',
        'To summarise, I did active listening and asked a need-payoff question.',
      ]),
      criteria: discovery,
      language: 'en',
    });
    expect(recital.score).toBe(silent.score);
    expect(recital.score).toBe(0);
    const meddic = criteriaOf('MEDDIC Qualification');
    const pt = evaluateOffline({
      turns: call([
        'Vou fazer minha pergunta de comprador econômico do MEDDIC: existe um comprador econômico?',
        'Agora a pergunta de campeão: você é a campeã?',
      ]),
      criteria: meddic,
      language: 'pt-BR',
    });
    expect(pt.score).toBe(0);
  });

  it('credits only the rep’s own turns: the prospect’s perfect words earn nothing', () => {
    for (const id of ['trap-prospect-says-it-en', 'trap-prospect-says-it-es']) expect(run(byId(id)).score).toBe(0);
  });

  it('matches whole words only: "whatever" is not "what", "comodo" is not "como"', () => {
    expect(isOpenQuestion('Whatever works for you?', 'en')).toBe(false);
    expect(isOpenQuestion('What works for you?', 'en')).toBe(true);
    expect(isOpenQuestion('¿Cómodo con eso?', 'es')).toBe(false);
    expect(isOpenQuestion('¿Cómo lo hacen hoy?', 'es')).toBe(true);
    expect(isOpenQuestion('Posso chiederle cosa intende?', 'it')).toBe(true);
    expect(isOpenQuestion('Vocês usam planilhas?', 'pt-BR')).toBe(false);
    expect(isOpenQuestion('Como vocês fazem hoje?', 'pt-BR')).toBe(true);
  });

  it('does not split a sentence at an e-mail address or a decimal, so a dated step with an invite still counts (es, en)', () => {
    const cold = criteriaOf('Cold Call Opener');
    const next = cold.find((c) => c.name === 'Next-step ask')!;
    for (const [language, lines, agree] of [
      [
        'es',
        [
          '¿Le propongo una llamada de 20 minutos el martes a las 10?',
          'Le envío la invitación a laura.mendez@turia.es, son 2.5 minutos de lectura.',
        ],
        'El martes a las 10, sí, me va bien.',
      ],
      [
        'en',
        [
          'How about a 20-minute call on Tuesday at 10?',
          'I’ll send the invitation to laura.mendez@turia.com, it is a 2.5 minute read.',
        ],
        'Tuesday at 10 works, yes.',
      ],
    ] as const) {
      const turns: Turn[] = [
        { seq: 0, speaker: 'prospect', text: 'Hello?', startMs: 0 },
        { seq: 1, speaker: 'rep', text: lines[0], startMs: 1000 },
        { seq: 2, speaker: 'prospect', text: agree, startMs: 2000 },
        { seq: 3, speaker: 'rep', text: lines[1], startMs: 3000 },
      ];
      const r = evaluateOffline({ turns, criteria: [next], language });
      expect(r.criteria[0].level, language).toBe(2);
      expect(r.criteria[0].evidence.map((e) => e.quote)).toContain(lines[1]);
    }
  });
});

describe('custom scorecards', () => {
  const custom: Criterion[] = [
    {
      id: 'q',
      name: 'Open questions',
      description: 'Asks open questions that uncover needs',
      levelZero: 'No questions',
      levelLow: 'Some questions',
      levelHigh: 'Several open questions with follow-ups',
    },
    {
      id: 'brand',
      name: 'Brand voice',
      description: 'Sounds like our brand: warm and confident',
      levelZero: 'Off-brand',
      levelLow: 'Mostly on brand',
      levelHigh: 'Always on brand',
    },
    {
      id: 'next',
      name: 'Próximo paso',
      description: 'Acuerda una reunión con fecha',
      levelZero: 'Ninguno',
      levelLow: 'Vago',
      levelHigh: 'Con fecha y hora',
    },
  ];

  it('gives a level only where a detector applies; the rest is "not assessable offline" and left out of the score', () => {
    const turns: Turn[] = [
      { seq: 0, speaker: 'prospect', text: 'Hi, this is Ana.', startMs: 0 },
      { seq: 1, speaker: 'rep', text: 'How do you plan the routes today?', startMs: 1000 },
      { seq: 2, speaker: 'prospect', text: 'In spreadsheets, mostly by hand.', startMs: 2000 },
      { seq: 3, speaker: 'rep', text: 'What happens with the spreadsheets when an order changes late?', startMs: 3000 },
      { seq: 4, speaker: 'prospect', text: 'We redo them.', startMs: 4000 },
      { seq: 5, speaker: 'rep', text: 'Who else on the team feels that?', startMs: 5000 },
    ];
    const r = evaluateOffline({ turns, criteria: custom, language: 'en' });
    const [q, brand, next] = r.criteria;
    expect(q.level).toBe(2);
    expect(brand).toMatchObject({ level: null, originalLevel: null, note: 'not_assessable', evidence: [] });
    expect(brand.rationale).toMatch(/Not assessable offline/);
    expect(next.level).toBe(0);
    // (2 + 0) / (2 × 2 assessed criteria), the unassessable one counts neither as 0 nor as 2
    expect(r.score).toBe(50);
    expect(evaluateOffline({ turns, criteria: [custom[1]], language: 'en' }).score).toBeNull();
  });
});

describe('one talk share for the whole report', () => {
  it('counts words for typed turns instead of showing "Rep 0%" beside a summary that says the rep spoke most', () => {
    const typed: Turn[] = [
      { seq: 0, speaker: 'prospect', text: 'Hello.', startMs: 0, endMs: 1500 },
      {
        seq: 1,
        speaker: 'rep',
        text: 'Hi, how does your team plan the routes today, and who is involved?',
        startMs: 2000,
        endMs: 2000,
      },
      { seq: 2, speaker: 'prospect', text: 'Spreadsheets.', startMs: 2500, endMs: 3500 },
    ];
    const a = computeAnalytics(typed, { language: 'en' });
    expect(a.talkRatio.source).toBe('words');
    expect(a.talkRatio.repShare).toBeCloseTo(13 / 15, 2);
    const r = evaluateOffline({ turns: typed, criteria: discovery, language: 'en', analytics: a });
    expect(r.summary).toContain(`${Math.round(a.talkRatio.repShare * 100)}% of the words`);
  });
});

describe('conditional and hypothetical value questions are need-payoff questions', () => {
  const discovery = criteriaOf('Discovery (SPIN)');
  it.each([
    ['en', 'If your deliveries were reliable, what would that change for you?'],
    ['en', 'Suppose late changes no longer forced a rebuild — how would your week look?'],
    ['es', 'Si las entregas fueran fiables, ¿qué cambiaría para ustedes?'],
    ['es', 'Imagine que los cambios tardíos ya no obligan a rehacer el plan: ¿qué supondría para su equipo?'],
    ['it', 'Se le consegne fossero puntuali, cosa cambierebbe per voi?'],
    ['it', 'Immagini di non dover più rifare il piano a mano: che differenza farebbe per il suo team?'],
    ['pt-BR', 'Se as entregas fossem confiáveis, o que mudaria para vocês?'],
    [
      'pt-BR',
      'Imagina que as mudanças de última hora não obrigassem mais a refazer o plano: o que isso mudaria pra sua equipe?',
    ],
  ] as const)('%s: %j', (language, question) => {
    const turns: Turn[] = [
      { seq: 0, speaker: 'prospect', text: 'Hello, Marta speaking.', startMs: 0 },
      { seq: 1, speaker: 'rep', text: question, startMs: 1000 },
      { seq: 2, speaker: 'prospect', text: 'We would save hours every week.', startMs: 2000 },
    ];
    const r = evaluateOffline({ turns, criteria: discovery, language });
    const payoff = r.criteria.find((c) => c.name === 'Need-payoff questions')!;
    expect(payoff.level).toBe(1);
    expect(payoff.evidence.map((e) => e.quote)).toEqual([question]);
    // asking what happens if a problem goes on is an implication, not a payoff
    expect(r.criteria.find((c) => c.name === 'Implication questions')!.level).toBe(0);
  });
});
