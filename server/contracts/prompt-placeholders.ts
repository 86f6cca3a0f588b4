import { PROMPT_KINDS, type PromptKind } from './enums';

export interface PromptPlaceholder {
  /** What a prompt writes, e.g. `{{persona.name}}`. */
  token: string;
  /** Stable key for the translated description (`prompts:placeholders.<key>`). */
  key: string;
  /** English description (the source language; the editor shows the translation). */
  description: string;
  /** The prompt kinds that may use it: prompt assembly fills it only for these. */
  kinds: readonly PromptKind[];
}

const ALL = PROMPT_KINDS;
const SCENARIO: readonly PromptKind[] = ['scenario_variables', 'scenario_narrative'];

/**
 * The placeholders prompts may use. Prompt assembly (scenario generation, the call, scoring)
 * replaces each with the simulation's data; anything else between double braces is refused on
 * save, so a typo never reaches the model verbatim.
 */
export const PROMPT_PLACEHOLDERS: readonly PromptPlaceholder[] = [
  { token: '{{persona.name}}', key: 'persona_name', description: "The persona's name.", kinds: ALL },
  {
    token: '{{persona.description}}',
    key: 'persona_description',
    description: "The persona's short and long description: who they are, their role and situation.",
    kinds: ALL,
  },
  {
    token: '{{persona.behaviour}}',
    key: 'persona_behaviour',
    description:
      "How the persona behaves at the simulation's difficulty (patience, objections, willingness to commit).",
    kinds: ['simulation', ...SCENARIO],
  },
  {
    token: '{{difficulty}}',
    key: 'difficulty',
    description: 'The difficulty level: Easy, Medium, Hard or Very Hard.',
    kinds: ALL,
  },
  {
    token: '{{learner_role}}',
    key: 'learner_role',
    description: 'The role the learner plays, e.g. Account Executive.',
    kinds: ALL,
  },
  {
    token: '{{use_case}}',
    key: 'use_case',
    description: 'The selling situation of the simulation, e.g. Discovery call or Renewal.',
    kinds: ALL,
  },
  {
    token: '{{icp}}',
    key: 'icp',
    description: 'The ideal customer profile the prospect belongs to (name and details).',
    kinds: ['simulation', ...SCENARIO, 'evaluation'],
  },
  {
    token: '{{product}}',
    key: 'product',
    description: 'The product grouping being sold (name and details).',
    kinds: ['simulation', ...SCENARIO, 'evaluation'],
  },
  {
    token: '{{client_overview}}',
    key: 'client_overview',
    description: "The selling company's overview text.",
    kinds: ALL,
  },
  {
    token: '{{call_instructions}}',
    key: 'call_instructions',
    description: "The client's call instructions (how calls are run, what the prospect may know).",
    kinds: ['simulation', 'scenario_narrative', 'evaluation'],
  },
  {
    token: '{{scenario}}',
    key: 'scenario',
    description: 'The generated scenario: its variables and narrative.',
    kinds: ['simulation', 'scenario_narrative', 'evaluation'],
  },
  {
    token: '{{criteria}}',
    key: 'criteria',
    description:
      'The scorecard criteria with their level descriptions (for scenarios: only those marked for scenario generation).',
    kinds: [...SCENARIO, 'evaluation'],
  },
  {
    token: '{{knowledge_base}}',
    key: 'knowledge_base',
    description: "Excerpts of the simulation's enabled knowledge-base files.",
    kinds: ['simulation', ...SCENARIO],
  },
  {
    token: '{{language}}',
    key: 'language',
    description: 'The language the call is held in, e.g. Spanish.',
    kinds: ALL,
  },
  {
    token: '{{transcript}}',
    key: 'transcript',
    description:
      'Where the call transcript is: it is always sent in the user message as delimited JSON data (turn number, speaker, text), never inside these instructions.',
    kinds: ['evaluation'],
  },
];

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Every `{{…}}` in the text, normalised to `{{name}}`. */
function placeholdersIn(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => `{{${m[1]}}}`);
}

/** The placeholders in `text` that `kind` may not use (unknown, or known but not for this kind), without repeats. */
export function unknownPlaceholders(text: string | null | undefined, kind: PromptKind): string[] {
  if (!text) return [];
  const allowed = new Set(PROMPT_PLACEHOLDERS.filter((p) => p.kinds.includes(kind)).map((p) => p.token));
  return [...new Set(placeholdersIn(text).filter((t) => !allowed.has(t)))];
}
