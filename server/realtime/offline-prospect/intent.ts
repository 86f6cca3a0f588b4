import type { Language } from '../../contracts/languages';
import type { ObjectionMoment, ScenarioTopic } from '../../contracts/scenario/schema';
import { LEXICONS } from '../../contracts/speech/lexicon';
import { sentences, wordsOf } from '../../contracts/speech/words';

/** Most specific first: when a question touches several topics, the first one listed is the one answered. */
const TOPIC_PRIORITY: readonly ScenarioTopic[] = [
  'motivation',
  'impact',
  'timing',
  'budget',
  'decision',
  'history',
  'current_solution',
  'competition',
  'technical',
  'goal',
  'pain',
  'situation',
  'company',
];

interface NextStepIntent {
  /** A meeting, demo, pilot… is proposed. */
  action: boolean;
  /** The day or date (and time) as the rep said it, or null. */
  when: string | null;
  /** "next week", "soon": a time that is not a day. */
  vague: boolean;
}

/** What one rep line asks and does, as the offline prospect hears it. */
export interface RepIntent {
  words: number;
  question: boolean;
  /** An open question (what, how, why, tell me…). */
  open: boolean;
  /** A question, but a yes/no one. */
  closed: boolean;
  /** Topics the question (or the line) is about, most specific first. */
  topics: ScenarioTopic[];
  /** Moves that may trigger an objection: a pitch, a price, a claim, a comparison, the rollout, a next step. */
  moves: ObjectionMoment[];
  nextStep: NextStepIntent;
  rude: boolean;
  pressure: boolean;
  empathy: boolean;
  evidence: boolean;
  numbers: boolean;
  greeting: boolean;
  intro: boolean;
  permission: boolean;
  howAreYou: boolean;
  goodbye: boolean;
  thanks: boolean;
  /** Carries nothing ("ok", "hmm"). */
  filler: boolean;
}

const MOVES: readonly ObjectionMoment[] = ['pitch', 'price', 'proof', 'competition', 'implementation'];

function whenOf(line: string, lang: Language): { when: string | null; timeOnly: boolean } {
  const lex = LEXICONS[lang];
  const day = [...line.matchAll(lex.day)][0];
  const time = [...line.matchAll(lex.time)][0];
  if (!day) return { when: null, timeOnly: !!time };
  const start = Math.min(day.index!, time?.index ?? Infinity);
  const end = Math.max(day.index! + day[0].length, time ? time.index! + time[0].length : 0);
  // the day and the time belong together only when they are close ("Tuesday at 10")
  const span = time && end - start <= day[0].length + time[0].length + 12 ? line.slice(start, end) : day[0];
  return { when: span.replace(/\s+/g, ' ').trim(), timeOnly: false };
}

/**
 * Reads one normalised rep line (normaliseLine in server/contracts/text.ts) in the call language.
 * The question is judged on its last question sentence: "I see. What does that cost you?" is an
 * open question on impact.
 */
export function readTurn(line: string, lang: Language): RepIntent {
  const lex = LEXICONS[lang];
  const text = line.trim();
  const parts = sentences(text);
  const bare = (s: string) => s.replace(/^[¿¡\s]+/, '');
  const startsWith = (re: RegExp, s: string) => re.exec(bare(s))?.index === 0;
  // recognised speech often has no question mark: a sentence that starts like a question is one
  const asked =
    [...parts].reverse().find((s) => /[?]$/.test(s)) ??
    [...parts].reverse().find((s) => startsWith(lex.openQuestion, s) || lex.closedStart.test(bare(s))) ??
    null;
  // "tell me…", and the polite "could you walk me through…" that starts like a yes/no question
  const invitation =
    /(?<![\p{L}])(?:tell me|walk me through|talk me through|take me through|describe|explain|help me understand|share with me|cuénteme|cuéntame|me cuenta|me puede contar|me podría contar|explíqueme|explícame|descríbame|hábleme|háblame|mi racconti|mi racconta|mi spieghi|mi spiega|mi descriva|mi parli|può raccontarmi|potrebbe raccontarmi|potrebbe spiegarmi|me conte|me conta|me fale|me fala|me explique|me explica|descreva|pode me contar|poderia me contar|pode me explicar)(?![\p{L}])/iu;
  const imperative = parts.find((s) => invitation.test(s)) ?? null;
  const questionText = asked ?? imperative ?? '';
  const question = !!questionText;
  // "Que prazo…?", "Che tipo…?": a question that starts with "which/what" is open
  const open =
    !!imperative ||
    (!!questionText &&
      (lex.openQuestion.test(questionText) || /^(?:que|qué|che)\s/iu.test(bare(questionText))) &&
      !lex.closedStart.test(bare(questionText)));
  const focus = questionText || text;
  const topics = TOPIC_PRIORITY.filter((t) => lex.topics[t].test(focus));
  const { when, timeOnly } = whenOf(text, lang);
  const action = lex.nextStepAction.test(text);
  return {
    words: wordsOf(text).length,
    question,
    open,
    closed: question && !open,
    topics,
    moves: MOVES.filter((m) => lex.moments[m].test(text)),
    nextStep: { action, when, vague: !when && (lex.vagueWhen.test(text) || timeOnly) },
    rude: lex.rude.test(text),
    pressure: lex.pressure.test(text),
    empathy: lex.empathy.test(text),
    evidence: lex.evidence.test(text),
    numbers: /\d/.test(text),
    greeting: lex.greeting.test(text),
    intro: lex.intro.test(text),
    permission: lex.permission.test(text),
    howAreYou: lex.howAreYou.test(text),
    goodbye: lex.goodbye.test(text),
    thanks: lex.thanks.test(text),
    filler: lex.filler.test(text) || wordsOf(text).length === 0,
  };
}
