import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../server/contracts/languages';
import { DIFFICULTIES } from '../../server/contracts/enums';
import type { GenerationContext } from '../../server/ai/context';
import { discoveryScorecard, generationContext, knowledgeChunk } from '../helpers/generation-context';
import { DIFFICULTY_BEHAVIOUR } from '../../server/ai/difficulty';
import { OFFLINE_PHRASES } from '../../server/ai/offline-phrases';
import { generateOfflineScenario, OFFLINE_MODEL } from '../../server/ai/offline-scenario';
import { generateScenario } from '../../server/ai/scenario';
import { readScenario, renderText } from '../../server/contracts/scenario/render';
import { scenarioNarrativeSchema, scenarioVariablesSchema } from '../../server/contracts/scenario/schema';
import { isAppError } from '../../server/errors';

const FACT_1 = 'RouteWise customers cut empty truck kilometres by 18% in the first six months.';
const FACT_2 = 'The onboarding programme takes four weeks and includes two on-site workshops.';

const context = (overrides: Partial<GenerationContext> = {}) =>
  generationContext(
    {
      simulationId: '00000000-0000-0000-0000-000000000002',
      difficulty: 'medium',
      language: 'en',
      persona: {
        shortDescription: 'Head of Operations at a regional logistics company. Pragmatic and busy.',
        longDescription: 'Has been burned by vendors before.',
        behaviourNotes: {},
      },
      icp: {
        id: 'i1',
        name: 'Mid-market logistics',
        details:
          'Industry: Road freight\nCompanies with 200-500 employees.\nDispatch is planned manually in spreadsheets, which causes costly delays.\nFuel costs keep rising.',
      },
      product: {
        id: 'g1',
        name: 'RouteWise',
        details: 'Route optimisation software. It reduces fuel costs by 12% on average.',
      },
      clientOverview: 'Acme builds planning software for transport companies. Competitors: FleetPlan, Routely.',
      callInstructions: null,
      scorecard: discoveryScorecard([
        {
          name: 'Quantify the pain',
          description: 'Gets numbers',
          includeInScenario: true,
          levelZero: 'No numbers',
          levelLow: 'Rough numbers',
          levelHigh: 'asks how many hours and euros are lost each week',
        },
        {
          name: 'Map the decision',
          description: 'Finds who decides',
          includeInScenario: true,
          levelZero: 'None',
          levelLow: 'Asks who decides',
          levelHigh: 'maps every stakeholder and the approval steps',
        },
        {
          name: 'Small talk',
          description: 'Builds rapport',
          includeInScenario: false,
          levelZero: 'None',
          levelLow: 'Some',
          levelHigh: 'Warm rapport',
        },
      ]),
      knowledge: [
        knowledgeChunk('case-study.pdf', 0, `${FACT_1} More text follows here.`, 0.4),
        knowledgeChunk('case-study.pdf', 3, FACT_2, 0.2),
      ],
    },
    overrides,
  );

const text = (x: unknown) => JSON.stringify(x);

describe('offline scenario generator', { timeout: 30_000 }, () => {
  it('is deterministic: the same inputs give the same scenario', () => {
    expect(generateOfflineScenario(context())).toEqual(generateOfflineScenario(context()));
    expect(generateOfflineScenario(context({ language: 'it' }))).toEqual(
      generateOfflineScenario(context({ language: 'it' })),
    );
  });

  it('changes with its inputs', () => {
    const a = generateOfflineScenario(context());
    const b = generateOfflineScenario(context({ persona: { ...context().persona, name: 'Marco Rossi' } }));
    expect(b).not.toEqual(a);
    expect(b.variables.prospect_name).toBe('Marco Rossi');
  });

  it('produces output the model schemas accept', () => {
    for (const difficulty of DIFFICULTIES) {
      for (const language of LANGUAGES) {
        const s = generateOfflineScenario(context({ difficulty, language }));
        expect(scenarioVariablesSchema.safeParse(s.variables).success).toBe(true);
        expect(scenarioNarrativeSchema.safeParse(s.narrative).success).toBe(true);
        expect(text(s)).not.toMatch(/\{(?:n|k|month|product|competitor)\}/); // every fill-in filled
      }
    }
  });

  it('builds the prospect and company from the persona, ICP, product and overview', () => {
    const { variables: v, narrative: n } = generateOfflineScenario(context());
    expect(v.prospect_name).toBe('Laura Gómez');
    expect(v.prospect_role).toBe('Head of Operations');
    expect(v.industry).toBe('Road freight');
    expect(v.company_size).toBe('200-500 employees');
    expect(v.pain_points[0]).toBe('Dispatch is planned manually in spreadsheets, which causes costly delays.');
    expect(v.competitors).toEqual(['FleetPlan', 'Routely']);
    expect(v.goals.join(' ')).toContain('RouteWise');
    expect(n.summary).toContain('You are an account executive calling Laura Gómez');
    expect(n.summary).toContain(v.company_name);
    expect(n.summary).toContain('Discovery call');
  });

  it('raises more, sharper objections and is harder to win as difficulty rises', () => {
    const byLevel = Object.fromEntries(
      DIFFICULTIES.map((d) => [d, generateOfflineScenario(context({ difficulty: d })).variables]),
    );
    expect(byLevel.easy.objections).toHaveLength(1);
    expect(byLevel.medium.objections).toHaveLength(2);
    expect(byLevel.hard.objections).toHaveLength(3);
    expect(byLevel.expert.objections.length).toBeGreaterThanOrEqual(DIFFICULTY_BEHAVIOUR.expert.objectionCount);
    const bank = OFFLINE_PHRASES.en.objections;
    const said = (d: string) => byLevel[d].objections.map((o: { objection: string }) => o.objection);
    for (const o of bank) {
      expect(said('easy').some((x: string) => x.startsWith(o.sharp.split('{')[0]))).toBe(false);
      expect(said('expert').some((x: string) => x.startsWith(o.mild.split('{')[0]))).toBe(false);
    }
    expect(byLevel.easy.budget).not.toBe(byLevel.expert.budget);
    expect(byLevel.expert.decision_process).toContain('buying committee');
    expect(generateOfflineScenario(context({ difficulty: 'expert' })).narrative.opening_line).toContain('two minutes');
  });

  it('turns each criterion marked for scenario generation into hidden information and a success signal', () => {
    const { variables: v } = generateOfflineScenario(context());
    const reveal = v.hidden_information.map((h) => h.reveal_when).join('\n');
    const signals = v.success_signals.join('\n');
    for (const c of ['Quantify the pain', 'Map the decision']) {
      expect(reveal).toContain(c);
      expect(signals).toContain(c);
    }
    expect(reveal).toContain('maps every stakeholder and the approval steps');
    expect(text(v)).not.toContain('Small talk');
  });

  it("uses the most relevant knowledge passages: the learner background quotes several, a hard prospect doubts the seller's claim", () => {
    const { variables: v, narrative: n } = generateOfflineScenario(context({ difficulty: 'hard' }));
    expect(n.summary).toContain(FACT_1);
    expect(n.summary).toContain(FACT_2);
    expect(
      v.objections.some(
        (o) => o.moment === 'proof' && o.objection.includes('RouteWise customers cut empty truck kilometres by 18%'),
      ),
    ).toBe(true);
    expect(text(generateOfflineScenario(context({ knowledge: [] })))).not.toContain('18%');
  });

  const MARKERS: Record<Language, { summary: string; goal: string; foreign: string[] }> = {
    en: { summary: 'You are an account executive', goal: 'Goal of the call', foreign: ['Eres', 'Sei un', 'Você é'] },
    es: {
      summary: 'Eres ejecutivo de cuentas',
      goal: 'Objetivo de la llamada',
      foreign: ['Goal of the call', 'Shared only when', 'You are'],
    },
    it: {
      summary: 'Sei un account executive',
      goal: 'Obiettivo della chiamata',
      foreign: ['Goal of the call', 'Shared only when', 'Eres'],
    },
    'pt-BR': {
      summary: 'Você é executivo de contas',
      goal: 'Objetivo da ligação',
      foreign: ['Goal of the call', 'Shared only when', 'Eres'],
    },
  };

  it.each(LANGUAGES)('writes its fixed text in %s', (language) => {
    const s = generateOfflineScenario(context({ language, difficulty: 'hard' }));
    const m = MARKERS[language];
    expect(s.narrative.summary).toContain(m.summary);
    expect(s.narrative.summary).toContain(m.goal);
    expect(s.variables.budget).toBe(OFFLINE_PHRASES[language].budget.hard(''));
    expect(s.variables.timeline).toBe(OFFLINE_PHRASES[language].timeline.hard);
    expect(s.narrative.opening_line).toBe(
      OFFLINE_PHRASES[language].opening.hard('Laura Gómez', s.variables.company_name),
    );
    for (const f of m.foreign) expect(text(s)).not.toContain(f);
  });
});

describe('generateScenario without a provider', () => {
  it('is labelled offline and records that no prompt was sent', async () => {
    const r = await generateScenario({ provider: null, context: context() });
    expect(r.provider).toBe('offline');
    expect(r.model).toBe(OFFLINE_MODEL);
    expect(r.usage).toBeNull();
    expect(r.records.map((x) => [x.task, x.provider, x.model, x.status])).toEqual([
      ['scenario_variables', 'offline', OFFLINE_MODEL, 'succeeded'],
      ['scenario_narrative', 'offline', OFFLINE_MODEL, 'succeeded'],
    ]);
    expect(r.records[0].prompt.user).toContain('no model was called');
    // the records keep what the generator wrote; the result is its stored shape (names as placeholders)
    expect(readScenario({ variables: r.records[0].output, narrative: r.records[1].output }, 'en')).toEqual({
      variables: r.variables,
      narrative: r.narrative,
    });
    expect(r.narrative.summary).toContain('{{prospect_name}}');
    expect(r.summary).toBe(renderText(r.narrative.summary, r.variables));
  });

  it('refuses a scorecard with no criterion marked for scenario generation', async () => {
    const c = context();
    const none = { ...c.scorecard, criteria: c.scorecard.criteria.map((x) => ({ ...x, includeInScenario: false })) };
    const err = await generateScenario({ provider: null, context: { ...c, scorecard: none } }).catch((e: unknown) => e);
    expect(isAppError(err) && err.code).toBe('VALIDATION');
  });
});
