import { LANGUAGES, type Language } from '../languages';
import { detectLanguage } from './language';
import { LEXICONS } from './lexicon';
import { anyOf, sentences, wordsOf } from './words';

/** Why a text cannot be said aloud by the prospect. */
export type SpeechProblem =
  | 'empty'
  | 'placeholder'
  | 'brackets'
  | 'label'
  | 'about_roles'
  | 'third_person'
  | 'own_name'
  | 'system_text'
  | 'language';

export interface SpeechContext {
  /** The call language: a line recognisably in another language is refused. */
  language: Language;
  /** The prospect's names (full, first): the prospect never speaks of itself by name… */
  ownNames?: readonly string[];
  /** …except when it answers the phone. */
  allowOwnName?: boolean;
  /** Text written for the system, never to be voiced: hidden-fact notes, reveal conditions, scorecard levels. */
  systemTexts?: readonly string[];
}

const PLACEHOLDER =
  /\{\{|\}\}|\$\{|%[sd](?![\p{L}])|(?<![\p{L}])(?:undefined|null|NaN|TODO|TBD|XXX|lorem ipsum)(?![\p{L}])|\[object|_{3,}/u;
const BRACKETS = /[[\]{}<>()]/;
// "Pains: …", "Key features: …" (one to three words) at the start of a sentence, or "; size: …" inside one
const GENERIC_LABEL = /^[\p{Lu}][\p{L}\p{N}&/'-]*(?:\s[\p{L}\p{N}&/'-]+){0,2}:\s*\S|[;|]\s*[\p{L}][\p{L} -]{1,28}:\s/u;
const ABOUT_ROLES = LANGUAGES.map((l) => LEXICONS[l].aboutRoles);
const LABELS = LANGUAGES.map((l) => LEXICONS[l].labels);

/** Lower-cased words joined by single spaces: what "contains the same text" compares. */
const flat = (s: string) => wordsOf(s).join(' ');

const nameCache = new Map<string, RegExp>();
function nameRegex(names: string[]): RegExp {
  const key = names.join('\u0000');
  return nameCache.get(key) ?? nameCache.set(key, new RegExp(anyOf(names).source, 'u')).get(key)!;
}

const fragmentCache = new WeakMap<readonly string[], string[]>();

/** The sentences of a system text long enough that finding one in a line means it was parroted. */
function systemFragments(texts: readonly string[]): string[] {
  const cached = fragmentCache.get(texts);
  if (cached) return cached;
  const out: string[] = [];
  for (const t of texts) {
    const whole = flat(t);
    if (whole.split(' ').length >= 3 && whole.length >= 12) out.push(whole);
    for (const s of sentences(t.replace(/\n+/g, ' '))) {
      const f = flat(s);
      if (f.split(' ').length >= 6) out.push(f);
    }
  }
  fragmentCache.set(texts, out);
  return out;
}

/**
 * The last line of defence of the offline prospect: whether `text` may be said aloud as the
 * persona. Refuses placeholders and brackets, field labels, third-person text about the call's
 * roles or the persona ("the prospect's bonus…", "He missed…", the persona's own name), text
 * written for the system, and text in another language than the call's.
 */
export function speechProblem(text: string, ctx: SpeechContext): SpeechProblem | null {
  const t = text.trim();
  if (!t) return 'empty';
  if (PLACEHOLDER.test(t)) return 'placeholder';
  if (BRACKETS.test(t)) return 'brackets';
  const parts = sentences(t);
  if (LABELS.some((re) => re.test(t)) || parts.some((s) => GENERIC_LABEL.test(s))) return 'label';
  if (ABOUT_ROLES.some((re) => re.test(t))) return 'about_roles';
  const lex = LEXICONS[ctx.language];
  if (parts.some((s) => lex.thirdPersonStart.test(s.replace(/^[¿¡"«\s]+/, ''))) || lex.thirdPersonAnywhere.test(t))
    return 'third_person';
  if (!ctx.allowOwnName) {
    const names = (ctx.ownNames ?? []).map((n) => n.trim()).filter((n) => n.length >= 3);
    // names are written capitalised: "Tom" is a name, "tom" (Portuguese for tone) is not
    if (names.length && nameRegex(names).test(t)) return 'own_name';
  }
  if (ctx.systemTexts?.length) {
    const line = flat(t);
    if (systemFragments(ctx.systemTexts).some((f) => line.includes(f))) return 'system_text';
  }
  const lang = detectLanguage(t);
  if (lang && lang !== ctx.language) return 'language';
  return null;
}

/** True when the prospect may say `text`. */
export function canSay(text: string, ctx: SpeechContext): boolean {
  return speechProblem(text, ctx) === null;
}
