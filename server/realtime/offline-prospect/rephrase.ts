import type { Language } from '../../contracts/languages';
import { lowerStart } from '../../contracts/speech/first-person';
import { pick } from '../../contracts/speech/words';
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

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const phrase = (p: string) => escape(p).replace(/ +/g, '\\s+');
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

const CLAUSE_WORDS = new Set([
  'and',
  'but',
  'so',
  'because',
  'while',
  'although',
  'y',
  'pero',
  'porque',
  'aunque',
  'mientras',
  'e',
  'ed',
  'ma',
  'quindi',
  'perché',
  'mas',
  'então',
  'embora',
  'enquanto',
]);

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
    if (/[¿¡"«$€£]$/u.test(before) && !/[.!?]\s*[¿¡"«$€£]$/u.test(before)) continue;
    const afterComma = before.endsWith(',');
    const afterColon = /[:;—–]$/u.test(before);
    const sentenceStart = /[.!?]\s*[¿¡"«$€£]?$/u.test(before);
    const seam = seams.has(w) && !seams.has(prev);
    // "and" joins nouns as often as clauses: without a comma the aside goes before it
    const joinerAlone = JOINERS.has(w) && !afterComma;
    const determiner = rules.determiners.includes(w) && !seams.has(prev) && !rules.determiners.includes(prev);
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
    const cost = Math.max(k - run.start, run.start + run.length - k) + bonus + crowded;
    if (!best || cost < best.cost) best = { k, cost };
  }
  if (!best) return null;
  const t = toks[best.k];
  const before = line.slice(0, t.at).trimEnd();
  // "… nosotros. En fin, ¿por qué…": the aside goes before the sentence's opening mark
  const open = /[.!?]\s*([¿¡"«$€£]?)$/u.exec(before);
  if (open)
    return `${before.slice(0, before.length - open[1].length).trimEnd()} ${cap(aside)}, ${open[1]}${lowerStart(line.slice(t.at), language, names)}`;
  if (/[:;—–]$/u.test(before)) return `${before} ${aside}, ${line.slice(t.at)}`;
  const comma = before.endsWith(',') ? '' : ',';
  if (CLAUSE_WORDS.has(t.word) && !JOINERS.has(t.word) && subjectAfter(best.k)) {
    const rest = line.slice(t.at + t.word.length).trimStart();
    return `${before}${comma} ${line.slice(t.at, t.at + t.word.length)} ${aside}, ${rest}`;
  }
  if (JOINERS.has(t.word) && before.endsWith(',') && subjectAfter(best.k))
    return `${before} ${line.slice(t.at, t.at + t.word.length)} ${aside}, ${line.slice(t.at + t.word.length).trimStart()}`;
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
    // about one aside in seven words; past that the persona says less rather than more filler
    const fresh = asides.filter((a) => !used.includes(a));
    const aside = pick(fresh.length ? fresh : asides, `${ctx.seed}:aside:${i}`);
    const allowed = Math.max(2, Math.ceil(tokens(s).length / 7));
    const withLead = used.length < allowed ? breakRun(lead + s, run, aside, ctx) : null;
    const broken = withLead?.startsWith(lead) ? withLead.slice(lead.length) : null;
    if (broken) used.push(aside);
    const next = broken ?? shorten(s, { start: run.start - tokens(lead).length, length: run.length });
    if (!next) break;
    s = next;
  }
  return cap(s);
}
