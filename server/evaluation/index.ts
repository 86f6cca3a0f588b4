export { ANALYTICS_VERSION, computeAnalytics, countFillers, FILLER_PATTERNS, isOpenQuestion, type CallAnalytics } from './analytics';
export {
  assembleEvaluationPrompt,
  criteriaFromSnapshot,
  enqueueEvaluation,
  EVALUATION_MAX_ATTEMPTS,
  evaluationDedupeKey,
  evaluationHandler,
  evaluationJobStatus,
  loadEvaluationInput,
  MODEL_EVALUATOR_VERSION,
  retryEvaluation,
  runEvaluation,
  type EvaluationInput,
  type EvaluationResult,
} from './evaluate';
export { checkQuote, checkQuotes, EvidenceLedger, MIN_QUOTE_WORDS } from './evidence';
export { evaluateWithModel, evaluationSchema, transcriptData } from './model';
export { evaluateOffline, OFFLINE_EVALUATOR_VERSION } from './offline/index';
export { computeScore } from './score';
export { normalise } from './text';
export type { Criterion, Level, Turn } from './types';
