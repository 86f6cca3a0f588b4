import { readScenario, renderScenario } from '../contracts/scenario/render';
import { formatScenario, type ScenarioNarrative } from '../contracts/scenario/schema';
import type { Language } from '../contracts/languages';

/** A stored scenario: the structured variables (when generated) and the narrative, in any shape Spar stored. */
export interface StoredScenario {
  variables?: unknown;
  narrative?: Partial<ScenarioNarrative> | null;
}

/**
 * The scenario as prompt text, rendered from its fields at the time of use: structured variables
 * when there are any, else the narrative alone. `language` is the call's (old shapes derive the
 * prospect's words in it).
 */
export function scenarioText(scenario: StoredScenario | null | undefined, language: Language = 'en'): string {
  const stored = readScenario(scenario, language);
  if (!stored) return '';
  const s = renderScenario(stored);
  if (s.variables) return formatScenario(s.variables, s.narrative);
  return [
    `Summary for the learner: ${s.narrative.summary}`,
    s.narrative.opening_line ? `Prospect's opening line: ${s.narrative.opening_line}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}
