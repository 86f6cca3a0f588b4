import type { Difficulty } from '../../../contracts/enums';
import type { ObjectionMoment, ScenarioTopic } from '../../../contracts/scenario/schema';

type ByDifficulty = Record<Difficulty, string[]>;

/**
 * What the offline prospect says in one language, apart from the scenario's own facts. Each entry
 * is a list of variants; the engine picks one with the call's seeded randomness. Written for each
 * language, in the first person, as a busy buyer on the phone would say it.
 */
export interface ProspectLines {
  /** When the scenario has no opening line (or it cannot be said). */
  greeting: Record<Difficulty, (name: string, company: string | null) => string[]>;
  /** "Is now a good time?" */
  timeCheck: ByDifficulty;
  howAreYou: ByDifficulty;
  /** The rep introduced themselves without asking anything. */
  afterIntro: ByDifficulty;
  /** A neutral reaction to a statement. */
  ack: ByDifficulty;
  /** The rep showed understanding ("that sounds frustrating"). */
  acknowledged: ByDifficulty;
  /** Before a fact, in an answer. Empty strings allowed (no lead-in). */
  leadIn: ByDifficulty;
  /** Before a fact the prospect had held back. */
  revealLeadIn: string[];
  /** Before a fact nobody asked for (the prospect volunteers it). */
  alsoLeadIn: string[];
  /** That there is more on a topic, without saying it (easy prospects volunteer this). */
  hint: Record<ScenarioTopic, string>;
  /** An in-character answer when the scenario holds nothing on the topic. */
  topicFallback: Record<ScenarioTopic, string[]>;
  /** Hard and expert, to a first question on something they keep back. */
  guarded: string[];
  /** A yes/no question gets a yes/no answer. */
  closedShort: ByDifficulty;
  broad: string[];
  unclear: string[];
  repeatLine: string[];
  alreadyTold: string[];
  /** Before repeating something already said. */
  asISaid: string[];
  company(company: string | null, employees: number | null): string[];
  competition(names: string[]): string[];
  pitchTooEarly: ByDifficulty;
  /** A pitch with no objection left to raise. */
  pitchReaction: ByDifficulty;
  /** A monologue (hard, expert). */
  getToThePoint: string[];
  objectionLead: string[];
  /** What lies behind an objection, when the rep asks. */
  objectionDetail: Record<ObjectionMoment, string[]>;
  /** Escalating: the first push-back, the second, the third. */
  pushBack: string[][];
  accept: ByDifficulty;
  acceptGrudging: string[];
  unresolved: string[];
  ignoredObjection: string[];
  nextStep: {
    /** A next step with no day or date. */
    vague: string[];
    /** A day with nothing to do on it. */
    noAction: string[];
    agree(when: string): string[];
    afterAgreement(when: string): string[];
    notReady: Record<'rude' | 'discovery' | 'pain' | 'impact' | 'decision' | 'objections' | 'hidden', string[]>;
  };
  tone: {
    rude: string[];
    rudeHangup: string[];
    pressure: string[];
    pressureHangup: string[];
    interrupted: ByDifficulty;
  };
  impatient: string[];
  patienceHangup: string[];
  timeWarning: string[];
  timeHangup: string[];
  goodbye: string[];
  goodbyeAgreed(when: string): string[];
  afterGoodbye: string[];
  thanks: string[];
}

/**
 * One variant of a line with the call's facts in it: `{name}`, `{company}`, `{employees}`,
 * `{names}` (competitors), `{when}` (`{When}` capitalised). A list holds alternative wordings: the
 * first whose facts are all known is said.
 */
type Variant = string | string[];

/** A language's lines as its JSON file holds them (the lines with the call's facts are templates). */
export type LinesData = Omit<ProspectLines, 'greeting' | 'company' | 'competition' | 'nextStep' | 'goodbyeAgreed'> & {
  /** How the language writes numbers (Intl), and joins two competitors' names. */
  locale: string;
  namesJoiner: string;
  greeting: Record<Difficulty, Variant[]>;
  company: Variant[];
  competition: Variant[];
  nextStep: Omit<ProspectLines['nextStep'], 'agree' | 'afterAgreement'> & {
    agree: Variant[];
    afterAgreement: Variant[];
  };
  goodbyeAgreed: Variant[];
};

/** The variants with the facts filled in; a placeholder without a value rules its wording out. */
function fill(variants: Variant[], facts: Record<string, string | null>): string[] {
  const known = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].every(([, k]) => facts[k]);
  return variants.map((v) => {
    const wording = (typeof v === 'string' ? [v] : v).find(known) ?? '';
    return wording.replace(/\{(\w+)\}/g, (_, k: string) => facts[k] ?? '');
  });
}

const whenFacts = (when: string) => ({ when, When: `${when.charAt(0).toUpperCase()}${when.slice(1)}` });

/** The lines of one language from its data. */
export function linesOf(data: LinesData): ProspectLines {
  const { locale, namesJoiner, greeting, company, competition, nextStep, goodbyeAgreed, ...plain } = data;
  return {
    ...plain,
    greeting: Object.fromEntries(
      Object.entries(greeting).map(([d, v]) => [
        d,
        (name: string, co: string | null) => fill(v, { name, company: co }),
      ]),
    ) as ProspectLines['greeting'],
    company: (co, employees) =>
      fill(company, { company: co, employees: employees ? employees.toLocaleString(locale) : null }),
    competition: (names) => fill(competition, { names: names.length ? names.slice(0, 2).join(namesJoiner) : null }),
    nextStep: {
      ...nextStep,
      agree: (when) => fill(nextStep.agree, whenFacts(when)),
      afterAgreement: (when) => fill(nextStep.afterAgreement, whenFacts(when)),
    },
    goodbyeAgreed: (when) => fill(goodbyeAgreed, whenFacts(when)),
  };
}
