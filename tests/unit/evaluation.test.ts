import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_SCORECARDS } from '../../db/seed/scorecards';
import { backoffMs } from '../../server/jobs/queue';
import { checkQuotes, locateQuote } from '../../server/evaluation/evidence';
import { criteriaFromSnapshot } from '../../server/evaluation/evaluate';
import { formatTranscript } from '../../server/evaluation/model';
import { evaluateOffline, OFFLINE_EVALUATOR_VERSION } from '../../server/evaluation/offline';
import { computeScore } from '../../server/evaluation/score';
import { normalise } from '../../server/evaluation/text';
import type { Criterion, Turn } from '../../server/evaluation/types';

const turns: Turn[] = [
  { seq: 0, speaker: 'prospect', text: 'Hello, Marta speaking. We don’t have budget this year.', startMs: 0, endMs: 2000 },
  { seq: 1, speaker: 'rep', text: 'Hi Marta! “Where does that process break down” for your planners?', startMs: 2500, endMs: 5000 },
  { seq: 2, speaker: 'prospect', text: 'When orders change late.', startMs: 5600, endMs: 7000 },
  { seq: 3, speaker: 'rep', text: "So if I heard you right, late changes don't just cost time — they cost 60,000 euros a month.", startMs: 7400, endMs: 12000 },
];

describe('normalised quote matching', () => {
  it('normalises case, NFKC, curly quotes, punctuation and whitespace', () => {
    expect(normalise('  Don’t   STOP…  “now”! ')).toBe('don t stop now');
    expect(normalise('ｆｕｌｌ　width')).toBe('full width'); // NFKC folds full-width letters and spaces
    expect(normalise("don't")).toBe(normalise('don’t'));
  });

  it('finds a quote in a rep turn despite case, curly quotes and punctuation differences', () => {
    const r = locateQuote('"where does that process BREAK DOWN for your planners"', turns);
    expect(r).toEqual({ ok: true, evidence: { quote: 'where does that process BREAK DOWN for your planners', turnSeq: 1, startMs: 2500 } });
    const curly = locateQuote('late changes don’t just cost time', turns);
    expect(curly.ok && curly.evidence.turnSeq).toBe(3);
  });

  it('rejects quotes from the prospect, invented quotes, ellipses and fragments', () => {
    expect(locateQuote('We don’t have budget this year', turns)).toMatchObject({ ok: false, reason: 'not_found' });
    expect(locateQuote('What is your budget for this project', turns)).toMatchObject({ ok: false, reason: 'not_found' });
    expect(locateQuote('So if I heard you right … 60,000 euros a month', turns)).toMatchObject({ ok: false, reason: 'ellipsis' });
    expect(locateQuote('break down', turns)).toMatchObject({ ok: false, reason: 'too_short' });
    // whole words only: "ost time" is not in "cost time"
    expect(locateQuote('ost time they cost', turns)).toMatchObject({ ok: false });
    // a quote spanning two rep turns is not in any single turn
    expect(locateQuote('for your planners so if I heard you right', turns)).toMatchObject({ ok: false, reason: 'not_found' });
  });

  it('keeps found quotes once and lists the rejected ones', () => {
    const r = checkQuotes(['So if I heard you right', 'so, if I heard you right!', 'We don’t have budget this year'], turns);
    expect(r.kept).toEqual([{ quote: 'So if I heard you right', turnSeq: 3, startMs: 7400 }]);
    expect(r.rejected).toEqual([{ quote: 'We don’t have budget this year', reason: 'not_found' }]);
  });
});

describe('score formula', () => {
  it('is sum / (2 × criteria) × 100 rounded to one decimal', () => {
    expect(computeScore([2, 2, 2])).toBe(100);
    expect(computeScore([0, 0])).toBe(0);
    expect(computeScore([1, 0, 0])).toBe(16.7); // 16.666…
    expect(computeScore([1, 1, 0])).toBe(33.3);
    expect(computeScore([2, 1, 1])).toBe(66.7);
    expect(computeScore([2, 1, 0, 0, 0, 0])).toBe(25);
    expect(computeScore([1, 0, 0, 0, 0, 0, 0])).toBe(7.1); // 7.142…
    expect(computeScore([])).toBe(0);
  });
});

describe('job backoff', () => {
  it('doubles per attempt, is capped and jittered within ±20 %', () => {
    const mid = () => 0.5;
    expect(backoffMs(1, { random: mid })).toBe(5000);
    expect(backoffMs(2, { random: mid })).toBe(10_000);
    expect(backoffMs(4, { random: mid })).toBe(40_000);
    expect(backoffMs(30, { random: mid })).toBe(600_000);
    expect(backoffMs(1, { random: () => 0 })).toBe(4000);
    expect(backoffMs(1, { random: () => 1 })).toBe(6000);
  });
});

describe('prompt helpers', () => {
  it('numbers turns with their speaker', () => {
    expect(formatTranscript(turns.slice(0, 2))).toBe('[0] Prospect: Hello, Marta speaking. We don’t have budget this year.\n[1] Rep: Hi Marta! “Where does that process break down” for your planners?');
  });
  it('reads the scorecard snapshot frozen at call start', () => {
    const snap = { id: 's1', name: 'Card', criteria: [{ id: 'c1', name: 'A', description: 'd', levelZero: '0', levelLow: '1', levelHigh: '2', position: 0 }] };
    expect(criteriaFromSnapshot(snap)).toEqual({ name: 'Card', criteria: [{ id: 'c1', name: 'A', description: 'd', levelZero: '0', levelLow: '1', levelHigh: '2' }] });
  });
});

interface Fixture {
  id: string;
  scorecard: string;
  quality: 'strong' | 'average' | 'weak';
  language: string;
  turns: Omit<Turn, 'seq'>[];
}
const dir = path.join(import.meta.dirname, '..', 'fixtures', 'transcripts');
const fixtures: Fixture[] = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Fixture);

function criteriaOf(name: string): Criterion[] {
  const card = DEMO_SCORECARDS.find((s) => s.name === name);
  if (!card) throw new Error(`no demo scorecard ${name}`);
  return card.criteria.map((c, i) => ({ id: `c${i + 1}`, name: c.name, description: c.description, levelZero: c.levelZero, levelLow: c.levelLow, levelHigh: c.levelHigh }));
}
const run = (f: Fixture) => evaluateOffline({ turns: f.turns.map((t, seq) => ({ ...t, seq })), criteria: criteriaOf(f.scorecard), language: f.language });

describe('offline evaluator on the fixture transcripts', () => {
  const cards = [...new Set(fixtures.map((f) => f.scorecard))];

  it('has strong, average and weak calls for at least three demo scorecards, 15–40 turns each', () => {
    expect(cards.length).toBeGreaterThanOrEqual(3);
    for (const card of cards) expect(fixtures.filter((f) => f.scorecard === card).map((f) => f.quality).sort()).toEqual(['average', 'strong', 'weak']);
    for (const f of fixtures) expect(f.turns.length, f.id).toBeGreaterThanOrEqual(15);
    for (const f of fixtures) expect(f.turns.length, f.id).toBeLessThanOrEqual(40);
  });

  it.each(cards)('ranks strong > average > weak for %s', (card) => {
    const score = (q: string) => run(fixtures.find((f) => f.scorecard === card && f.quality === q)!).score;
    expect(score('strong')).toBeGreaterThan(score('average'));
    expect(score('average')).toBeGreaterThan(score('weak'));
  });

  it('is deterministic and only quotes real rep sentences', () => {
    for (const f of fixtures) {
      const a = run(f);
      expect(run(f)).toEqual(a);
      const withSeq = f.turns.map((t, seq) => ({ ...t, seq }));
      for (const c of a.criteria) {
        if (c.level > 0) expect(c.evidence.length, `${f.id} ${c.name}`).toBeGreaterThan(0);
        for (const e of c.evidence) {
          const turn = withSeq[e.turnSeq];
          expect(turn.speaker).toBe('rep');
          expect(turn.text).toContain(e.quote);
          expect(e.startMs).toBe(turn.startMs);
          expect(locateQuote(e.quote, withSeq).ok).toBe(true);
        }
      }
      expect(a.score).toBe(computeScore(a.criteria.map((c) => c.level)));
    }
  });

  it('says it is a heuristic and gives improvements with example phrasings', () => {
    const weak = run(fixtures.find((f) => f.id === 'discovery-weak')!);
    expect(OFFLINE_EVALUATOR_VERSION).toBe('spar-offline-eval-v1');
    expect(weak.summary).toMatch(/heuristic/i);
    expect(weak.improvements.length).toBeGreaterThan(0);
    for (const i of weak.improvements) expect(i.example.length).toBeGreaterThan(10);
    for (const c of weak.criteria) expect(c.rationale).toMatch(/Rule outcome: level [012]/);
  });

  it('writes its fixed texts in the call language', () => {
    const f = fixtures.find((x) => x.id === 'discovery-average')!;
    const es = evaluateOffline({ turns: f.turns.map((t, seq) => ({ ...t, seq })), criteria: criteriaOf(f.scorecard), language: 'es' });
    expect(es.summary).toMatch(/heurística/);
    const fallback = evaluateOffline({ turns: f.turns.map((t, seq) => ({ ...t, seq })), criteria: criteriaOf(f.scorecard), language: 'de' });
    expect(fallback.summary).toMatch(/heuristic/);
  });
});
