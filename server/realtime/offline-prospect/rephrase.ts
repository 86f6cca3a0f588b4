import type { Language } from '../../contracts/languages';
import { lowerStart } from '../../contracts/speech/first-person';
import { escapeRegExp, pick, sentences } from '../../contracts/speech/words';
import { SPOKEN_RULES, type Register, type SpokenRules } from './spoken-rules';

/**
 * The longest run of consecutive words a spoken line may share with the scenario's written text:
 * a prospect who says nine of the manager's words in a row is reading them out.
 */
export const MAX_COPIED_WORDS = 8;

export interface RephraseContext {
  language: Language;
  register: Register;
  /** Seeds the choice of words: the same call says a fact the same way. */
  seed: string;
  /** Every written text of the scenario the line must not read out. */
  sources: readonly string[];
  /** Words that are names (lower-cased): an aside before a sentence leaves them capitalised. */
  names?: ReadonlySet<string>;
}

/** Every written text of a scenario (any shape), for the rule that the prospect never reads one out. */
export function writtenTexts(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(writtenTexts);
  if (value && typeof value === 'object') return Object.values(value).flatMap(writtenTexts);
  return [];
}

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const phrase = (p: string) => escapeRegExp(p).replace(/ +/g, '\\s+');
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

interface Token {
  word: string;
  at: number;
}

function tokens(text: string): Token[] {
  return [...text.matchAll(WORD)].map((m) => ({ word: m[0].toLowerCase().replace(/’/g, "'"), at: m.index }));
}

const openerCache = new WeakMap<SpokenRules, RegExp>();

/**
 * "If I am honest, we burn…" → "we burn…": the prospect's own lead-in takes the opener's place.
 * Also returns what was dropped: a lead-in may say the same words again.
 */
function dropOpeners(text: string, rules: SpokenRules): { line: string; dropped: string } {
  let re = openerCache.get(rules);
  if (!re) {
    // openers are patterns ("here at [^,.]{1,40}" takes the company's name)
    const alts = [...rules.openers].sort((a, b) => b.length - a.length).map((o) => o.replace(/ +/g, '\\s+'));
    re = new RegExp(`^(?:${alts.join('|')})(?:\\s*[,:;.—–-]\\s*|\\s+)`, 'iu');
    openerCache.set(rules, re);
  }
  let s = text;
  for (let i = 0; i < 3; i++) {
    const m = re.exec(s);
    const rest = m ? s.slice(m[0].length) : '';
    if (!m || rest.split(/\s+/).length < 3) break;
    s = cap(rest);
  }
  return { line: s, dropped: text.slice(0, text.length - s.length) };
}

/**
 * "What I would like is one forecast…" → "I'd like one forecast…"; a clause after the frame is said
 * as it is; anything else keeps the frame in its spoken form.
 */
function wish(text: string, rules: SpokenRules, seed: string): string {
  const m = new RegExp(`^${phrase(rules.wish.frame)}\\s+`, 'iu').exec(text);
  if (!m) return text;
  const rest = text.slice(m[0].length);
  const words = rest.split(/\s+/).map((w) => w.toLowerCase().replace(/[^\p{L}'’]/gu, ''));
  if (rules.wish.nounStart.includes(words[0])) return `${pick(rules.wish.say, `${seed}:wish`)} ${rest}`;
  // "my priorities are security…" is a clause of its own; "commit accuracy within 5%" still needs the frame
  return words.slice(0, 5).some((w) => rules.finite.includes(w)) ? cap(rest) : `${rules.wish.said} ${rest}`;
}

/** Written phrases replaced by spoken ones in one pass (a replacement is never replaced again). */
function swap(text: string, list: SpokenRules['swaps'], seed: string): string {
  if (!list.length) return text;
  const sorted = [...list].sort((a, b) => b.from.length - a.from.length);
  const re = new RegExp(
    `(?<![\\p{L}\\p{N}'’])(?:${sorted.map((x) => `(${phrase(x.from)})`).join('|')})(?![\\p{L}\\p{N}'’])`,
    'giu',
  );
  return text.replace(re, (match: string, ...groups: unknown[]) => {
    const offset = groups[sorted.length] as number;
    const i = groups.slice(0, sorted.length).findIndex((g) => g !== undefined);
    const rule = sorted[i];
    const after = text.slice(offset + match.length);
    if (rule.before && !rule.before.test(after)) return match;
    const before = text
      .slice(0, offset)
      .match(/([\p{L}]+)\s*$/u)?.[1]
      ?.toLowerCase();
    if (before && rule.notAfter?.includes(before)) return match;
    const to = pick(rule.to, `${seed}:${rule.from}`);
    return /^\p{Lu}/u.test(match) && !/^I(?![\p{L}])/u.test(match) ? cap(to) : to;
  });
}

/** The longest run of consecutive words `line` shares with any of `sources`: its token range. */
export function longestCopy(line: string, sources: readonly string[]): { start: number; length: number } {
  const out = tokens(line).map((t) => t.word);
  let best = { start: 0, length: 0 };
  for (const source of sources) {
    const src = tokens(source).map((t) => t.word);
    let prev = new Array<number>(src.length + 1).fill(0);
    for (let i = 1; i <= out.length; i++) {
      const cur = new Array<number>(src.length + 1).fill(0);
      for (let j = 1; j <= src.length; j++) {
        if (out[i - 1] !== src[j - 1]) continue;
        cur[j] = prev[j - 1] + 1;
        if (cur[j] > best.length) best = { start: i - cur[j], length: cur[j] };
      }
      prev = cur;
    }
  }
  return best;
}

const CLAUSE_WORDS = new Set(
  'and but so because while although y pero porque aunque mientras e ed ma quindi perché mas então embora enquanto'.split(
    ' ',
  ),
);

/** Words after a verb that show it is one ("report to", "worry about", "am unsure"). */
const EN_AFTER_VERB = new Set(
  'to about the a an my our for with on in that up out into from who it them me us their this these those over through at by no one two some any more less half every each what how whether if when as unsure sure not never always still also often'.split(
    ' ',
  ),
);
const EN_NOT_VERB = new Set(
  'the a an my our their this these those i we it they he she you and or but so because while although until when in on for with from by at to of about over within half who which that whose whether if also still then not even too very more most all both each every lots plenty some any no'.split(
    ' ',
  ),
);

/**
 * A long English sentence of the persona's that strings verbs together ("I've been CFO for four
 * years, came from audit…, and report to a CEO…") said as short sentences, each with its subject
 * ("I came from audit…. And I report to a CEO…"), as people speak.
 */
function splitEnglish(sentence: string): string {
  const m = /^(I|We)(?:'(?:ve|m|d|re|ll))?\s/u.exec(sentence);
  if (!m || tokens(sentence).length < 12) return sentence;
  const subject = m[1];
  const verb = (v: string, next: string) => !EN_NOT_VERB.has(v) && !v.endsWith('ly') && EN_AFTER_VERB.has(next);
  return sentence
    .replace(/,\s+(and\s+)?([a-z]+)\s+([a-z']+)/gu, (all, and: string | undefined, v: string, next: string) =>
      verb(v, next) ? `. ${and ? `And ${subject}` : subject} ${v} ${next}` : all,
    )
    .replace(/\s+and\s+([a-z]+)\s+([a-z']+)/gu, (all, v: string, next: string) =>
      verb(v, next) ? `. And ${subject} ${v} ${next}` : all,
    );
}

const JOINERS = new Set(['and', 'or', 'y', 'e', 'ed', 'o', 'ou']);

/**
 * The line without the sentence the copy is in (never the first), or with that first sentence cut
 * before its last ", and …"/", but …" clause; null when nothing is left to cut.
 */
function shorten(line: string, run: { start: number; length: number }): string | null {
  const sentences = line.split(/(?<=[.!?])\s+(?=\p{Lu})/u);
  let words = 0;
  const at = sentences.findIndex((x) => (words += tokens(x).length) > run.start);
  if (at > 0) return sentences.filter((_, i) => i !== at).join(' ');
  if (sentences.length > 1) return [shorten(sentences[0], run) ?? sentences[0], ...sentences.slice(1)].join(' ');
  const m = /^(.{12,}?),\s+(?:and|but|so|y|pero|así que|e|ma|quindi|mas|então)\s+[^,]*$/iu.exec(
    line.replace(/[.!?]$/, ''),
  );
  return m ? `${m[1]}.` : null;
}

/**
 * An aside dropped in where the run is longest ("…consolidated manually, I'd say, from twelve or so
 * Excel files"): before a preposition or a quantity, or just after a conjunction that opens a clause.
 * Null when the run has no place for one.
 */
function breakRun(line: string, run: { start: number; length: number }, aside: string, ctx: RephraseContext) {
  const { language } = ctx;
  const rules = SPOKEN_RULES[language];
  const names = ctx.names ?? new Set<string>();
  const toks = tokens(line);
  const seams = new Set(rules.seams.map((s) => s.split(' ')[0]));
  // in English an aside after "and" needs a subject next ("and honestly, our CFO…", not "and I mean, have…")
  const subjectAfter = (k: number) => !rules.subjects || rules.subjects.includes(toks[k + 1]?.word ?? '');
  let best: { k: number; cost: number } | null = null;
  for (let k = run.start + 2; k <= run.start + run.length - 2; k++) {
    const w = toks[k].word;
    const prev = toks[k - 1].word;
    const before = line.slice(0, toks[k].at).trimEnd();
    if (/[¿¡"«$€£]$/u.test(before) && !/[.!?]\s+[¿¡"«$€£]$/u.test(before)) continue;
    if (/[\p{L}\p{N}][.,]$/u.test(line.slice(0, toks[k].at))) continue;
    const afterComma = before.endsWith(',');
    // a dash between spaces is a pause; "6–18" is a range
    const afterColon = /(?:[:;]|\s[—–])$/u.test(before);
    // "95.000" is one number: a sentence starts only after a space
    const sentenceStart = /[.!?]\s+[¿¡"«$€£]?$/u.test(line.slice(0, toks[k].at));
    const seam = seams.has(w) && !seams.has(prev);
    // "and" joins nouns as often as clauses: without a comma the aside goes before it
    const joinerAlone = JOINERS.has(w) && !afterComma;
    const determiner =
      (rules.determiners.includes(w) && !seams.has(prev) && !rules.determiners.includes(prev)) ||
      (!!rules.verbs?.includes(w) && !rules.subjects?.includes(prev) && !seams.has(prev));
    if (!sentenceStart && !afterColon && !afterComma && !seam && !determiner) continue;
    // a new sentence is where a speaker most naturally puts "Look," or "Honestly,"; then a clause, a
    // phrase, a list's next item, and last a noun phrase ("I'm, you know, the first person…")
    const bonus = sentenceStart
      ? -2
      : afterColon
        ? -1
        : seam && afterComma
          ? -1
          : seam
            ? joinerAlone
              ? 3
              : 0
            : afterComma
              ? 2
              : 4;
    const sentence = before.slice(Math.max(before.lastIndexOf('. '), before.lastIndexOf('? '), 0));
    const crowded = !sentenceStart && /,\s[^,]{2,16},\s/u.test(sentence) ? 5 : 0;
    // not inside a set phrase near a sentence's end ("de cabeça, ou seja, para baixo")
    const tail = line.slice(toks[k].at).split(/[.!?]/)[0].trim().split(/\s+/).length;
    const nearEnd = !sentenceStart && tail <= 2 ? 4 : 0;
    // after a conjunction that opens a clause the aside follows it: the run is split one word later
    const at = !sentenceStart && !afterColon && CLAUSE_WORDS.has(w) && subjectAfter(k) ? k + 1 : k;
    // a split that leaves both sides short enough comes first; then the most even one
    const left = at - run.start;
    const right = run.start + run.length - at;
    const over = Math.max(0, left - MAX_COPIED_WORDS) + Math.max(0, right - MAX_COPIED_WORDS);
    const cost = over * 3 + Math.max(left, right) / 4 + bonus + crowded + nearEnd;
    if (!best || cost < best.cost) best = { k, cost };
  }
  if (!best) return null;
  const t = toks[best.k];
  const before = line.slice(0, t.at).trimEnd();
  // "… nosotros. En fin, ¿por qué…": the aside goes before the sentence's opening mark
  const open = /[.!?]\s*([¿¡"«$€£]?)$/u.exec(before);
  if (open)
    return `${before.slice(0, before.length - open[1].length).trimEnd()} ${cap(aside)}, ${open[1]}${lowerStart(line.slice(t.at), language, names)}`;
  if (/(?:[:;]|\s[—–])$/u.test(before)) return `${before} ${aside}, ${line.slice(t.at)}`;
  const comma = before.endsWith(',') ? '' : ',';
  if (CLAUSE_WORDS.has(t.word) && !JOINERS.has(t.word) && subjectAfter(best.k)) {
    const rest = line.slice(t.at + t.word.length).trimStart();
    return `${before}${comma} ${line.slice(t.at, t.at + t.word.length)} ${aside}, ${rest}`;
  }
  // "and honestly, our CFO…"; in the other languages the aside stands between commas ("y, la verdad, necesitamos…")
  if (JOINERS.has(t.word) && before.endsWith(',') && subjectAfter(best.k)) {
    const mark = language === 'en' ? '' : ',';
    return `${before} ${line.slice(t.at, t.at + t.word.length)}${mark} ${aside}, ${line.slice(t.at + t.word.length).trimStart()}`;
  }
  return `${before}${comma} ${aside}, ${line.slice(t.at)}`;
}

/**
 * A fact of the scenario as the persona says it aloud: the written opener left to the prospect's
 * own lead-in, "What I would like is a…" said as a want, contractions and spoken words for written
 * ones (chosen by the seed), and, where nine or more of the scenario's words would still follow one
 * another, an aside of the persona's register in between (two at most: a line that would need more
 * loses its last sentence or clause, as a busy speaker leaves the detail for a follow-up).
 */
export function rephrase(text: string, ctx: RephraseContext): string {
  const rules = SPOKEN_RULES[ctx.language];
  const { line, dropped } = dropOpeners(text.trim(), rules);
  let s = wish(line, rules, ctx.seed);
  if (ctx.language === 'en') s = sentences(s).map(splitEnglish).join(' ');
  s = swap(s, rules.contractions, ctx.seed);
  s = swap(s, rules.swaps, ctx.seed);
  const asides = rules.asides[ctx.register];
  const used: string[] = [];
  // measured with the dropped opener in front: the lead-in the prospect says may be the same words
  // ("Honestly,", "Between us,": a company lead such as "Here at X," is never said again)
  const lead = dropped.trim() && tokens(dropped).length <= 3 ? `${dropped.trim()} ` : '';
  for (let i = 0; i < 8; i++) {
    const run = longestCopy(lead + s, ctx.sources);
    if (run.length <= MAX_COPIED_WORDS) break;
    // about one aside in six words at most; past that the persona says less rather than more filler
    // never the same aside twice in a line
    const fresh = asides.filter((a) => !used.includes(a));
    const aside = fresh.length ? pick(fresh, `${ctx.seed}:aside:${i}`) : null;
    const allowed = Math.max(2, Math.ceil(tokens(s).length / 6));
    const withLead = aside && used.length < allowed ? breakRun(lead + s, run, aside, ctx) : null;
    let broken = withLead?.startsWith(lead) ? withLead.slice(lead.length) : null;
    // an aside put first: what follows it is no longer the sentence's start ("La verdad, me quedan…")
    if (aside && broken?.startsWith(`${aside}, `))
      broken = `${aside}, ${lowerStart(broken.slice(aside.length + 2), ctx.language, ctx.names ?? new Set())}`;
    if (broken && aside) used.push(aside);
    const next = broken ?? shorten(s, { start: run.start - tokens(lead).length, length: run.length });
    if (!next || next === s) break;
    s = next;
  }
  return cap(s);
}
