import type {
  CriterionResult,
  EvidenceQuote,
  Improvement,
  Level,
  QuoteRejection,
  RejectedQuote,
} from '../../db/schema';

export type { CriterionResult, EvidenceQuote, Improvement, Level, QuoteRejection, RejectedQuote };

/** One transcript turn as the evaluator sees it (call_turns or a fixture). */
export interface Turn {
  seq: number;
  speaker: 'rep' | 'prospect';
  text: string;
  startMs: number;
  endMs?: number | null;
  interrupted?: boolean;
  playedMs?: number | null;
  responseLatencyMs?: number | null;
}

/** A scorecard criterion as frozen in calls.scorecardSnapshot. */
export interface Criterion {
  id: string;
  name: string;
  description: string;
  levelZero: string;
  levelLow: string;
  levelHigh: string;
}

/** What an evaluator produces before the score is computed. */
export interface EvaluationOutput {
  criteria: CriterionResult[];
  summary: string;
  strengths: string[];
  improvements: Improvement[];
}
