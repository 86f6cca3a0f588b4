import { z } from 'zod';
import { SCENARIO_TOPICS } from '../contracts/scenario/schema';

/** What the scorecard of a seeded simulation asks for (seed/scorecards.ts). */
export const CALL_KINDS = ['discovery', 'meddic', 'objections', 'cold', 'closing'] as const;
export type CallKind = (typeof CALL_KINDS)[number];

const lines = z.array(z.string().min(1)).min(1);

/**
 * What the demo tenant's scripted reps say in one language (./rep-lines/<language>.json). Lines
 * are general enough for any of the seeded scenarios (forecasting, security, logistics,
 * manufacturing): a manager opening a demo report reads a plausible call.
 */
export const repLanguageSchema = z.strictObject({
  opener: lines,
  /** Open questions by topic: a first question and a follow-up that digs deeper. */
  open: z.partialRecord(z.enum(SCENARIO_TOPICS), z.tuple([z.string().min(1), z.string().min(1)])),
  /** Yes/no questions a weaker rep asks instead. */
  closed: lines,
  /** Checking a number the prospect gave (quantification). */
  quantify: lines,
  /** Summing up what was heard, asking to confirm. */
  summary: lines,
  /** Answers to an objection: acknowledge, then evidence and specifics (strong). */
  handle: lines,
  /** A thin answer to an objection (weak). */
  thin: lines,
  pitch: lines,
  vagueNextStep: lines,
  concreteNextStep: lines,
  goodbye: lines,
  /**
   * The moves a strong rep makes for each kind of call, in order: the scorecard's behaviours said
   * in plain words. `{company}` is the prospect's company.
   */
  kindMoves: z.record(z.enum(CALL_KINDS), lines),
  /** After the next step is agreed, who does what. */
  owner: z.string().min(1),
  /** Said for `{company}` when the prospect's company is not known. */
  yourCompany: z.string().min(1),
  /** Checking a number the prospect just gave; `{amount}` is the number with its unit. */
  checkNumber: z.string().includes('{amount}'),
  /** Units (regular-expression alternatives) after a number that a rep would check. */
  units: lines,
});
export type RepLanguage = z.infer<typeof repLanguageSchema>;
