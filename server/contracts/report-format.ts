/**
 * Pure helpers shared by the report page (client) and the HTML download (server): timestamps and
 * a defensive reading of the stored analytics (jsonb written by server/evaluation/analytics.ts).
 */

/** m:ss (h:mm:ss from one hour) for a time in ms from the call's start. */
export function clock(ms: number | null | undefined): string {
  const total = Math.max(0, Math.floor((ms ?? 0) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

export interface ReportAnalytics {
  talk: { repShare: number; source: 'timing' | 'words' } | null;
  longestMonologue: { ms: number; words: number; turnSeq: number | null } | null;
  questions: { count: number; open: number; closed: number } | null;
  wordsPerMinute: number | null;
  fillers: { total: number; perHundredWords: number; counts: [string, number][] } | null;
  interruptions: { repBargeIns: number; overlaps: number } | null;
  latency: { avgMs: number | null; maxMs: number | null; count: number } | null;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function readAnalytics(raw: unknown): ReportAnalytics | null {
  const a = obj(raw);
  if (!a) return null;
  const talk = obj(a.talkRatio);
  const mono = obj(a.longestRepMonologue);
  const q = obj(a.questions);
  const f = obj(a.fillerWords);
  const i = obj(a.interruptions);
  const l = obj(a.responseLatency);
  const counts = obj(f?.counts) ?? {};
  return {
    talk:
      talk && num(talk.repShare) !== null
        ? { repShare: num(talk.repShare)!, source: talk.source === 'words' ? 'words' : 'timing' }
        : null,
    longestMonologue: mono ? { ms: num(mono.ms) ?? 0, words: num(mono.words) ?? 0, turnSeq: num(mono.turnSeq) } : null,
    questions: q ? { count: num(q.count) ?? 0, open: num(q.open) ?? 0, closed: num(q.closed) ?? 0 } : null,
    wordsPerMinute: num(a.wordsPerMinute),
    fillers: f
      ? {
          total: num(f.total) ?? 0,
          perHundredWords: num(f.perHundredWords) ?? 0,
          counts: Object.entries(counts)
            .flatMap(([k, v]) => (num(v) !== null ? [[k, num(v)!] as [string, number]] : []))
            .sort((x, y) => y[1] - x[1]),
        }
      : null,
    interruptions: i ? { repBargeIns: num(i.repBargeIns) ?? 0, overlaps: num(i.overlaps) ?? 0 } : null,
    latency: l ? { avgMs: num(l.avgMs), maxMs: num(l.maxMs), count: num(l.count) ?? 0 } : null,
  };
}

/** Percent with no decimals from a 0..1 share. */
export const percent = (share: number) => Math.round(Math.max(0, Math.min(1, share)) * 100);

/** A file-name-safe slug ("Discovery call – Acme" → "discovery-call-acme"). */
export function slug(text: string, fallback = 'report'): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return s || fallback;
}

/** What the report's lists read of a criterion (the report view's criteria). */
interface CriterionLike {
  name: string;
  level: number | null;
  evidence: readonly unknown[];
  rejected: readonly unknown[];
  agreement: { samples: number; agreeing: number } | null;
}

/** "Areas to work on": every assessed criterion below 2, lowest first (never "none" beside a 1/2). */
export function areasToWorkOn<T extends CriterionLike>(criteria: readonly T[]): T[] {
  return criteria.filter((c) => c.level !== null && c.level < 2).sort((a, b) => (a.level ?? 0) - (b.level ?? 0));
}

/** Quotes verified / proposed for one criterion ("2 of 3 quotes verified"). */
export function quoteCounts(c: CriterionLike): { verified: number; proposed: number } {
  return { verified: c.evidence.length, proposed: c.evidence.length + c.rejected.length };
}

/** How many criteria have a level (the others are left out of the score). */
export function assessedCount(criteria: readonly CriterionLike[]): number {
  return criteria.filter((c) => c.level !== null).length;
}

/** With several samples: on how many criteria every sample gave the same level. */
export function unanimousCount(criteria: readonly CriterionLike[]): number {
  return criteria.filter((c) => c.agreement && c.agreement.agreeing === c.agreement.samples).length;
}

interface ReviewedLike {
  name: string;
  level: number | null;
  originalLevel: number | null;
  /** What levels 0, 1 and 2 mean on the scorecard. */
  levelDescriptions: readonly string[];
}

interface Suggestion {
  what: string;
  why: string;
  example: string;
}

/**
 * Strengths and improvement suggestions as the criteria's current levels have them, after a
 * review: a criterion raised to the top level leaves the suggestions and is a strength (in the
 * scorecard's words for that level); one lowered from it leaves the strengths and becomes a
 * suggestion. Everything else stays as the evaluator wrote it. An item is about a criterion when it
 * names it (the evaluators start each item with the criterion's name).
 */
export function summaryBlocks(
  criteria: readonly ReviewedLike[],
  strengths: readonly string[],
  improvements: readonly Suggestion[],
): { strengths: string[]; improvements: Suggestion[] } {
  const names = (text: string, c: ReviewedLike) =>
    c.name.trim() !== '' && text.toLocaleLowerCase().includes(c.name.trim().toLocaleLowerCase());
  const reviewed = criteria.filter((c) => c.level !== null && c.originalLevel !== null && c.level !== c.originalLevel);
  const raised = reviewed.filter((c) => c.level === 2);
  const lowered = reviewed.filter((c) => c.originalLevel === 2);
  const s = strengths.filter((x) => !lowered.some((c) => names(x, c)));
  const i = improvements.filter((x) => !raised.some((c) => names(x.what, c)));
  for (const c of raised)
    if (!s.some((x) => names(x, c))) s.push(c.levelDescriptions[2] ? `${c.name}: ${c.levelDescriptions[2]}` : c.name);
  for (const c of lowered)
    if (!i.some((x) => names(x.what, c))) i.push({ what: c.name, why: c.levelDescriptions[2] ?? '', example: '' });
  return { strengths: s, improvements: i };
}

/**
 * The sentence that opens an offline report's summary, for the staff who read it: it says the levels
 * are heuristic and asks a manager to review them (the offline evaluator writes it in the call's
 * language).
 */
export const OFFLINE_NOTE = {
  en: 'Offline heuristic evaluation (no AI model): levels come from fixed rules that look for behaviour in the rep’s own words, not from understanding the conversation. A manager should review them.',
  es: 'Evaluación heurística sin conexión (sin modelo de IA): los niveles salen de reglas fijas que buscan conductas en las palabras del propio vendedor, no de comprender la conversación. Conviene que un responsable los revise.',
  it: 'Valutazione euristica offline (senza modello di IA): i livelli vengono da regole fisse che cercano comportamenti nelle parole del venditore, non dalla comprensione della conversazione. È bene che un responsabile li riveda.',
  'pt-BR':
    'Avaliação heurística offline (sem modelo de IA): os níveis vêm de regras fixas que procuram comportamentos nas falas do próprio vendedor, não de entender a conversa. Vale a pena um gestor revisar.',
} as const;

/** The summary without the staff's note: outsiders (a campaign's guest) get the label in their own words instead. */
export function withoutStaffNote(summary: string): string {
  for (const note of Object.values(OFFLINE_NOTE))
    if (summary.startsWith(note)) return summary.slice(note.length).trimStart();
  return summary;
}

/** One line of a report's review history: who changed which criterion from which level to which. */
export function reviewHistoryText(
  t: (key: string, options?: Record<string, string | number>) => string,
  o: { userName: string | null; criterionName: string; fromLevel: number | null; toLevel: number },
): string {
  const user = o.userName ?? t('review.someone');
  return o.fromLevel === null
    ? t('review.historyItemFromNone', { user, criterion: o.criterionName, to: o.toLevel })
    : t('review.historyItem', { user, criterion: o.criterionName, from: o.fromLevel, to: o.toLevel });
}

/** At most this many criteria a drill trains: the weakest of its source call. */
const MAX_DRILL_CRITERIA = 3;

/**
 * The criteria a drill of a call trains: assessed, below level 2, lowest first (ties in scorecard
 * order), at most three. None: every assessed criterion is at level 2, there is nothing to drill.
 */
export function weakestCriteria<T extends { level: number | null }>(criteria: readonly T[]): T[] {
  return criteria
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c.level !== null && c.level < 2)
    .sort((a, b) => (a.c.level as number) - (b.c.level as number) || a.i - b.i)
    .slice(0, MAX_DRILL_CRITERIA)
    .map(({ c }) => c);
}
