export { computeAnalytics } from './analytics';
export { evaluationDedupeKey, evaluationJobStatus, retryEvaluation } from './evaluate';
export { computeScore } from './score';
