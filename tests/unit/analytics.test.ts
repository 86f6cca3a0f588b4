import { describe, expect, it } from 'vitest';
import { computeAnalytics, countFillers, isOpenQuestion } from '../../server/evaluation/analytics';
import type { Turn } from '../../server/evaluation/types';

// A handmade call: rep 0–4 s, prospect 4.5–6.5 s, rep 7–13 s + 13–15 s (monologue of two turns),
// prospect interrupted (played 1 s of 3 s), rep overlaps it.
const turns: Turn[] = [
  { seq: 1, speaker: 'rep', text: 'Hi Ana, um, how does your team plan routes today?', startMs: 0, endMs: 4000 },
  {
    seq: 2,
    speaker: 'prospect',
    text: 'Mostly in spreadsheets, honestly.',
    startMs: 4500,
    endMs: 6500,
    responseLatencyMs: 500,
  },
  {
    seq: 3,
    speaker: 'rep',
    text: 'Okay. Do you use a telematics portal? We basically help with that.',
    startMs: 7000,
    endMs: 13000,
  },
  { seq: 4, speaker: 'rep', text: 'You know, like, our customers save time.', startMs: 13000, endMs: 15000 },
  {
    seq: 5,
    speaker: 'prospect',
    text: 'We tried something like that before and it did not work for us.',
    startMs: 16000,
    endMs: 19000,
    interrupted: true,
    playedMs: 1000,
    responseLatencyMs: 1000,
  },
  { seq: 6, speaker: 'rep', text: 'Sorry, what went wrong?', startMs: 17000, endMs: 18000 },
  { seq: 7, speaker: 'prospect', text: 'The drivers hated it.', startMs: 18500, endMs: 20000, responseLatencyMs: 3000 },
];

describe('conversation analytics', () => {
  const a = computeAnalytics(turns, { language: 'en', durationMs: 21000 });

  it('measures talk/listen ratio from turn timings (interrupted turns count what was played)', () => {
    // rep: 4000 + 6000 + 2000 + 1000 = 13000; prospect: 2000 + 1000 + 1500 = 4500
    expect(a.talkRatio).toMatchObject({ repMs: 13000, prospectMs: 4500, source: 'timing' });
    expect(a.talkRatio.repShare).toBeCloseTo(13000 / 17500, 3);
    expect(a.durationMs).toBe(21000);
  });

  it('falls back to word counts when timings are missing', () => {
    const b = computeAnalytics(
      turns.map((t) => ({ ...t, endMs: null })),
      { language: 'en' },
    );
    expect(b.talkRatio.source).toBe('words');
    expect(b.talkRatio.repWords).toBe(10 + 12 + 7 + 4);
    expect(b.talkRatio.prospectWords).toBe(4 + 13 + 4);
    expect(b.wordsPerMinute).toBeNull();
  });

  it('finds the longest rep monologue across consecutive rep turns', () => {
    expect(a.longestRepMonologue).toEqual({ ms: 8000, words: 19, turnSeq: 3 });
  });

  it('counts rep questions, open and closed', () => {
    expect(a.questions.count).toBe(3);
    expect(a.questions.open).toBe(2);
    expect(a.questions.closed).toBe(1);
    expect(a.questions.examples.map((q) => q.turnSeq)).toEqual([1, 3, 6]);
  });

  it('computes rep words per minute over the rep speaking time', () => {
    // 33 words in 13 s
    expect(a.wordsPerMinute).toBe(Math.round((33 / (13000 / 60000)) * 10) / 10);
  });

  it('counts filler words of the rep only', () => {
    expect(a.fillerWords.counts).toEqual({ um: 1, basically: 1, 'you know': 1, like: 1 });
    expect(a.fillerWords.total).toBe(4);
    expect(a.fillerWords.perHundredWords).toBe(12.1); // 4 of 33 words
  });

  it('counts barge-ins and overlaps, and prospect response latency', () => {
    expect(a.interruptions).toEqual({ repBargeIns: 1, overlaps: 1 });
    expect(a.responseLatency).toEqual({ count: 3, avgMs: 1500, p50Ms: 1000, maxMs: 3000 });
  });
});

describe('filler words per language', () => {
  it('english: fillers but not "I’d like to" or "you know what"', () => {
    expect(
      countFillers(
        'Um, I would like to, uh, sort of explain. Do you know what, it is kind of basically done, like, actually.',
        'en',
      ),
    ).toEqual({
      um: 1,
      uh: 1,
      'sort of': 1,
      'kind of': 1,
      basically: 1,
      like: 1,
      actually: 1,
    });
  });
  it('spanish', () => {
    expect(countFillers('Eh, o sea, pues la idea es, bueno, ahorrar tiempo, ¿sabes? Este, sí.', 'es')).toEqual({
      eh: 1,
      'o sea': 1,
      pues: 1,
      bueno: 1,
      '¿sabes?': 1,
      este: 1,
    });
  });
  it('italian', () => {
    expect(countFillers('Allora, ehm, cioè, praticamente è tipo un gestionale, diciamo.', 'it')).toEqual({
      ehm: 1,
      cioè: 1,
      praticamente: 1,
      tipo: 1,
      allora: 1,
      diciamo: 1,
    });
  });
  it('brazilian portuguese', () => {
    expect(countFillers('Então, é... tipo assim, a ideia é essa, né? Sabe?', 'pt-BR')).toEqual({
      então: 1,
      'é…': 1,
      tipo: 1,
      assim: 1,
      né: 1,
      sabe: 1,
    });
  });
  it('unknown languages fall back to English', () => {
    expect(countFillers('Um, basically.', 'de')).toEqual({ um: 1, basically: 1 });
  });
});

describe('open questions', () => {
  it.each([
    ['How does that work today?', 'en', true],
    ['Walk me through the last time it happened?', 'en', true],
    ['Do you use spreadsheets?', 'en', false],
    ['¿Cómo lo hacen hoy?', 'es', true],
    ['¿Usan hojas de cálculo?', 'es', false],
    ['Come lo gestite oggi?', 'it', true],
    ['Como vocês fazem hoje?', 'pt-BR', true],
  ])('%s (%s) → %s', (q, lang, open) => {
    expect(isOpenQuestion(q, lang)).toBe(open);
  });
});
