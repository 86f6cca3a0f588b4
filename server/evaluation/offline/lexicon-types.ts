/**
 * The words and phrases the offline detectors look for, one set per language. Entries are matched
 * as whole words on folded text (lower case, no accents: text.ts `fold`); a trailing `*` allows
 * inflections of a whole word. None is taken from a scorecard's own text: the detectors recognise
 * behaviour (asking, quantifying, proposing a dated step…), not the methodology's vocabulary.
 */
export interface LexiconSource {
  /** Words that open an open question ("what", "how", "tell me"), at the start of a question or of its last clause. */
  openStarters: string[];
  /** Requests that ask for an explanation without a question mark ("Tell me about…", "Walk me through…"). */
  openImperative: string[];
  /** Connectives that open a question building on what was just said ("And what happens…?"). */
  continuers: string[];
  /** Fillers and connectors skipped before an open starter ("and", "so", "okay"). */
  leadIns: string[];
  quantityAsk: string[];
  numberWords: string[];
  present: string[];
  genericAbout: string[];
  research: string[];
  problem: string[];
  consequence: string[];
  hypothetical: string[];
  wouldAsk: string[];
  valueYesNo: string[];
  probe: string[];
  reference: string[];
  paraphrase: string[];
  summary: string[];
  missingCheck: string[];
  confirmCheck: string[];
  ack: string[];
  validate: string[];
  pivot: string[];
  argue: string[];
  concern: string[];
  confirm: string[];
  decline: string[];
  secondPerson: string[];
  meeting: string[];
  weekdays: string[];
  /** Month names, the offline generator's own (server/ai/offline-phrases): entries are matched folded, so case does not matter. */
  months: string[];
  relativeDay: string[];
  vagueWhen: string[];
  invite: string[];
  noStep: string[];
  sendInfo: string[];
  duration: string[];
  intro: RegExp;
  unexpected: string[];
  timeAsk: string[];
  badTime: string[];
  howAreYou: string[];
  selfReason: string[];
  genericReason: string[];
  event: string[];
  peers: string[];
  hypothesisFrame: string[];
  vagueValue: string[];
  pitch: string[];
  customerExample: string[];
  praise: string[];
  discount: string[];
  openCheck: string[];
  closedCheck: string[];
  clarify: string[];
  readiness: string[];
  scale: string[];
  interestYesNo: string[];
  commitment: string[];
  proposal: string[];
  hedge: string[];
  whoDoesWhat: string[];
  goal: string[];
  measure: string[];
  budgetOwner: string[];
  vagueGroup: string[];
  roles: string[];
  careAbout: string[];
  assumesDecider: string[];
  criteriaAsk: string[];
  rank: string[];
  alternatives: string[];
  processAsk: string[];
  steps: string[];
  whoAffected: string[];
  urgency: string[];
  personal: string[];
  influence: string[];
  genericQuestion: string[];
  stopwords: string[];
}
