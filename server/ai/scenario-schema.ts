import { z } from 'zod';

// Non-empty without a JSON-schema `minLength` (strict structured outputs do not accept it
// everywhere); arrays use minItems, which they do.
const text = (description: string) => z.string().refine((s) => s.trim().length > 0, { message: 'must not be empty' }).describe(description);

/** Step 1: the facts of the scenario. Field names are the model-facing JSON keys. */
export const scenarioVariablesSchema = z.object({
  prospect_name: text("The prospect's full name (the persona's name)."),
  prospect_role: text("The prospect's job title."),
  company_name: text("The prospect's company."),
  company_size: text('Company size, e.g. "about 250 employees, €40M revenue".'),
  industry: text('Industry or segment.'),
  current_situation: text('How the company works today in the area the product addresses.'),
  pain_points: z.array(text('A concrete problem the prospect has.')).min(1),
  goals: z.array(text('What the prospect wants to achieve.')).min(1),
  objections: z
    .array(
      z.object({
        objection: text('What the prospect says.'),
        surfaces_when: text('When in the call it comes up.'),
      }),
    )
    .min(1),
  budget: text('Budget situation.'),
  timeline: text('Timing and deadlines.'),
  decision_process: text('Who decides, how, and who else is involved.'),
  competitors: z.array(text('An alternative the prospect is considering or using.')),
  hidden_information: z
    .array(
      z.object({
        information: text('Something the prospect knows but does not volunteer.'),
        reveal_when: text('What the rep must do or ask for the prospect to share it.'),
      }),
    )
    .min(1),
  success_signals: z.array(text('What would make the prospect agree to a next step.')).min(1),
});
export type ScenarioVariables = z.infer<typeof scenarioVariablesSchema>;

/** Step 2: what the learner reads, and how the prospect opens the call. */
export const scenarioNarrativeSchema = z.object({
  summary: text('One or two short paragraphs for the learner, in the second person, without revealing hidden information.'),
  opening_line: text("The prospect's first sentence when the call starts."),
});
export type ScenarioNarrative = z.infer<typeof scenarioNarrativeSchema>;

const list = (items: string[]) => (items.length ? items.map((i) => `  - ${i}`).join('\n') : '  - (none)');

/** The scenario as labelled text, for `{{scenario}}` in the narrative, simulation and evaluation prompts. */
export function formatScenario(v: ScenarioVariables, narrative?: ScenarioNarrative | null): string {
  const lines = [
    `Prospect: ${v.prospect_name}, ${v.prospect_role}`,
    `Company: ${v.company_name} (${v.industry}; ${v.company_size})`,
    `Current situation: ${v.current_situation}`,
    `Pain points:\n${list(v.pain_points)}`,
    `Goals:\n${list(v.goals)}`,
    `Objections:\n${list(v.objections.map((o) => `${o.objection} (surfaces: ${o.surfaces_when})`))}`,
    `Budget: ${v.budget}`,
    `Timeline: ${v.timeline}`,
    `Decision process: ${v.decision_process}`,
    `Competitors:\n${list(v.competitors)}`,
    `Hidden information:\n${list(v.hidden_information.map((h) => `${h.information} (revealed when: ${h.reveal_when})`))}`,
    `Success signals:\n${list(v.success_signals)}`,
  ];
  if (narrative) lines.push(`Summary for the learner: ${narrative.summary}`, `Prospect's opening line: ${narrative.opening_line}`);
  return lines.join('\n');
}
