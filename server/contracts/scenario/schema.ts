import { z } from 'zod';

// Non-empty without a JSON-schema `minLength` (strict structured outputs do not accept it
// everywhere); arrays use minItems, which they do.
const text = (description: string) =>
  z
    .string()
    .refine((s) => s.trim().length > 0, { message: 'must not be empty' })
    .describe(description);

/**
 * What a rep's question can be about. A hidden fact names the topic an open question must be on
 * for the prospect to share it; the offline prospect answers each topic from the scenario.
 */
export const SCENARIO_TOPICS = [
  'situation',
  'pain',
  'impact',
  'goal',
  'timing',
  'budget',
  'decision',
  'history',
  'motivation',
  'current_solution',
  'competition',
  'technical',
  'company',
] as const;
export type ScenarioTopic = (typeof SCENARIO_TOPICS)[number];

/** When in the call an objection comes up. */
export const OBJECTION_MOMENTS = [
  'opening',
  'discovery',
  'pitch',
  'price',
  'proof',
  'competition',
  'implementation',
  'next_step',
] as const;
export type ObjectionMoment = (typeof OBJECTION_MOMENTS)[number];

const FIRST_PERSON =
  'Written in the first person, in the call language, as the prospect would say it aloud on the call (never "the prospect…").';

/**
 * Step 1: the facts of the scenario. Field names are the model-facing JSON keys. Fields the
 * prospect may say aloud are written in the first person; notes for the trainer (information,
 * reveal_when, surfaces_when, success_signals) are never spoken.
 */
export const scenarioVariablesSchema = z.object({
  prospect_name: text("The prospect's full name (the persona's name)."),
  prospect_role: text("The prospect's job title."),
  company_name: text("The prospect's company."),
  company_size: text('Company size, e.g. "about 250 employees, €40M revenue".'),
  industry: text('Industry or segment.'),
  current_situation: text(`How the company works today in the area the product addresses. ${FIRST_PERSON}`),
  pain_points: z.array(text(`A concrete problem the prospect has. ${FIRST_PERSON}`)).min(1),
  goals: z.array(text(`What the prospect wants to achieve. ${FIRST_PERSON}`)).min(1),
  objections: z
    .array(
      z.object({
        objection: text(`What the prospect says. ${FIRST_PERSON}`),
        surfaces_when: text('When in the call it comes up (a note for the trainer).'),
        moment: z
          .enum(OBJECTION_MOMENTS)
          .describe(
            'The moment it comes up: the opening, during discovery, when the rep pitches, mentions price, claims results (proof), compares with a competitor, talks about implementation, or proposes a next step.',
          ),
      }),
    )
    .min(1),
  budget: text(`Budget situation. ${FIRST_PERSON}`),
  timeline: text(`Timing and deadlines. ${FIRST_PERSON}`),
  decision_process: text(`Who decides, how, and who else is involved. ${FIRST_PERSON}`),
  competitors: z.array(text('An alternative the prospect is considering or using (a name).')),
  hidden_information: z
    .array(
      z.object({
        information: text('Something the prospect knows but does not volunteer (a note for the trainer).'),
        reveal_when: text('What the rep must do or ask for the prospect to share it (a note for the trainer).'),
        topic: z.enum(SCENARIO_TOPICS).describe('What an open question must be about for the prospect to share it.'),
        said: text(`How the prospect shares it once asked well, in their own words. ${FIRST_PERSON}`),
      }),
    )
    .min(1),
  success_signals: z.array(text('What would make the prospect agree to a next step (a note for the trainer).')).min(1),
});
export type ScenarioVariables = z.infer<typeof scenarioVariablesSchema>;

/** Step 2: what the learner reads, and how the prospect opens the call. */
export const scenarioNarrativeSchema = z.object({
  summary: text(
    'One or two short paragraphs for the learner, in the second person, without revealing hidden information.',
  ),
  opening_line: text("The prospect's first sentence when the call starts."),
});
export type ScenarioNarrative = z.infer<typeof scenarioNarrativeSchema>;

const list = (items: string[]) => (items.length ? items.map((i) => `  - ${i}`).join('\n') : '  - (none)');

/**
 * The scenario as labelled text, for `{{scenario}}` in the narrative, simulation and evaluation
 * prompts. Takes rendered values (server/contracts/scenario/render.ts), not the stored ones with placeholders.
 */
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
    `Hidden information:\n${list(v.hidden_information.map((h) => `${h.information} (revealed when: ${h.reveal_when}; in the prospect's words: ${h.said})`))}`,
    `Success signals:\n${list(v.success_signals)}`,
  ];
  if (narrative)
    lines.push(`Summary for the learner: ${narrative.summary}`, `Prospect's opening line: ${narrative.opening_line}`);
  return lines.join('\n');
}
