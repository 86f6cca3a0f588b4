import { describe, expect, it } from 'vitest';
import { isFatalRealtimeError, normalizeUsage } from '../../server/realtime/openai-realtime-upstream';
import { clientMessageSchema, encodeFrame, TokenBucket } from '../../server/realtime/protocol';
import { addUsage, EMPTY_USAGE, estimateCostUsd } from '../../server/services/calls/pricing';

describe('realtime helpers', () => {
  it('classifies upstream errors: auth/session fatal, a bad single event recoverable', () => {
    expect(isFatalRealtimeError({ type: 'invalid_request_error', code: 'session_expired' })).toBe(true);
    expect(isFatalRealtimeError({ type: 'authentication_error', code: null })).toBe(true);
    expect(isFatalRealtimeError({ type: 'invalid_request_error', code: 'invalid_value' })).toBe(false);
    expect(
      isFatalRealtimeError({ type: 'invalid_request_error', code: 'conversation_already_has_active_response' }),
    ).toBe(false);
  });

  it('normalizes GA usage and estimates the cost from the dated price table', () => {
    const u = normalizeUsage({
      total_tokens: 1_100_000,
      input_token_details: { text_tokens: 0, audio_tokens: 1_000_000, cached_tokens: 0 },
      output_token_details: { text_tokens: 0, audio_tokens: 100_000 },
    })!;
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
    expect(
      clientMessageSchema.safeParse({ type: 'metrics', samples: Array.from({ length: 31 }, () => ({})) }).success,
    ).toBe(false);
  });

  it('the token bucket allows one second of burst, then drops', () => {
    const b = new TokenBucket(100);
    let ok = 0;
    for (let i = 0; i < 300; i++) if (b.take()) ok++;
    expect(ok).toBeGreaterThanOrEqual(100);
    expect(ok).toBeLessThan(110);
  });
});
