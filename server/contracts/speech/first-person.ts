import type { Language } from '../languages';
import { speechProblem } from './guard';
import { isInLanguage } from './language';
import { LEXICONS, type OrgNoun } from './lexicon';
import { anyOf, escapeRegExp } from './words';

export interface SpeakableContext {
  language: Language;
  /** The persona's names (full and first): a sentence about them is turned into "I…". */
  names?: readonly string[];
  /** Texts that must never be voiced (see SpeechContext). */
  systemTexts?: readonly string[];
}

const L = '\\p{L}';

/** Bullets, "Label:" prefixes, quotes and parenthetical asides removed; one line; ends with punctuation. */
export function cleanForSpeech(text: string, opts: { capitalise?: boolean } = {}): string {
  let s = text
    .replace(/\s+/g, ' ')
    .replace(/^\s*(?:[-*•·]|\d+[.)])\s*/, '')
    // a label is one to three words ("Pains:", "Key features:"); "Hay demasiado trabajo manual: …" is speech
    .replace(/^[\p{Lu}][\p{L}\p{N}&/'-]*(?:\s[\p{L}\p{N}&/'-]+){0,2}:\s+(?=\S)/u, '')
    .replace(/\s*\([^()]*\)/g, '')
    .replace(/["“”«»„]/g, '')
    .replace(/\s+([,.;:!?])/g, '$1')
    .trim()
    .replace(/[;,:]+$/, '');
  if (!s) return '';
  if (!/[.!?…]$/.test(s)) s += '.';
  return opts.capitalise === false ? s : s.charAt(0).toUpperCase() + s.slice(1);
}

const EN_ADVERBS =
  'still|also|often|always|never|usually|really|already|just|now|then|rarely|sometimes|mostly|currently|actually|even|only|personally|genuinely|honestly|simply|clearly';
const EN_MODALS = new Set([
  'can',
  'could',
  'will',
  'would',
  'should',
  'must',
  'might',
  'may',
  'shall',
  "can't",
  "won't",
  "wouldn't",
  "couldn't",
  "shouldn't",
  'was',
  "wasn't",
  'had',
  "hadn't",
  'did',
  "didn't",
]);
const EN_IRREGULAR: Record<string, string> = {
  is: 'am',
  "'s": "'m",
  has: 'have',
  does: 'do',
  "doesn't": "don't",
  "isn't": 'am not',
  "hasn't": "haven't",
  goes: 'go',
};

/** "reports" → "report", "carries" → "carry", "watches" → "watch"; past tense and modals unchanged. */
function enFirstPersonVerb(verb: string): string {
  const v = verb.toLowerCase();
  if (EN_IRREGULAR[v]) return EN_IRREGULAR[v];
  if (EN_MODALS.has(v) || v.length <= 2) return verb;
  if (/[^aeiou]ies$/.test(v)) return `${verb.slice(0, -3)}y`;
  if (/(?:ch|sh|ss|x|z|o)es$/.test(v)) return verb.slice(0, -2);
  if (/[^su]s$/.test(v)) return verb.slice(0, -1);
  return verb;
}

const EN_NOT_NOUN = new Set([
  'to',
  'for',
  'with',
  'and',
  'or',
  'at',
  'in',
  'on',
  'about',
  'that',
  'if',
  'as',
  'but',
  'so',
  'because',
  'when',
  'from',
  'by',
  'into',
  'again',
  'too',
  'up',
  'down',
  'out',
  'off',
  'back',
]);

function enFirstPerson(text: string, names: readonly string[]): string {
  const subjects = ['he', 'she', 'the prospect', ...names.map(escapeRegExp)].join('|');
  let s = text.replace(
    new RegExp(`(?<![${L}])(?:the prospect|${names.map(escapeRegExp).join('|') || '\\u0000'})['’]s(?![${L}])`, 'giu'),
    'my',
  );
  s = s.replace(/(?<![\p{L}])his(?![\p{L}])/giu, 'my');
  // subject + verb: "He reports" → "I report"; "Derek is" → "I am"
  s = s.replace(
    new RegExp(
      `(^|[.;:!?]\\s+|,\\s+|(?<![${L}])(?:and|but|because|so|while|although|since|when|if|that|as|where)\\s+)(${subjects})(\\s+(?:(?:${EN_ADVERBS})\\s+){0,2})([a-z'’]+)`,
      'giu',
    ),
    (_m, pre: string, _subj: string, adv: string, verb: string) =>
      `${pre}I${adv}${enFirstPersonVerb(verb.replace('’', "'"))}`,
  );
  // more verbs of the same subject: "I … and still closes the deals", "I …, is unsure who…, and worries about…"
  const after =
    '(?=\\s+(?:the|a|an|my|our|their|its|to|with|it|them|on|in|for|up|out|every|each|all|any|some|more|most|about|over|into|at|from|by|who|what|how|that|if|whether|not|never|still|always)(?![\\p{L}]))';
  for (let i = 0; i < 3; i++) {
    s = s.replace(
      new RegExp(
        `((?<![${L}])I(?![${L}])[^.;!?]*?(?:,\\s+(?:and\\s+)?|(?<![${L}])(?:and|but|or)\\s+)(?:(?:${EN_ADVERBS})\\s+)?)((?:is|has|does)(?![\\p{L}'])|[a-z]+[^s]s${after})`,
        'u',
      ),
      (_m, pre: string, verb: string) => `${pre}${enFirstPersonVerb(verb)}`,
    );
  }
  s = s
    .replace(/(?<![\p{L}])(?:himself|herself)(?![\p{L}])/giu, 'myself')
    .replace(/(?<![\p{L}])him(?![\p{L}])/giu, 'me');
  s = s.replace(/(?<![\p{L}])(her)(\s+)([\p{L}'’-]+)/giu, (_m, _h: string, sp: string, next: string) =>
    EN_NOT_NOUN.has(next.toLowerCase()) ? `me${sp}${next}` : `my${sp}${next}`,
  );
  s = s.replace(/(?<![\p{L}])her(?![\p{L}])/giu, 'me');
  // a list item without its subject: "Missed the forecast…" → "We missed the forecast…"
  s = s.replace(/^([A-Z][a-z]+ed)(?=\s)/u, (_m, verb: string) => `We ${verb.toLowerCase()}`);
  return s.replace(/^my(?![\p{L}])/u, 'My').replace(/^me(?![\p{L}])/u, 'Me');
}

const orgCache = new WeakMap<readonly OrgNoun[], { re: RegExp; our: string }[]>();

/** "the company" → "our company", "la empresa" → "nuestra empresa", "l'azienda" → "la nostra azienda". */
function ourOrganisation(text: string, nouns: readonly OrgNoun[]): string {
  let compiled = orgCache.get(nouns);
  if (!compiled) {
    compiled = [...nouns]
      .sort((a, b) => b.noun.length - a.noun.length)
      .map((n) => {
        const articles = n.articles
          .map((a) => (a.endsWith("'") ? `${escapeRegExp(a)}\\s*` : `${escapeRegExp(a)}\\s+`))
          .join('|');
        return {
          re: new RegExp(`(?<![${L}'])(?:${articles})(${escapeRegExp(n.noun).replace(/ /g, '\\s+')})(?![${L}])`, 'giu'),
          our: n.our,
        };
      });
    orgCache.set(nouns, compiled);
  }
  let s = text;
  for (const { re, our } of compiled) {
    s = s.replace(re, (m: string, noun: string) => {
      const out = `${our} ${noun}`;
      return /^\p{Lu}/u.test(m) ? out.charAt(0).toUpperCase() + out.slice(1) : out;
    });
  }
  return s;
}

const FIRST_PERSON: Record<Language, RegExp> = {
  en: anyOf(['i', "i'm", "i've", "i'd", 'we', "we're", "we've", 'our', 'ours', 'my', 'me', 'us']),
  es: anyOf([
    'yo',
    'me',
    'nos',
    'nosotros',
    'nosotras',
    'nuestro',
    'nuestra',
    'nuestros',
    'nuestras',
    'mi',
    'mis',
    'tengo',
    'tenemos',
    'estoy',
    'estamos',
    'soy',
    'somos',
    'quiero',
    'queremos',
  ]),
  it: anyOf([
    'io',
    'mi',
    'ci',
    'noi',
    'nostro',
    'nostra',
    'nostri',
    'nostre',
    'mio',
    'mia',
    'miei',
    'mie',
    'ho',
    'abbiamo',
    'sono',
    'siamo',
    'voglio',
    'vogliamo',
  ]),
  'pt-BR': anyOf([
    'eu',
    'me',
    'nós',
    'nosso',
    'nossa',
    'nossos',
    'nossas',
    'meu',
    'minha',
    'meus',
    'minhas',
    'tenho',
    'temos',
    'estou',
    'estamos',
    'sou',
    'somos',
    'quero',
    'queremos',
    'a gente',
  ]),
};

/**
 * The text as the persona would say it, in the first person: cleaned of labels, brackets and
 * quotes; "the prospect"/"he"/"she"/the persona's name turned into "I" with the verb agreeing
 * (English); "the company"/"la empresa"… into "our …" (every language). Null when it is in
 * another language than the call's, or when the guard still refuses it (text in the third person
 * these rules cannot turn, labels, placeholders, text written for the system).
 */
export function speakable(text: string, ctx: SpeakableContext): string | null {
  const names = (ctx.names ?? []).filter((n) => n.trim().length >= 3);
  // a list item may start mid-thought: "But he…", "And the team…"
  let s = cleanForSpeech(cleanForSpeech(text).replace(/^(?:but|and|so|also|pero|y|ma|e|però|mas|também)\s+/iu, ''));
  if (!s || s.split(/\s+/).length < 3 || !isInLanguage(s, ctx.language)) return null;
  // text already written as speech ("we", "our", "I") is kept as written
  if (!FIRST_PERSON[ctx.language].test(s)) {
    if (ctx.language === 'en') s = enFirstPerson(s, names);
    s = ourOrganisation(s, LEXICONS[ctx.language].orgNouns);
  }
  s = s.charAt(0).toUpperCase() + s.slice(1);
  return speechProblem(s, { language: ctx.language, ownNames: names, systemTexts: ctx.systemTexts }) ? null : s;
}

/** Names a persona goes by: "Derek Osei — Busy VP of Sales" → ["Derek Osei", "Derek"]. */
export function personaNames(name: string): string[] {
  const full = name.split(/\s+[—–-]\s+/)[0].trim();
  const first = full.split(/\s+/)[0];
  return [...new Set([full, first].filter((n) => n.length >= 3))];
}

/**
 * The first letter lower-cased when the first word is a common word of the language or a plain
 * capitalised word that is not a name ("A customer…" → "a customer…", "Typical payback…" →
 * "typical payback…"; "RouteWise…", "Clari…" kept). `names`: words known to be names, lower-cased.
 */
export function lowerStart(text: string, language: Language, names: ReadonlySet<string> = new Set()): string {
  // "There's" is "there" for this purpose
  const word = text
    .split(/\s/)[0]
    .replace(/[^\p{L}'’-]/gu, '')
    .split(/['’]/)[0];
  const first = word.toLowerCase();
  const common =
    LEXICONS[language].functionWords.includes(first) || (/^\p{Lu}\p{Ll}*$/u.test(word) && !names.has(first));
  return common && first !== 'i' ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** Capitalised words written mid-sentence in these texts: names of people, companies and products, lower-cased. */
export function namesIn(texts: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const t of texts)
    for (const m of t.matchAll(/(?<=[\p{L}\p{N},;:)]\s+)\p{Lu}[\p{L}'’-]*/gu)) out.add(m[0].toLowerCase());
  return out;
}
