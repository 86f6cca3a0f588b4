import { isOpenQuestion } from './analytics';
import { offlineTexts, type Category } from './offline-texts';
import { computeScore } from './score';
import { isQuestion, sentences, words } from './text';
import type { Criterion, CriterionResult, EvaluationOutput, EvidenceQuote, Improvement, Level, Turn } from './types';

export const OFFLINE_EVALUATOR_VERSION = 'spar-offline-eval-v1';

// Words that say nothing about what the rep should talk about (English, Spanish, Italian,
// Portuguese function words, plus the scorecards' own meta-vocabulary).
const STOP = new Set(
  `a about above after again against all also an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers him his how i if in into is it its itself just me more most my no nor not now of off on once only or other our out over own same she should so some such than that the their them then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours
  asks ask asked asking question questions prospect prospects prospect's rep rep's rep’s prospect’s call calls level levels gets get makes make uses use shows show clearly clear least example examples like such
  el la los las un una unos unas de del y o que en por para con sin su sus se lo al es son como más pero muy ya
  il lo gli le un una di da del della e o che in per con su non si come più ma molto già
  o os as um uma de do da dos das e ou que em por para com sem seu sua se como mais mas muito já`.split(/\s+/),
);

const stem = (w: string) => w.slice(0, 5);

/** Content-word stems of a criterion: name, description and the top level (not the level-0 text, which describes what to avoid). */
export function criterionKeywords(c: Criterion): Map<string, string> {
  const out = new Map<string, string>();
  for (const w of words(`${c.name} ${c.description} ${c.levelHigh}`)) {
    if (w.length < 4 || STOP.has(w) || /^\d+$/.test(w)) continue;
    const s = stem(w);
    if (!out.has(s)) out.set(s, w);
  }
  return out;
}

const CATEGORY_RULES: [Exclude<Category, 'general'>, RegExp][] = [
  ['question', /question|\bask|pregunt|domand|pergunt|chied/iu],
  ['nextStep', /next step|meeting|commit|\bdate\b|invitation|calendar|pilot|signature|próximo paso|prossimo passo|próximo passo|reunión|riunione|reunião/iu],
  ['quant', /number|metric|measur|baseline|quantif|\bcost|target|evidence|data\b|cifra|número|numero|metrica|métrica/iu],
  ['listen', /paraphras|summar|listen|acknowledg|restat|recap|heard|validat|parafras|resum|riassum|escucha|ascolt|escut/iu],
];

export function criterionCategories(c: Criterion): Category[] {
  const text = `${c.name} ${c.description} ${c.levelLow} ${c.levelHigh}`;
  return CATEGORY_RULES.filter(([, re]) => re.test(text)).map(([k]) => k);
}

const QUANT = /\d|percent|per cent|\bhalf\b|\btwice\b|\bdouble\b|hours?\b|weeks?\b|\bdays?\b|months?\b|million|thousand|hundred|euros?\b|dollars?\b|por ciento|horas|semanas|millones|mil\b|percento|ore\b|settimane|milioni|por cento|semanas/iu;
const DATED =
  /\b(monday|tuesday|wednesday|thursday|friday|tomorrow|next week|this week|\d{1,2}(:\d{2})?\s?(am|pm)|at \d{1,2}\b|lunes|martes|miércoles|jueves|viernes|mañana|lunedì|martedì|mercoledì|giovedì|venerdì|domani|segunda|terça|quarta|quinta|sexta|amanhã|às \d{1,2}|a las \d{1,2}|alle \d{1,2})/iu;
const PARAPHRASE =
  /summari[sz]e what|let me summari[sz]e|to summari[sz]e|so to recap|so if i heard|if i heard you|it sounds like|sounds like|what i'?m hearing|what i’m hearing|you mentioned|you said|if i understand|to summari[sz]e|to recap|let me make sure|just to confirm|let me play that back|so what you'?re saying|that makes sense|fair to say|in other words|si le he entendido|si te he entendido|me dijo|ha mencionado|has mencionado|en resumen|se ho capito|ha detto|ha menzionato|riassumendo|in altre parole|se entendi|você mencionou|você disse|resumindo|em outras palavras/iu;
const NEXT_STEP = /next step|meeting|calendar|invite|invitation|schedule|\bbook\b|pilot|follow[- ]up|\bdemo\b|proposal|\bsign\b|trial|workshop|reunión|llamada|invitación|riunione|invito|reunião|convite|agenda/iu;

interface Candidate {
  sentence: string;
  turn: Turn;
  keywords: string[];
  points: number;
  open: boolean;
  question: boolean;
  quant: boolean;
  dated: boolean;
  paraphrase: boolean;
}

function repShareOf(turns: readonly Turn[]): number {
  const rep = turns.filter((t) => t.speaker === 'rep').reduce((a, t) => a + words(t.text).length, 0);
  const all = turns.reduce((a, t) => a + words(t.text).length, 0);
  return all ? rep / all : 0;
}

/** Scores one criterion with the rules; deterministic. */
export interface SentenceFeatures {
  sentence: string;
  turn: Turn;
  stems: string[];
  question: boolean;
  open: boolean;
  quant: boolean;
  dated: boolean;
  paraphrase: boolean;
  nextStep: boolean;
}

/** Every rep sentence with what the rules look at, computed once per transcript. */
export function sentenceFeatures(turns: readonly Turn[], language: string): SentenceFeatures[] {
  const out: SentenceFeatures[] = [];
  for (const turn of turns) {
    if (turn.speaker !== 'rep') continue;
    for (const sentence of sentences(turn.text)) {
      const question = isQuestion(sentence);
      out.push({
        sentence,
        turn,
        stems: [...new Set(words(sentence).map(stem))],
        question,
        open: question && isOpenQuestion(sentence, language),
        quant: QUANT.test(sentence),
        dated: DATED.test(sentence),
        paraphrase: PARAPHRASE.test(sentence),
        nextStep: NEXT_STEP.test(sentence),
      });
    }
  }
  return out;
}

export function scoreCriterion(c: Criterion, turns: readonly Turn[], language: string, features?: SentenceFeatures[]): { result: CriterionResult; primary: Category } {
  const texts = offlineTexts(language);
  const kw = criterionKeywords(c);
  const cats = criterionCategories(c);
  const has = (k: Category) => cats.includes(k);
  const repShare = repShareOf(turns);

  const candidates: Candidate[] = [];
  for (const f of features ?? sentenceFeatures(turns, language)) {
    {
      const { sentence: s, turn: t, question, open, quant, dated, paraphrase, nextStep } = f;
      const matched = f.stems.filter((x) => kw.has(x)).map((x) => kw.get(x)!);
      const signal = (has('question') && question) || (has('quant') && quant) || (has('nextStep') && (nextStep || dated)) || (has('listen') && paraphrase);
      const strongSignal = (has('nextStep') && dated && nextStep) || (has('listen') && paraphrase);
      if (!(matched.length >= 2 || (matched.length >= 1 && signal) || strongSignal)) continue;
      let points = 1;
      if (has('question') && open) points += 1;
      if (has('quant') && quant) points += 1;
      if (has('nextStep') && dated) points += 1;
      if (has('listen') && paraphrase) points += 1;
      if (matched.length >= 3) points += 0.5;
      // a criterion about asking: statements (a pitch full of numbers) weigh half
      if (has('question') && !question) points /= 2;
      candidates.push({ sentence: s, turn: t, keywords: matched, points: Math.min(2, points), open, question, quant, dated, paraphrase });
    }
  }
  // best sentences first; ties keep transcript order (stable sort)
  const top = [...candidates].sort((a, b) => b.points - a.points).slice(0, 4);
  const total = top.reduce((a, x) => a + x.points, 0);
  let level: Level = total >= 4 ? 2 : total >= 1 ? 1 : 0;
  let capped: string | null = null;
  const questions = top.filter((x) => x.question);
  if (level === 2 && has('question') && questions.length > 0 && !questions.some((q) => q.open)) {
    level = 1;
    capped = texts.cappedClosed;
  }
  const aboutTalkTime = /talk|speak|monologue|interrupt|habla|parla|fala/iu.test(`${c.description} ${c.levelZero} ${c.levelHigh}`);
  if (aboutTalkTime && repShare > 0.65 && level > 0) {
    const cap: Level = repShare > 0.8 ? 0 : 1;
    if (level > cap) {
      level = cap;
      capped = texts.cappedTalk;
    }
  }
  const evidence: EvidenceQuote[] =
    level > 0
      ? top
          .slice(0, 3)
          .sort((a, b) => a.turn.seq - b.turn.seq)
          .map((x) => ({ quote: x.sentence, turnSeq: x.turn.seq, startMs: x.turn.startMs }))
      : [];
  const keywords = [...new Set(top.flatMap((x) => x.keywords))].slice(0, 6);
  const rationale = texts.rationale({
    level,
    found: candidates.length,
    keywords,
    open: top.filter((x) => x.open).length,
    closed: top.filter((x) => x.question && !x.open).length,
    quant: has('quant') ? top.filter((x) => x.quant).length : 0,
    dated: has('nextStep') ? top.filter((x) => x.dated).length : 0,
    paraphrase: has('listen') ? top.filter((x) => x.paraphrase).length : 0,
    repShare: aboutTalkTime ? repShare : null,
    capped,
  });
  const primary: Category = cats[0] ?? 'general';
  return {
    result: { criterionId: c.id, name: c.name, level, originalLevel: level, rationale: level > 0 ? rationale : `${rationale} ${texts.noEvidence}`, evidence, unverified: false },
    primary,
  };
}

/**
 * The offline evaluator: deterministic rules over the rep's sentences and the criterion texts
 * (keyword overlap, open/closed questions, numbers, dated next steps, paraphrases, talk share).
 * It is a heuristic and says so in every rationale and in the summary.
 */
export function evaluateOffline(input: { turns: readonly Turn[]; criteria: readonly Criterion[]; language: string }): EvaluationOutput & { score: number } {
  const texts = offlineTexts(input.language);
  const features = sentenceFeatures(input.turns, input.language);
  const scored = input.criteria.map((c) => scoreCriterion(c, input.turns, input.language, features));
  const criteria = scored.map((s) => s.result);
  const score = computeScore(criteria.map((c) => c.level));
  const rep = input.turns.filter((t) => t.speaker === 'rep');
  const qs = rep.flatMap((t) => sentences(t.text).filter(isQuestion));
  const open = qs.filter((q) => isOpenQuestion(q, input.language)).length;
  const strongOnes = criteria.filter((c) => c.level === 2);
  const weakOnes = criteria.filter((c) => c.level === 0);
  const strengths = (strongOnes.length ? strongOnes : criteria.filter((c) => c.level === 1)).slice(0, 3).map((c) => texts.strength(c.name));
  const improvements: Improvement[] = scored
    .map((s, i) => ({ ...s, c: input.criteria[i] }))
    .filter((s) => s.result.level < 2)
    .sort((a, b) => a.result.level - b.result.level)
    .slice(0, 3)
    .map((s) => ({ what: texts.improveWhat(s.c.name), why: s.c.levelHigh, example: texts.examples[s.primary] }));
  const summary = `${texts.heuristic} ${texts.summary({ score, strong: strongOnes.map((c) => c.name), weak: weakOnes.map((c) => c.name), repShare: repShareOf(input.turns), questions: qs.length, open })}`;
  return { criteria, summary, strengths, improvements, score };
}
