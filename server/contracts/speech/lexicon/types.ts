import type { ObjectionMoment, ScenarioTopic } from '../../scenario/schema';

/** A noun of the prospect's organisation, and how "our …" is written before it. */
export interface OrgNoun {
  /** The noun as it follows the article ("company", "empresa", "team"). */
  noun: string;
  /** "our" agreeing with it ("our", "nuestra", "il nostro", "nossa"). */
  our: string;
  /** The definite article(s) that may precede it ("the"; "la"; "il"; "a"). */
  articles: string[];
}

/**
 * The words of one language that Spar's rule-based parts recognise: what a rep's line asks or
 * does (the offline prospect), what a trainer's note is about (topics and moments of old
 * scenarios), and what marks text written for the system rather than spoken by the prospect
 * (the speech guard). Every pattern is case-insensitive and matches whole words.
 */
export interface SpeechLexicon {
  /** Frequent function words; only those no other language lists count for detection. */
  functionWords: readonly string[];
  /** An open question: what, how, why, "tell me about", "walk me through"… */
  openQuestion: RegExp;
  /** The first words of a yes/no question ("do you…", "is it…"); tested at the start of a sentence. */
  closedStart: RegExp;
  topics: Record<ScenarioTopic, RegExp>;
  /** Rep moves and trainer notes of the moments an objection surfaces at. */
  moments: Record<ObjectionMoment, RegExp>;
  /** Field labels written in notes ("segment:", "pains:", "reveal when:"). */
  labels: RegExp;
  /** Third-person words about the call's roles: "the prospect", "el prospecto", "the rep". */
  aboutRoles: RegExp;
  /** A sentence that starts in the third person singular (He…, She…, His…). */
  thirdPersonStart: RegExp;
  /** Words that are the third person singular anywhere (himself, herself; su/sus; suo/sua…). */
  thirdPersonAnywhere: RegExp;
  orgNouns: readonly OrgNoun[];

  rude: RegExp;
  pressure: RegExp;
  empathy: RegExp;
  evidence: RegExp;
  greeting: RegExp;
  intro: RegExp;
  permission: RegExp;
  howAreYou: RegExp;
  goodbye: RegExp;
  thanks: RegExp;
  /** A whole line that carries nothing ("ok", "hmm", "yeah"). */
  filler: RegExp;
  /** What a next step is: a meeting, a demo, a pilot… */
  nextStepAction: RegExp;
  /** A day or a date ("Tuesday", "tomorrow", "12 March", "3/14"), global. */
  day: RegExp;
  /** A clock time ("10am", "at 3", "14:30"), global. */
  time: RegExp;
  /** A time that is not a day ("next week", "soon"). */
  vagueWhen: RegExp;
}
