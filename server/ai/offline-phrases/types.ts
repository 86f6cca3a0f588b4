import type { Difficulty } from '../../contracts/enums';
import type { ObjectionMoment, ScenarioTopic } from '../../contracts/scenario/schema';

interface ObjectionPhrase {
  /** Mild wording (easy, medium), first person. `{product}` and `{competitor}` are filled in. */
  mild: string;
  /** Sharp wording (hard, expert). */
  sharp: string;
  /** A note for the trainer: when it comes up. */
  surfaces: string;
  moment: ObjectionMoment;
}

/**
 * A fact the prospect holds back: the trainer's note (`information`, may be in the third person)
 * and the prospect's own words (`said`, first person). Fill-ins: `{n}` a small number, `{k}`
 * thousands, `{month}`, `{role}` / `{ourRole}` the stakeholder as the trainer and as the
 * prospect name them.
 */
export interface HiddenPhrase {
  topic: ScenarioTopic;
  information: string;
  said: string;
}

/** Stakeholders other than the prospect, as a note names them and as the prospect says them. */
export type Stakeholder = 'it' | 'finance' | 'ceo' | 'board' | 'operations' | 'procurement';

/** The fixed text of the offline generator in one language. */
export interface OfflinePhrases {
  defaultRole: string;
  generalIndustry: string;
  companySize(employees: number): string;
  /** First person: how the work is done today, with the tools named in the inputs. */
  situation(p: { product: string; tools: string }): string;
  /** "Here at {company}," — how the situation opens, so it names the company (and follows a rename). */
  atCompany(company: string): string;
  toolsFallback: string;
  /** "A and B", "A, B and C" in this language. */
  and(items: string[]): string;
  genericPains: string[];
  genericGoals(product: string): string[];
  /** A "what good looks like" item of the ICP (its first word already lower-cased when common), said as a wish. */
  goalFromSource(item: string): string;
  objections: ObjectionPhrase[];
  /** Hard and expert: the seller's own claim, doubted. `claim` is in this language; null: no claim found. */
  proofObjection(claim: string | null): string;
  priceObjection(amount: string): string;
  /** Trainer notes for sourced objections. */
  sourcedSurfaces: Record<ObjectionMoment, string>;
  /** Repeated-objection note for difficulties that push back. */
  pushBack(times: number): string;
  hidden: HiddenPhrase[];
  months: string[];
  stakeholders: Record<Stakeholder, { note: string; said: string; team: string }>;
  revealForCriterion(criterion: string, levelHigh: string): string;
  /** Note for a hidden fact the prospect knows from the knowledge base or its own description. */
  sourcedInformation(fact: string): string;
  revealSourced: string;
  successForCriterion(criterion: string, levelHigh: string): string;
  successByDifficulty: Record<Difficulty, string>;
  /** First person; `approver` as the prospect says it ("our CFO"). */
  budget: Record<Difficulty, (approver: string) => string>;
  timeline: Record<Difficulty, string>;
  /** First person; `others` the other teams involved ("Finance and IT"). */
  decision: Record<Difficulty, (p: { approver: string; others: string }) => string>;
  competitorsFallback: string[];
  thisProduct: string;
  learnerRoles: Record<string, string>;
  summary(p: {
    learnerRole: string;
    name: string;
    role: string;
    company: string;
    industry: string;
    size: string;
    product: string;
  }): string;
  /** Learner background quoted from the seller's own material. */
  knowledgeBackground(facts: string[]): string;
  callGoal(useCase: string | null, product: string): string;
  /** A drill's summary: the moment of the learner's own call it replays, and the criterion it trains. */
  drillMoment(quote: string, criterion: string): string;
  difficultyNote: Record<Difficulty, string>;
  opening: Record<Difficulty, (name: string, company: string) => string>;
  /** Sentences about how a person behaves (tone, likes), not facts the prospect would say. */
  traits: RegExp;
}

/** A language's phrases as written for it (its month names come from Intl). */
export type PhraseBank = Omit<OfflinePhrases, 'months'>;
