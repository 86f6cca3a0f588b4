import { describe, expect, it } from 'vitest';
import { OfflineProspect, OFFLINE_PATIENCE, offlineProfileFrom } from '../../server/realtime/offline-upstream';
import { prospectPhrases } from '../../server/realtime/offline-phrases';
import { isFatalRealtimeError, normalizeUsage } from '../../server/realtime/openai-realtime-upstream';
import { clientMessageSchema, encodeFrame, TokenBucket } from '../../server/realtime/protocol';
import { addUsage, EMPTY_USAGE, estimateCostUsd } from '../../server/services/calls/pricing';

const scenario = {
  variables: {
    current_situation: 'we plan routes by hand.',
    pain_points: ['Planning takes two hours a day.'],
    goals: ['Halve planning time.'],
    objections: [
      { objection: 'We tried a tool before and it failed.', surfaces_when: 'pitch' },
      { objection: 'Budget is frozen.', surfaces_when: 'next step' },
      { objection: 'Our IT team is overloaded.', surfaces_when: 'implementation' },
    ],
    hidden_information: [{ information: 'The COO wants a decision by June.', reveal_when: 'asked about the decision timeline' }],
    success_signals: ['a pilot with two depots'],
  },
  narrative: { opening_line: 'Laura speaking.' },
};

const prospect = (difficulty: 'easy' | 'medium' | 'hard' | 'expert', language = 'en') =>
  new OfflineProspect(offlineProfileFrom({ personaName: 'Laura', difficulty, language, scenario }));

describe('offline prospect', () => {
  it('greets with the opening line, else a greeting in the call language', () => {
    expect(prospect('easy').greeting()).toBe('Laura speaking.');
    for (const [lang, word] of [
      ['en', 'Hello'],
      ['es', 'Hola'],
      ['it', 'Pronto'],
      ['pt-BR', 'Alô'],
    ]) {
      const p = new OfflineProspect(offlineProfileFrom({ personaName: 'Laura', difficulty: 'easy', language: lang, scenario: null }));
      expect(p.greeting()).toContain(word);
    }
  });

  it('reveals hidden information when the rep asks a matching open question', () => {
    const p = prospect('medium');
    expect(p.reply('What does the decision timeline look like for you?').text).toContain('COO wants a decision by June');
  });

  it('raises an objection on a pitch, pushes back on a thin answer at higher difficulty, then accepts a substantive one', () => {
    const p = prospect('hard');
    expect(p.reply('Our product and our platform do everything, we offer the best price.').text).toBe('We tried a tool before and it failed.');
    expect(prospect('hard').phrases.pushBack).toContain(p.reply('Trust me.').text);
    expect(p.reply('Fair point. This time we would start small with one depot, measure hours saved per week together, and only expand if it works.').text).toBe('Okay, that makes sense.');
  });

  it('patience depends on difficulty: expert hangs up after two weak turns, easy tolerates more', () => {
    const expert = prospect('expert');
    expect(expert.reply('Hi.').hangup).toBe(false);
    const last = expert.reply('Okay.');
    expect(last.hangup).toBe(true);
    expect(last.text).toBe(prospectPhrases('en').hangup);
    const easy = prospect('easy');
    for (let i = 0; i < OFFLINE_PATIENCE.easy - 1; i++) expect(easy.reply('Hm.').hangup).toBe(false);
    expect(easy.reply('Hm.').hangup).toBe(true);
  });

  it('agrees to a next step only when the difficulty is satisfied', () => {
    const easy = prospect('easy');
    easy.reply('What is the biggest challenge in your planning process today?');
    easy.reply('Our product optimises routes, we offer a platform.');
    easy.reply('I hear you. We would start with a small pilot on two depots and measure the hours saved every week with your team.');
    expect(easy.reply('Can we schedule a next step, a pilot meeting next week?').text).toMatch(/let's do it/);
    expect(easy.agreed).toBe(true);

    const expert = prospect('expert');
    expert.reply('What is the biggest challenge in your planning process today?');
    expect(expert.reply('Can we schedule a meeting next week?').text).not.toMatch(/let's do it/);
    expect(expert.agreed).toBe(false);
  });

  it('understands Spanish questions', () => {
    const p = prospect('medium', 'es');
    expect(p.classify('¿Cuál es el mayor problema de su proceso hoy?')).toBe('good_question');
    expect(p.classify('¿Podemos agendar una reunión la próxima semana?')).toBe('next_step');
  });
});

describe('realtime helpers', () => {
  it('classifies upstream errors: auth/session fatal, a bad single event recoverable', () => {
    expect(isFatalRealtimeError({ type: 'invalid_request_error', code: 'session_expired' })).toBe(true);
    expect(isFatalRealtimeError({ type: 'authentication_error', code: null })).toBe(true);
    expect(isFatalRealtimeError({ type: 'invalid_request_error', code: 'invalid_value' })).toBe(false);
    expect(isFatalRealtimeError({ type: 'invalid_request_error', code: 'conversation_already_has_active_response' })).toBe(false);
  });

  it('normalizes GA usage and estimates the cost from the dated price table', () => {
    const u = normalizeUsage({ total_tokens: 1_100_000, input_token_details: { text_tokens: 0, audio_tokens: 1_000_000, cached_tokens: 0 }, output_token_details: { text_tokens: 0, audio_tokens: 100_000 } })!;
    const total = addUsage(EMPTY_USAGE, u);
    expect(total).toMatchObject({ inputAudioTokens: 1_000_000, outputAudioTokens: 100_000, totalTokens: 1_100_000 });
    expect(estimateCostUsd(total)).toBeCloseTo(32 + 6.4, 4);
    expect(estimateCostUsd({ ...total, cachedTokens: 1_000_000 })).toBeCloseTo(0.4 + 6.4, 4);
  });

  it('frames are [uint32 LE seq][pcm]; control messages are validated', () => {
    const f = encodeFrame(7, Buffer.from([1, 2, 3, 4]), 2, 2);
    expect([...f]).toEqual([7, 0, 0, 0, 3, 4]);
    expect(clientMessageSchema.safeParse({ type: 'playback', itemId: 'a', playedMs: 400 }).success).toBe(true);
    expect(clientMessageSchema.safeParse({ type: 'playback', itemId: 'a', playedMs: -1 }).success).toBe(false);
    expect(clientMessageSchema.safeParse({ type: 'metrics', samples: Array.from({ length: 31 }, () => ({})) }).success).toBe(false);
  });

  it('the token bucket allows one second of burst, then drops', () => {
    const b = new TokenBucket(100);
    let ok = 0;
    for (let i = 0; i < 300; i++) if (b.take()) ok++;
    expect(ok).toBeGreaterThanOrEqual(100);
    expect(ok).toBeLessThan(110);
  });
});
