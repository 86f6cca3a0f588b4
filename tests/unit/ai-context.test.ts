import { describe, expect, it } from 'vitest';
import type { simulations } from '../../db/schema';
import { knowledgeQueryText, simulationInputFromRow } from '../../server/ai/context';
import { isAppError } from '../../server/errors';

const row = (over: Partial<typeof simulations.$inferSelect> = {}): typeof simulations.$inferSelect => ({
  id: 'sim-1',
  tenantId: 'tenant-1',
  name: 'Discovery',
  difficulty: 'expert',
  timeLimitMinutes: 10,
  language: 'it',
  learnerRole: 'sales_manager',
  learnerTeam: 'smb',
  criteriaQuantity: 4,
  icon: 'phone',
  availableAsAssessment: false,
  scorecardId: 'card-1',
  personaId: 'persona-1',
  useCase: 'Renewal',
  icpId: null,
  productGroupingId: 'prod-1',
  callInstructionsId: null,
  reportPromptId: 'eval-1',
  simulationPromptId: 'sim-prompt-1',
  scenarioDetails: null,
  scenarioSummary: null,
  scenarioSource: null,
  scenarioGenerationId: null,
  instructions: '',
  kind: 'standard',
  sourceCallId: null,
  sourceMoment: null,
  drillCriteria: null,
  callProvider: 'openai-realtime',
  assistantId: null,
  createdBy: null,
  createdAt: new Date(),
  updatedAt: new Date(),
  ...over,
});

describe('simulationInputFromRow', () => {
  it('carries the simulation fields the generation needs', () => {
    expect(simulationInputFromRow(row())).toEqual({
      tenantId: 'tenant-1',
      simulationId: 'sim-1',
      difficulty: 'expert',
      language: 'it',
      learnerRole: 'sales_manager',
      learnerTeam: 'smb',
      useCase: 'Renewal',
      criteriaQuantity: 4,
      personaId: 'persona-1',
      scorecardId: 'card-1',
      icpId: null,
      productGroupingId: 'prod-1',
      callInstructionsId: null,
      simulationPromptId: 'sim-prompt-1',
      reportPromptId: 'eval-1',
    });
  });

  it.each(['personaId', 'scorecardId'] as const)('refuses a simulation without %s', (field) => {
    let err: unknown;
    try {
      simulationInputFromRow(row({ [field]: null }));
    } catch (e) {
      err = e;
    }
    expect(isAppError(err) && [err.code, err.details]).toEqual(['VALIDATION', { field }]);
  });
});

describe('knowledgeQueryText', () => {
  it('describes the scenario with product, use case, ICP, persona and the scenario criteria only', () => {
    const q = knowledgeQueryText({
      product: { id: 'p', name: 'RouteWise', details: 'Route optimisation' },
      icp: { id: 'i', name: 'Logistics', details: 'Fleets' },
      persona: {
        id: 'x',
        name: 'Laura',
        shortDescription: 'Head of Operations',
        longDescription: 'secret long text',
        voice: 'alloy',
        behaviourNotes: {},
      },
      useCase: 'Renewal',
      scorecard: {
        id: 's',
        name: 'S',
        criteria: [
          {
            id: 'a',
            position: 0,
            name: 'Pricing talk',
            description: 'Handles price',
            includeInScenario: true,
            levelZero: '',
            levelLow: '',
            levelHigh: '',
          },
          {
            id: 'b',
            position: 1,
            name: 'Rapport',
            description: 'Small talk',
            includeInScenario: false,
            levelZero: '',
            levelLow: '',
            levelHigh: '',
          },
        ],
      },
    });
    for (const w of [
      'RouteWise',
      'Route optimisation',
      'Renewal',
      'Logistics',
      'Fleets',
      'Head of Operations',
      'Pricing talk',
    ])
      expect(q).toContain(w);
    expect(q).not.toContain('Rapport');
  });
});
