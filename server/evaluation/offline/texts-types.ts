import type { Level } from '../types';

/**
 * The offline evaluator's texts, written in the call's language (rationales, summary, strengths,
 * suggestions are stored in the report as written). Every language must have every entry: the
 * types make a missing one a compile error.
 */
export type FactKey =
  | 'situationTargeted'
  | 'situationGeneric'
  | 'closedQuestions'
  | 'research'
  | 'problemOpen'
  | 'problemClosed'
  | 'probe'
  | 'implicationOpen'
  | 'impactQuantified'
  | 'consequenceStated'
  | 'payoffOpen'
  | 'payoffYesNo'
  | 'payoffTied'
  | 'paraphrases'
  | 'acknowledgements'
  | 'repShare'
  | 'bargeIns'
  | 'argued'
  | 'prospectTalksMost'
  | 'baseline'
  | 'target'
  | 'goalVague'
  | 'measured'
  | 'buyerAsked'
  | 'buyerNamed'
  | 'buyerPriorities'
  | 'buyerAccess'
  | 'assumesDecider'
  | 'criteriaAsked'
  | 'criteriaRanked'
  | 'alternativesAsked'
  | 'processAsked'
  | 'processMapped'
  | 'processConfirmed'
  | 'painAsked'
  | 'painCost'
  | 'painWho'
  | 'painUrgency'
  | 'personalGain'
  | 'influenceTested'
  | 'noObjection'
  | 'acknowledged'
  | 'restated'
  | 'clarifyingQuestions'
  | 'clarifyingOpen'
  | 'realConcernConfirmed'
  | 'evidenceSpecific'
  | 'evidenceApplied'
  | 'evidenceGeneric'
  | 'discountEarly'
  | 'openCheck'
  | 'closedCheck'
  | 'doubtHandled'
  | 'datedStepAgreed'
  | 'datedStep'
  | 'vagueStep'
  | 'introduced'
  | 'unexpectedAcknowledged'
  | 'timeAsked'
  | 'badTimeQuestion'
  | 'howAreYouOpener'
  | 'specificReason'
  | 'genericReason'
  | 'selfReason'
  | 'valueHypothesis'
  | 'vagueValue'
  | 'featuresOnly'
  | 'peersOutcome'
  | 'hypothesisFramed'
  | 'openQuestions'
  | 'genericQuestions'
  | 'followUps'
  | 'inviteConfirmed'
  | 'summaryNeeds'
  | 'summaryFeatures'
  | 'missingChecked'
  | 'readinessOpen'
  | 'readinessExplored'
  | 'interestYesNo'
  | 'commitmentSpecific'
  | 'commitmentHedged'
  | 'ownersConfirmed'
  | 'quantityConfirmed'
  | 'quantityAsked'
  | 'questionsAsked';

export type ExampleKey =
  | 'situation'
  | 'problem'
  | 'implication'
  | 'payoff'
  | 'listening'
  | 'metrics'
  | 'buyer'
  | 'criteria'
  | 'process'
  | 'pain'
  | 'champion'
  | 'acknowledge'
  | 'clarify'
  | 'evidence'
  | 'check'
  | 'nextStep'
  | 'opener'
  | 'reason'
  | 'value'
  | 'engaging'
  | 'summary'
  | 'trialClose'
  | 'commitment'
  | 'questions'
  | 'quantify'
  | 'talk';

export interface OfflineTexts {
  /** Opens every summary: says the scores are a heuristic. */
  heuristic: string;
  /** "Heuristic: level 1." */
  level: (level: Level) => string;
  found: string;
  /** Introduces what is missing for a higher level. */
  higher: string;
  /** "(at least 2)" after a fact that is missing in a number. */
  atLeast: (n: number) => string;
  noEvidence: string;
  notAssessable: string;
  /** The rep's talk share and questions (summary). */
  summary: (p: {
    repShare: number;
    byWords: boolean;
    questions: number;
    open: number;
    followUps: number;
    datedStep: boolean;
  }) => string;
  facts: Record<FactKey, string>;
  examples: Record<ExampleKey, string>;
}
