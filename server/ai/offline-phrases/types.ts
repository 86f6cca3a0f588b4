import type { Difficulty } from '../../../db/schema';

export interface ObjectionPhrase {
  /** Mild wording (easy, medium). `{product}` and `{competitor}` are filled in. */
  mild: string;
  /** Sharp wording (hard, expert). */
  sharp: string;
  surfaces: string;
}

/** The fixed connective text of the offline generator in one language. */
export interface OfflinePhrases {
  defaultRole: string;
  generalIndustry: string;
  companySize(employees: number): string;
  situation(p: { company: string; industry: string; size: string; product: string }): string;
  icpContext(sentence: string): string;
  knowledgeBackground(fact: string): string;
  genericPains: string[];
  genericGoals(product: string): string[];
  productGoal(sentence: string): string;
  objections: ObjectionPhrase[];
  /** Repeated-objection note for difficulties that push back. */
  pushBack(times: number): string;
  /** Hidden facts; `{n}` (a small number), `{k}` (thousands) and `{month}` are filled in. */
  hiddenFacts: string[];
  months: string[];
  revealForCriterion(criterion: string, levelHigh: string): string;
  knowledgeHidden(fact: string): string;
  revealKnowledge: string;
  successForCriterion(criterion: string, levelHigh: string): string;
  successByDifficulty: Record<Difficulty, string>;
  budget: Record<Difficulty, string>;
  timeline: Record<Difficulty, string>;
  decision: Record<Difficulty, (name: string) => string>;
  competitorsFallback: string[];
  thisProduct: string;
  learnerRoles: Record<string, string>;
  summary(p: { learnerRole: string; name: string; role: string; company: string; industry: string; size: string; product: string; pain: string }): string;
  callGoal(useCase: string | null, product: string): string;
  difficultyNote: Record<Difficulty, string>;
  opening: Record<Difficulty, (name: string, company: string) => string>;
}
