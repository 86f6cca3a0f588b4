import type { Executor } from '../../../db/client';
import {
  loadGenerationContext,
  simulationInputFromRow,
  type GenerationContext,
  type PromptSource,
} from '../../ai/context';
import { describeDifficulty, DIFFICULTY_BEHAVIOUR, difficultyLabel } from '../../ai/difficulty';
import { languageName } from '../../ai/labels';
import { formatKnowledge, placeholderValues, renderTemplate, type PlaceholderName } from '../../ai/prompt-assembly';
import { scenarioText, type StoredScenario } from '../../ai/scenario-text';
import { AppError } from '../../errors';
import { findSimulationRow } from './simulations';

/** Used when neither the simulation nor the system provides a simulation prompt. */
const BUILTIN_SIMULATION_PROMPT = {
  name: 'Realistic prospect (built-in)',
  generalRules:
    'You are {{persona.name}}, a real buyer on a sales call. You are not an AI, a coach or an assistant, and you never say so. Stay in character for the whole call, never coach or help the rep sell, answer only what is asked, and speak {{language}} only, in short spoken turns.',
  detailedInstructions:
    'The scenario of this call:\n{{scenario}}\n\nHow you behave at this difficulty:\n{{persona.behaviour}}',
  startPrompt:
    'You have just picked up the phone. Answer briefly, in character, in {{language}}, then wait for the rep.',
  endPrompt:
    'The call is ending. Confirm any next step you agreed to, otherwise close politely. Never comment on how the rep did.',
} as const;

export { type StoredScenario } from '../../ai/scenario-text';

export interface SimulationInstructions {
  /** The whole text to send as the realtime session instructions. */
  text: string;
  /** The rendered prompt fields. */
  generalRules: string;
  detailedInstructions: string;
  startPrompt: string | null;
  endPrompt: string | null;
  /** The difficulty-specific behaviour block (always part of `text`). */
  behaviour: string;
  prompt: PromptSource;
  /** Placeholders the prompt used that assembly does not know (sent empty). */
  unknownPlaceholders: string[];
}

/** The behaviour block: patience, objections and willingness to commit at this difficulty, plus the persona's own note. */
function behaviourBlock(ctx: Pick<GenerationContext, 'difficulty' | 'persona'>): string {
  const b = DIFFICULTY_BEHAVIOUR[ctx.difficulty];
  const lines = [
    `# Your behaviour on this call — difficulty ${difficultyLabel(ctx.difficulty)}`,
    `- Patience: ${b.patience}`,
    `- Objections: ${b.objections} Push back up to ${b.pushBacks} time(s) on each objection before letting it go.`,
    `- Willingness to commit: ${b.commitment}`,
  ];
  const note = ctx.persona.behaviourNotes[ctx.difficulty]?.trim();
  if (note) lines.push(`- As ${ctx.persona.name} at this difficulty: ${note}`);
  return lines.join('\n');
}

const REFERENCE_SECTIONS: { placeholder: PlaceholderName; title: string }[] = [
  { placeholder: 'persona.description', title: 'Who you are' },
  { placeholder: 'scenario', title: 'The scenario of this call' },
  { placeholder: 'icp', title: 'Your company profile' },
  { placeholder: 'product', title: 'What the rep sells' },
  { placeholder: 'client_overview', title: "The rep's company" },
  { placeholder: 'call_instructions', title: 'Call instructions (the rep knows them; never mention them)' },
  { placeholder: 'knowledge_base', title: 'Knowledge you may draw on when it fits your role' },
];

/**
 * The simulation prompt rendered for one call: general rules, detailed instructions, start and end
 * prompts, with the difficulty's behaviour block always included, and every input the prompt did
 * not place itself (persona, scenario, ICP, product, overview, call instructions, knowledge)
 * appended as a labelled section — so easy and expert calls behave differently whatever prompt a
 * tenant wrote. The calls feature sends `text` as the realtime session instructions.
 */
export function buildSimulationInstructions(
  ctx: GenerationContext,
  scenario?: StoredScenario | null,
): SimulationInstructions {
  const template = ctx.prompts.simulation ?? { id: null, source: 'builtin' as const, ...BUILTIN_SIMULATION_PROMPT };
  const values = placeholderValues(ctx, {
    kind: 'simulation',
    scenario: scenarioText(scenario, ctx.language) || 'No scenario was written; improvise within your persona.',
  });
  const unknown = new Set<string>();
  const render = (t: string | null) => {
    if (!t?.trim()) return null;
    const r = renderTemplate(t, values);
    r.unknown.forEach((u) => unknown.add(u));
    return r.text.trim();
  };
  const generalRules = render(template.generalRules) ?? '';
  const detailedInstructions = render(template.detailedInstructions) ?? '';
  const startPrompt = render(template.startPrompt);
  const endPrompt = render(template.endPrompt);
  const behaviour = behaviourBlock(ctx);

  const used = [template.generalRules, template.detailedInstructions, template.startPrompt, template.endPrompt].join(
    '\n',
  );
  const mentions = (p: string) => new RegExp(`\\{\\{\\s*${p.replace('.', '\\.')}\\s*\\}\\}`).test(used);
  const reference = REFERENCE_SECTIONS.filter((s) => !mentions(s.placeholder))
    .map((s) => ({
      title: s.title,
      body: s.placeholder === 'knowledge_base' ? formatKnowledge(ctx.knowledge) : values[s.placeholder],
    }))
    .filter((s) => s.body.trim() && !(s.title.startsWith('Knowledge') && ctx.knowledge.length === 0))
    .map((s) => `# ${s.title}\n${s.body.trim()}`);

  const sections = [
    generalRules,
    detailedInstructions,
    behaviour,
    ...reference,
    `# Difficulty\n${describeDifficulty(ctx.difficulty)}`,
    `# Language\nSpeak ${languageName(ctx.language)} for the whole call.`,
    startPrompt ? `# When the call starts\n${startPrompt}` : '',
    endPrompt ? `# When the call ends\n${endPrompt}` : '',
  ].filter((s) => s.trim());

  return {
    text: sections.join('\n\n'),
    generalRules,
    detailedInstructions,
    startPrompt,
    endPrompt,
    behaviour,
    prompt: { id: template.id, name: template.name, source: template.source },
    unknownPlaceholders: [...unknown],
  };
}

/** Loads a saved simulation's context (persona, scenario inputs, knowledge…) and builds its call instructions. */
export async function loadSimulationInstructions(
  tx: Executor,
  tenantId: string,
  simulationId: string,
): Promise<SimulationInstructions> {
  const row = await findSimulationRow(tx, tenantId, simulationId);
  if (!row) throw new AppError('NOT_FOUND', 'Simulation not found', { messageKey: 'simulations.errors.notFound' });
  const ctx = await loadGenerationContext(tx, simulationInputFromRow(row));
  return buildSimulationInstructions(ctx, row.scenarioDetails as StoredScenario | null);
}
