import type { Difficulty } from '../../contracts/enums';
import type { Language } from '../../contracts/languages';
import { readScenario, renderScenario } from '../../contracts/scenario/render';
import type { ObjectionMoment, ScenarioTopic } from '../../contracts/scenario/schema';
import { cleanForSpeech, namesIn, personaNames, speakable } from '../../contracts/speech/first-person';
import { canSay, type SpeechContext } from '../../contracts/speech/guard';
import { LEXICONS, languageOf } from '../../contracts/speech/lexicon';
import { pick } from '../../contracts/speech/words';
import { linesFor } from './lines';
import { rephrase, writtenTexts } from './rephrase';
import type { Register } from './spoken-rules';

/** A fact the prospect can say, and what a question must be about to hear it. */
export interface ProspectFact {
  id: string;
  topics: ScenarioTopic[];
  line: string;
}

export interface ProspectObjection {
  id: string;
  line: string;
  moment: ObjectionMoment;
}

/**
 * What the offline prospect knows, frozen at call start, every line already in the first person
 * and checked by the speech guard: the greeting, the facts it answers with, the hidden facts it
 * shares only when asked well, the objections and when they come up.
 */
export interface ProspectProfile {
  seed: string;
  language: Language;
  difficulty: Difficulty;
  names: string[];
  company: string | null;
  employees: number | null;
  greeting: string;
  /** Capitalised words that are names (written capitalised mid-sentence somewhere): never lower-cased. */
  properNouns: string[];
  facts: ProspectFact[];
  hidden: (ProspectFact & { topic: ScenarioTopic })[];
  objections: ProspectObjection[];
  /** The guard's context for every line the prospect says. */
  speech: SpeechContext;
  /** Delay before the prospect answers (ms): part of when it is still speaking. */
  thinkMs: number;
}

export interface ProfileInput {
  /** The stored scenario (any shape Spar has stored), or null. */
  scenario: unknown;
  personaName: string;
  difficulty: Difficulty;
  language: string;
  /** Seeds the prospect's choices of words (the call id): the same call always goes the same way. */
  seed: string;
  /** Texts written for the system that must never be voiced (the scorecard's criteria and levels). */
  systemTexts?: string[];
  thinkMs?: number;
}

/** The easy prospect is chatty, the medium one plain, the hard and expert ones short. */
const REGISTER: Record<Difficulty, Register> = { easy: 'warm', medium: 'plain', hard: 'terse', expert: 'terse' };

const EMPLOYEES = /(\d{1,3}(?:[.,\s]\d{3})+|\d+)/;

/** Builds the prospect of one call from its frozen scenario and persona. */
export function buildProspectProfile(input: ProfileInput): ProspectProfile {
  const language = languageOf(input.language);
  const lex = LEXICONS[language];
  const lines = linesFor(language);
  const stored = readScenario(input.scenario, language);
  const s = stored ? renderScenario(stored) : null;
  const v = s?.variables ?? null;
  const names = [
    ...new Set([...personaNames(v?.prospect_name || input.personaName), ...personaNames(input.personaName)]),
  ];
  const company = v?.company_name.trim() || null;
  const sizeNumber = v ? EMPLOYEES.exec(v.company_size)?.[1] : undefined;
  const employees = sizeNumber ? Number(sizeNumber.replace(/[.,\s](?=\d{3}(?!\d))/g, '')) : null;

  const systemTexts = [
    ...(input.systemTexts ?? []),
    ...(v
      ? [
          ...v.hidden_information.flatMap((h) => [h.information, h.reveal_when]),
          ...v.objections.map((o) => o.surfaces_when),
          ...v.success_signals,
        ]
      : []),
  ].filter((t) => t.trim());
  const speech: SpeechContext = { language, ownNames: names, systemTexts };
  const sources = s ? writtenTexts(s) : [];
  const register = REGISTER[input.difficulty];
  const spokenNames = new Set([
    ...namesIn(sources),
    ...names.flatMap((n) => n.toLowerCase().split(/\s+/)),
    ...(company ?? '').toLowerCase().split(/\s+/),
  ]);
  // in the first person, then as the persona says it; a line the guard would refuse once rephrased keeps its written form
  const say = (text: string, key: string) => {
    const line = speakable(text, { language, names, systemTexts });
    if (!line) return null;
    const spoken = rephrase(line, { language, register, seed: `${input.seed}:${key}`, sources, names: spokenNames });
    return canSay(spoken, speech) ? spoken : line;
  };
  // a pain with a number or a cost in it also answers "what does it cost you?"
  const topicsOf = (line: string, base: ScenarioTopic): ScenarioTopic[] =>
    base === 'pain' && (/\d/.test(line) || lex.topics.impact.test(line)) ? ['pain', 'impact'] : [base];

  const facts: ProspectFact[] = [];
  const add = (id: string, base: ScenarioTopic, text: string | null | undefined) => {
    const line = text ? say(text, id) : null;
    if (line) facts.push({ id, topics: topicsOf(line, base), line });
  };
  if (v) {
    v.current_situation.split(/(?<=[.!?])\s+/).forEach((t, i) => add(`situation.${i}`, 'situation', t));
    v.pain_points.forEach((t, i) => add(`pain.${i}`, 'pain', t));
    v.goals.forEach((t, i) => add(`goal.${i}`, 'goal', t));
    add('budget', 'budget', v.budget);
    add('timing', 'timing', v.timeline);
    add('decision', 'decision', v.decision_process);
  }
  const competitorNames = (v?.competitors ?? []).filter((c) => c.split(/\s+/).length <= 3 && /^\p{Lu}/u.test(c));
  for (const line of lines.competition(competitorNames).slice(0, 1))
    if (canSay(line, speech)) facts.push({ id: 'competition', topics: ['competition'], line });
  for (const line of lines.company(company, employees).slice(0, 1))
    if (canSay(line, speech)) facts.push({ id: 'company', topics: ['company'], line });

  const hidden = (v?.hidden_information ?? []).map((h, i) => {
    const line = say(h.said, `hidden.${i}`) ?? lines.hint[h.topic];
    return { id: `hidden.${i}`, topic: h.topic, topics: [h.topic], line };
  });
  const objections = (v?.objections ?? []).map((o, i) => ({
    id: `objection.${i}`,
    moment: o.moment,
    line: say(o.objection, `objection.${i}`) ?? pick(lines.objectionDetail[o.moment], `${input.seed}:objection:${i}`),
  }));

  const opening = s?.narrative.opening_line ? cleanForSpeech(s.narrative.opening_line) : '';
  const firstName = personaNames(v?.prospect_name || input.personaName).at(-1) ?? input.personaName;
  const greeting =
    opening && canSay(opening, { ...speech, allowOwnName: true })
      ? opening
      : pick(lines.greeting[input.difficulty](firstName, company), `${input.seed}:greeting`);

  const texts = [...facts, ...hidden, ...objections]
    .map((f) => f.line)
    .concat(names, company ?? '', v?.competitors ?? []);
  const properNouns = [
    ...new Set([
      ...namesIn(texts),
      ...names.flatMap((n) => n.toLowerCase().split(/\s+/)),
      ...(company ?? '').toLowerCase().split(/\s+/),
    ]),
  ];
  return {
    seed: input.seed,
    language,
    difficulty: input.difficulty,
    names,
    company,
    employees,
    greeting,
    properNouns,
    facts,
    hidden,
    objections,
    speech,
    thinkMs: input.thinkMs ?? 0,
  };
}
