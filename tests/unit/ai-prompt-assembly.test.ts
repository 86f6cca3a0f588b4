import { describe, expect, it } from 'vitest';
import { DIFFICULTIES } from '../../server/contracts/enums';
import type { GenerationContext } from '../../server/ai/context';
import { discoveryScorecard, generationContext, knowledgeChunk } from '../helpers/generation-context';
import { DEFAULT_SCENARIO_NARRATIVE_PROMPT, DEFAULT_SCENARIO_VARIABLES_PROMPT } from '../../server/ai/default-prompts';
import { describeDifficulty, DIFFICULTY_BEHAVIOUR, difficultyLabel } from '../../server/ai/difficulty';
import { assemblePrompt, placeholderValues, renderTemplate } from '../../server/ai/prompt-assembly';
import { PROMPT_PLACEHOLDERS } from '../../server/contracts/prompt-placeholders';

const context = (overrides: Partial<GenerationContext> = {}) =>
  generationContext(
    {
      simulationId: null,
      difficulty: 'hard',
      language: 'es',
      persona: {
        shortDescription: 'Head of Operations at a logistics company',
        longDescription: 'Pragmatic, data driven, has been burned by vendors before.',
        behaviourNotes: { hard: 'Cuts the rep off when they pitch too early.' },
      },
      icp: { id: 'i1', name: 'Mid-market logistics', details: 'Industry: Logistics. 200-500 employees.' },
      product: { id: 'g1', name: 'RouteWise', details: 'Route optimisation that reduces fuel costs by 12%.' },
      clientOverview: 'Acme sells planning software.',
      callInstructions: { id: 'c1', instructions: 'Never reveal the price list.' },
      scorecard: discoveryScorecard([
        {
          name: 'Open questions',
          description: 'Asks open questions',
          includeInScenario: true,
          levelZero: 'None',
          levelLow: 'Some',
          levelHigh: 'Many, well timed',
        },
        {
          name: 'Closing',
          description: 'Asks for the next step',
          includeInScenario: false,
          levelZero: 'No ask',
          levelLow: 'Vague ask',
          levelHigh: 'Dated next step',
        },
      ]),
      knowledge: [knowledgeChunk('pricing.pdf', 0, 'List price is 900 EUR per truck per year.', 0.5)],
    },
    overrides,
  );

describe('renderTemplate', () => {
  it('fills placeholders, tolerating spaces inside the braces and repeats', () => {
    const r = renderTemplate('Hi {{persona.name}}, {{ persona.name }}! Level: {{difficulty}}.', {
      'persona.name': 'Ana',
      difficulty: 'Hard',
    });
    expect(r.text).toBe('Hi Ana, Ana! Level: Hard.');
    expect(r.unknown).toEqual([]);
  });

  it('renders unknown placeholders empty and reports each once', () => {
    const r = renderTemplate('A{{nope}}B{{ nope }}C{{persona.nmae}}D', { 'persona.name': 'Ana' });
    expect(r.text).toBe('ABCD');
    expect(r.unknown).toEqual(['{{nope}}', '{{persona.nmae}}']);
  });

  it('does not treat inherited object properties as placeholders', () => {
    expect(renderTemplate('{{constructor}}{{toString}}', {}).unknown).toEqual(['{{constructor}}', '{{toString}}']);
  });
});

describe('placeholder values', () => {
  it('fills every documented placeholder', () => {
    const values = placeholderValues(context(), { kind: 'evaluation', scenario: 'S', transcript: 'T' });
    for (const p of PROMPT_PLACEHOLDERS) expect(renderTemplate(p.token, values).unknown, p.token).toEqual([]);
    expect(renderTemplate('{{use_case}}', values).text).toBe('Discovery call');
  });

  it('uses the persona notes for the difficulty, else the generic behaviour', () => {
    expect(placeholderValues(context(), { kind: 'scenario_variables' })['persona.behaviour']).toBe(
      'Cuts the rep off when they pitch too early.',
    );
    const easy = placeholderValues(context({ difficulty: 'easy' }), { kind: 'scenario_variables' })[
      'persona.behaviour'
    ];
    expect(easy).toContain(DIFFICULTY_BEHAVIOUR.easy.patience);
  });

  it('lists only criteria marked for scenario generation in scenario prompts, all of them for evaluation', () => {
    const scenario = placeholderValues(context(), { kind: 'scenario_variables' }).criteria;
    expect(scenario).toContain('Open questions');
    expect(scenario).toContain('Level 2 (2 points): Many, well timed');
    expect(scenario).not.toContain('Closing');
    expect(placeholderValues(context(), { kind: 'evaluation' }).criteria).toContain(
      '2. Closing: Asks for the next step',
    );
  });

  it('names the spoken language, labels the learner role and quotes knowledge with its file', () => {
    const v = placeholderValues(context(), { kind: 'scenario_variables' });
    expect(v.language).toBe('Spanish');
    expect(v.learner_role).toBe('Account Executive');
    expect(v.knowledge_base).toBe('[pricing.pdf, part 1]\nList price is 900 EUR per truck per year.');
    expect(v.icp).toBe('Mid-market logistics\nIndustry: Logistics. 200-500 employees.');
    expect(
      placeholderValues(context({ icp: null, useCase: null, knowledge: [] }), { kind: 'scenario_variables' }),
    ).toMatchObject({
      icp: 'Not specified.',
      use_case: 'Not specified.',
      knowledge_base: '(no knowledge-base excerpts)',
    });
  });
});

describe('assemblePrompt', () => {
  it('renders system and user templates and reports unknown placeholders from both', () => {
    const a = assemblePrompt(
      { systemPrompt: 'Speak {{language}}. {{mood}}', userPrompt: 'Call {{persona.name}} {{wat}}' },
      context(),
      { kind: 'scenario_variables' },
    );
    expect(a.system).toBe('Speak Spanish. ');
    expect(a.user).toBe('Call Laura Gómez ');
    expect(a.unknown.sort()).toEqual(['{{mood}}', '{{wat}}']);
  });

  it('sends no system message for a blank system prompt', () => {
    expect(
      assemblePrompt({ systemPrompt: '  ', userPrompt: 'x' }, context(), { kind: 'scenario_variables' }).system,
    ).toBeNull();
  });

  it('the built-in scenario prompts use only known placeholders', () => {
    for (const t of [DEFAULT_SCENARIO_VARIABLES_PROMPT, DEFAULT_SCENARIO_NARRATIVE_PROMPT]) {
      const a = assemblePrompt(t, context(), { kind: 'scenario_narrative', scenario: 'Prospect: Laura' });
      expect(a.unknown).toEqual([]);
      expect(a.user).not.toMatch(/\{\{/);
    }
    const vars = assemblePrompt(DEFAULT_SCENARIO_VARIABLES_PROMPT, context(), { kind: 'scenario_variables' });
    expect(vars.user).toContain('Laura Gómez');
    expect(vars.user).toContain('List price is 900 EUR');
    expect(vars.system).toContain('Write every value in Spanish');
  });
});

describe('DIFFICULTY_BEHAVIOUR', () => {
  it('gives every level its own patience, objections and commitment text', () => {
    for (const field of ['patience', 'objections', 'commitment'] as const) {
      expect(new Set(DIFFICULTIES.map((d) => DIFFICULTY_BEHAVIOUR[d][field])).size).toBe(4);
    }
  });

  it('makes objections more numerous and persistent as difficulty rises', () => {
    const counts = DIFFICULTIES.map((d) => DIFFICULTY_BEHAVIOUR[d].objectionCount);
    const pushes = DIFFICULTIES.map((d) => DIFFICULTY_BEHAVIOUR[d].pushBacks);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(new Set(counts).size).toBe(4);
    expect(new Set(pushes).size).toBe(4);
  });

  it('uses the displayed difficulty labels and renders the behaviour for {{difficulty}}', () => {
    expect(DIFFICULTIES.map(difficultyLabel)).toEqual([
      'Easy (Beginner)',
      'Medium (Intermediate)',
      'Hard (Advanced)',
      'Very Hard (Expert)',
    ]);
    const text = describeDifficulty('expert');
    expect(text.split('\n')).toEqual([
      'Very Hard (Expert)',
      `- Patience: ${DIFFICULTY_BEHAVIOUR.expert.patience}`,
      `- Objections: ${DIFFICULTY_BEHAVIOUR.expert.objections}`,
      `- Willingness to commit: ${DIFFICULTY_BEHAVIOUR.expert.commitment}`,
    ]);
    expect(describeDifficulty('easy')).not.toBe(describeDifficulty('hard'));
  });
});
