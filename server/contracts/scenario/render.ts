import type { Language } from '../languages';
import {
  OBJECTION_MOMENTS,
  SCENARIO_TOPICS,
  type ObjectionMoment,
  type ScenarioNarrative,
  type ScenarioTopic,
  type ScenarioVariables,
} from './schema';
import { personaNames, speakable } from '../speech/first-person';
import { LEXICONS } from '../speech/lexicon';
import { escapeRegExp } from '../speech/words';

/**
 * A stored scenario is structured fields, and every text that mentions the company or the
 * prospect refers to them by placeholder (`{{company_name}}`, `{{prospect_name}}`,
 * `{{prospect_first_name}}`). Whatever is shown or sent is rendered from the fields at the time of
 * use, so renaming the company in the wizard renames it in the summary, the situation, the
 * opening line and the call. Pure: the wizard imports it.
 */

export interface Scenario {
  /** null for a scenario written by hand (summary and opening line only). */
  variables: ScenarioVariables | null;
  narrative: ScenarioNarrative;
}

type Names = Pick<ScenarioVariables, 'company_name' | 'prospect_name'>;

const TOKEN = /\{\{\s*(company_name|prospect_name|prospect_first_name)\s*\}\}/g;

function firstNameOf(full: string): string | null {
  const parts = full.trim().split(/\s+/);
  return parts.length > 1 && parts[0].length >= 3 ? parts[0] : null;
}

/** The placeholders in `text` replaced by the current values of the fields. */
export function renderText(text: string, v: Names): string {
  if (!text.includes('{{')) return text;
  return text.replace(TOKEN, (_m, key: string) => {
    if (key === 'company_name') return v.company_name.trim();
    if (key === 'prospect_name') return v.prospect_name.trim();
    return firstNameOf(v.prospect_name) ?? v.prospect_name.trim();
  });
}

/** The company's and the prospect's names in `text` replaced by placeholders (whole words only). */
export function tokeniseText(text: string, v: Names): string {
  let s = text;
  const swap = (value: string | null, token: string) => {
    const name = value?.trim();
    if (!name || name.length < 3) return;
    s = s.replace(new RegExp(`(?<![\\p{L}\\p{N}{])${escapeRegExp(name)}(?![\\p{L}\\p{N}}])`, 'gu'), token);
  };
  swap(v.prospect_name, '{{prospect_name}}');
  swap(v.company_name, '{{company_name}}');
  swap(firstNameOf(v.prospect_name), '{{prospect_first_name}}');
  return s;
}

/** Applies `fn` to every text of the scenario except the two name fields the placeholders stand for. */
function mapTexts(s: Scenario, fn: (t: string) => string): Scenario {
  const v = s.variables;
  return {
    narrative: { summary: fn(s.narrative.summary), opening_line: fn(s.narrative.opening_line) },
    variables: v && {
      ...v,
      prospect_role: fn(v.prospect_role),
      company_size: fn(v.company_size),
      industry: fn(v.industry),
      current_situation: fn(v.current_situation),
      pain_points: v.pain_points.map(fn),
      goals: v.goals.map(fn),
      objections: v.objections.map((o) => ({ ...o, objection: fn(o.objection), surfaces_when: fn(o.surfaces_when) })),
      budget: fn(v.budget),
      timeline: fn(v.timeline),
      decision_process: fn(v.decision_process),
      competitors: v.competitors.map(fn),
      hidden_information: v.hidden_information.map((h) => ({
        ...h,
        information: fn(h.information),
        reveal_when: fn(h.reveal_when),
        said: fn(h.said),
      })),
      success_signals: v.success_signals.map(fn),
    },
  };
}

/** The scenario with names replaced by placeholders, as it is stored. */
function tokeniseScenario(s: Scenario): Scenario {
  return s.variables ? mapTexts(s, (t) => tokeniseText(t, s.variables!)) : s;
}

/** The scenario as it is shown and spoken: placeholders replaced by the current names. */
export function renderScenario(s: Scenario): Scenario {
  return s.variables ? mapTexts(s, (t) => renderText(t, s.variables!)) : s;
}

const globalCache = new Map<RegExp, RegExp>();
const globalOf = (re: RegExp) => globalCache.get(re) ?? globalCache.set(re, new RegExp(re.source, 'giu')).get(re)!;

/**
 * The key whose words a text uses most, from the first text that names any (the reveal condition
 * before the fact itself). On a tie the later word wins: "the decision timeline" is about timing.
 */
function bestMatch<K extends string>(
  texts: readonly string[],
  keys: readonly K[],
  patterns: (lang: Language) => Record<K, RegExp>,
  fallback: K,
): K {
  for (const text of texts) {
    let best: K | null = null;
    let bestScore = 0;
    let bestAt = -1;
    for (const key of keys) {
      let score = 0;
      let at = -1;
      for (const lang of Object.keys(LEXICONS) as Language[]) {
        for (const m of text.matchAll(globalOf(patterns(lang)[key]))) {
          score++;
          at = Math.max(at, m.index);
        }
      }
      if (score > bestScore || (score === bestScore && score > 0 && at > bestAt))
        [best, bestScore, bestAt] = [key, score, at];
    }
    if (best) return best;
  }
  return fallback;
}

/** The topic a trainer's note is about ("asked about the decision timeline" → timing), in any of the four languages; the reveal condition first, then the fact. */
export function inferTopic(...texts: string[]): ScenarioTopic {
  return bestMatch(texts, SCENARIO_TOPICS, (l) => LEXICONS[l].topics, 'pain');
}

/** The moment an objection's note names ("when the rep pitches" → pitch). */
export function inferMoment(text: string): ObjectionMoment {
  return bestMatch([text], OBJECTION_MOMENTS, (l) => LEXICONS[l].moments, 'pitch');
}

const str = (x: unknown) => (typeof x === 'string' ? x : '');
const strs = (x: unknown) => (Array.isArray(x) ? x.filter((i): i is string => typeof i === 'string') : []);
const objs = (x: unknown) =>
  Array.isArray(x)
    ? x.filter((i): i is Record<string, unknown> => !!i && typeof i === 'object' && !Array.isArray(i))
    : [];
const oneOf = <T extends string>(x: unknown, allowed: readonly T[]): T | null =>
  (allowed as readonly unknown[]).includes(x) ? (x as T) : null;

/**
 * A stored or submitted scenario in today's shape, from any shape Spar has stored: hidden facts
 * without a topic or a spoken form, objections without a moment (they are inferred from the
 * trainer's notes; the spoken form is the note turned into the first person when the rules can,
 * else empty and the prospect only hints at it), names written out instead of placeholders.
 * Null when there is no learner summary.
 */
export function readScenario(raw: unknown, language: Language): Scenario | null {
  const d = raw && typeof raw === 'object' ? (raw as { variables?: unknown; narrative?: unknown }) : null;
  const n = d?.narrative && typeof d.narrative === 'object' ? (d.narrative as Record<string, unknown>) : null;
  if (!n || typeof n.summary !== 'string') return null;
  const narrative = { summary: n.summary, opening_line: str(n.opening_line) };
  const v =
    d?.variables && typeof d.variables === 'object' && !Array.isArray(d.variables)
      ? (d.variables as Record<string, unknown>)
      : null;
  if (!v) return { variables: null, narrative };
  const names = personaNames(str(v.prospect_name));
  const variables: ScenarioVariables = {
    prospect_name: str(v.prospect_name),
    prospect_role: str(v.prospect_role),
    company_name: str(v.company_name),
    company_size: str(v.company_size),
    industry: str(v.industry),
    current_situation: str(v.current_situation),
    pain_points: strs(v.pain_points),
    goals: strs(v.goals),
    objections: objs(v.objections).map((o) => ({
      objection: str(o.objection),
      surfaces_when: str(o.surfaces_when),
      moment: oneOf(o.moment, OBJECTION_MOMENTS) ?? inferMoment(str(o.surfaces_when)),
    })),
    budget: str(v.budget),
    timeline: str(v.timeline),
    decision_process: str(v.decision_process),
    competitors: strs(v.competitors),
    hidden_information: objs(v.hidden_information).map((h) => ({
      information: str(h.information),
      reveal_when: str(h.reveal_when),
      topic: oneOf(h.topic, SCENARIO_TOPICS) ?? inferTopic(str(h.reveal_when), str(h.information)),
      said:
        typeof h.said === 'string'
          ? h.said
          : (speakable(
              renderText(str(h.information), {
                company_name: str(v.company_name),
                prospect_name: str(v.prospect_name),
              }),
              { language, names },
            ) ?? ''),
    })),
    success_signals: strs(v.success_signals),
  };
  return tokeniseScenario({ variables, narrative });
}

/** The spoken form of a hidden fact after its note was edited: re-derived, or empty when the rules cannot. */
export function deriveSaid(information: string, language: Language, v: Names): string {
  return speakable(renderText(information, v), { language, names: personaNames(v.prospect_name) }) ?? '';
}
