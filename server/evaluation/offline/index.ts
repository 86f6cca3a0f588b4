import { computeAnalytics, type CallAnalytics } from '../analytics';
import { checkQuote, EvidenceLedger, turnIndex, type LocatedQuote } from '../evidence';
import { computeScore } from '../score';
import type { Criterion, CriterionResult, EvaluationOutput, EvidenceQuote, Improvement, Level, Turn } from '../types';
import { isDatedStep, isFollowUp, agreed, type RubricResult } from './detectors';
import { CallFacts, type RepSentence } from './features';
import { rubricFor } from './rubrics';
import { factList, offlineTexts, type OfflineTexts } from './texts';

export const OFFLINE_EVALUATOR_VERSION = 'spar-offline-eval-v2';
const MAX_QUOTES = 3;

/**
 * A rep sentence as evidence, through the same check as a model's quote (evidence.ts): at least
 * four words, not mere courtesy, one sentence backing at most two criteria and one at level 2. A sentence too short
 * on its own ("I understand.", "What happened?") is quoted with the next or previous sentence of its turn.
 */
function located(x: CallFacts, s: RepSentence, turns: ReadonlyMap<number, Turn>): LocatedQuote | null {
  const tries = [s.text];
  const next = x.sameTurn(s).find((t) => t.sentIdx === s.sentIdx + 1);
  const prev = x.sameTurn(s).find((t) => t.sentIdx === s.sentIdx - 1);
  if (next) tries.push(s.turn.text.slice(s.start, next.end));
  if (prev) tries.push(s.turn.text.slice(prev.start, s.end));
  for (const quote of tries) {
    const r = checkQuote({ turn: s.turn.seq, quote }, turns);
    if (r.ok) return r.evidence;
  }
  return null;
}

function pickEvidence(
  x: CallFacts,
  criterionId: string,
  r: RubricResult & { level: Level },
  turns: ReadonlyMap<number, Turn>,
  ledger: EvidenceLedger,
): { evidence: EvidenceQuote[]; backs: Level } {
  const out: EvidenceQuote[] = [];
  let backs: Level = 0;
  for (const s of r.evidence) {
    if (out.length >= MAX_QUOTES) break;
    const q = located(x, s, turns);
    if (!q || out.some((e) => e.turnSeq === q.turnSeq && e.start === q.start)) continue;
    const granted = ledger.claim(criterionId, q, r.level);
    if (granted === 0) continue;
    backs = Math.max(backs, granted) as Level;
    const { sentenceKeys: _keys, offerOnly: _offer, ...quote } = q;
    out.push(quote);
  }
  return { evidence: out.sort((a, b) => a.turnSeq - b.turnSeq || (a.start ?? 0) - (b.start ?? 0)), backs };
}

function rationale(t: OfflineTexts, level: Level | null, r: RubricResult | null, noEvidence: boolean): string {
  if (level === null || !r) return t.notAssessable;
  const parts = [t.level(level)];
  if (r.found.length) parts.push(`${t.found}: ${factList(t, r.found)}.`);
  if (noEvidence) parts.push(t.noEvidence);
  if (level < 2 && r.missing.length) parts.push(`${t.higher}: ${factList(t, r.missing, true)}.`);
  return parts.join(' ');
}

export interface OfflineInput {
  turns: readonly Turn[];
  criteria: readonly Criterion[];
  language: string;
  /** The report's analytics (talk share, interruptions); computed here when not given. */
  analytics?: CallAnalytics;
}

/**
 * The offline evaluator: behaviour detectors over the rep's own sentences (offline/detectors.ts)
 * mapped to each seeded scorecard's criteria, or to the behaviour a custom criterion's text names;
 * a criterion no detector observes gets no level ("not assessable offline") and stays out of the
 * score. Deterministic, in all four languages, and labelled heuristic in every text it writes.
 */
export function evaluateOffline(input: OfflineInput): EvaluationOutput & { score: number | null } {
  const analytics = input.analytics ?? computeAnalytics(input.turns, { language: input.language });
  const x = new CallFacts(input.turns, input.language, {
    repShare: analytics.talkRatio.repShare,
    bargeIns: analytics.interruptions.repBargeIns,
  });
  const t = offlineTexts(input.language);
  const turns = turnIndex(input.turns);
  const ledger = new EvidenceLedger();

  const scored = input.criteria.map((c) => {
    const rubric = rubricFor(c);
    const r = rubric ? rubric(x) : null;
    if (!r || r.level === null) {
      const result: CriterionResult = {
        criterionId: c.id,
        name: c.name,
        level: null,
        originalLevel: null,
        note: 'not_assessable',
        rationale: t.notAssessable,
        evidence: [],
        unverified: false,
      };
      return { c, r: null, result };
    }
    const { evidence, backs } =
      r.level > 0 ? pickEvidence(x, c.id, { ...r, level: r.level }, turns, ledger) : { evidence: [], backs: 0 };
    // a level above 0 needs a sentence of the rep that passes the evidence rules, and is no higher
    // than that sentence may back (talk share excepted: it is measured)
    const unbacked = r.level > 0 && evidence.length === 0 && !r.measured;
    const level: Level = unbacked ? 0 : r.measured ? r.level : (Math.min(r.level, backs) as Level);
    const result: CriterionResult = {
      criterionId: c.id,
      name: c.name,
      level,
      originalLevel: level,
      note: unbacked ? 'no_evidence' : null,
      rationale: rationale(t, level, r, unbacked),
      evidence,
      unverified: false,
    };
    return { c, r, result };
  });

  const criteria = scored.map((s) => s.result);
  const score = computeScore(criteria.map((c) => c.level));
  const strengths = scored
    .filter((s) => s.result.level === 2 && s.r?.found.length)
    .map((s) => `${s.c.name}: ${factList(t, s.r!.found)}.`);
  const improvements: Improvement[] = scored
    .filter((s) => s.result.level !== null && s.result.level < 2 && s.r)
    .sort((a, b) => (a.result.level ?? 0) - (b.result.level ?? 0))
    .slice(0, 3)
    .map((s) => ({
      what: `${s.c.name}: ${factList(t, s.r!.missing, true) || factList(t, s.r!.found)}.`,
      why: s.c.levelHigh,
      example: t.examples[s.r!.example],
    }));

  const qs = x.live.filter((s) => s.question);
  const summary = `${t.heuristic} ${t.summary({
    repShare: analytics.talkRatio.repShare,
    byWords: analytics.talkRatio.source === 'words',
    questions: qs.length,
    open: qs.filter((s) => s.open).length,
    followUps: qs.filter((s) => isFollowUp(x, s)).length,
    datedStep: x.live.some((s) => isDatedStep(x, s) && agreed(x, s)),
  })}`;
  return { criteria, summary, strengths, improvements, score };
}
