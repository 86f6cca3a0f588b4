import type { GenerationContext } from '../../server/ai/context';

type Fields = Omit<
  GenerationContext,
  'tenantId' | 'learnerRole' | 'learnerTeam' | 'useCase' | 'criteriaQuantity' | 'persona' | 'prompts'
> & { persona: Pick<GenerationContext['persona'], 'shortDescription' | 'longDescription' | 'behaviourNotes'> };

const builtin = { id: null, name: 'x', source: 'builtin' as const, systemPrompt: null, userPrompt: '' };

/**
 * What scenario generation reads for an account executive's discovery call with "Laura Gómez", on
 * the built-in prompts: the tests give the rest (her descriptions, the company, the scorecard).
 */
export function generationContext(fields: Fields, overrides: Partial<GenerationContext> = {}): GenerationContext {
  return {
    tenantId: '00000000-0000-0000-0000-000000000001',
    learnerRole: 'account_executive',
    learnerTeam: 'enterprise',
    useCase: 'Discovery call',
    criteriaQuantity: 3,
    prompts: { scenarioVariables: builtin, scenarioNarrative: builtin, simulation: null, evaluation: null },
    ...fields,
    persona: { id: 'p1', name: 'Laura Gómez', voice: 'alloy', ...fields.persona },
    ...overrides,
  };
}

/** A knowledge-base passage of file `f1` as the search returns it (not truncated). */
export const knowledgeChunk = (fileName: string, position: number, content: string, rank: number) => ({
  fileId: 'f1',
  fileName,
  position,
  content,
  rank,
  truncated: false,
});

type Criterion = GenerationContext['scorecard']['criteria'][number];

/** The "Discovery" scorecard (s1) of these criteria, numbered k1, k2, … in their order. */
export const discoveryScorecard = (criteria: Omit<Criterion, 'id' | 'position'>[]) => ({
  id: 's1',
  name: 'Discovery',
  criteria: criteria.map((c, i) => ({ id: `k${i + 1}`, position: i, ...c })),
});
