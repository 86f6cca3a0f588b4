import type { CallUsage } from '../../../db/schema/calls';

/**
 * Per-token prices of the realtime model used for the cost estimate, in USD per 1M tokens, as
 * published by OpenAI for `gpt-realtime` (GA) — checked 2025-08-28. An estimate only: the
 * invoice is the truth. Input transcription (gpt-4o-mini-transcribe, billed per minute) is
 * not included.
 */
const REALTIME_PRICES_USD_PER_M = {
  asOf: '2025-08-28',
  inputText: 4.0,
  cachedInput: 0.4,
  inputAudio: 32.0,
  outputText: 16.0,
  outputAudio: 64.0,
} as const;

export const EMPTY_USAGE: CallUsage = {
  inputTextTokens: 0,
  inputAudioTokens: 0,
  outputTextTokens: 0,
  outputAudioTokens: 0,
  cachedTokens: 0,
  totalTokens: 0,
};

export function addUsage(a: CallUsage, b: Partial<CallUsage> | null | undefined): CallUsage {
  if (!b) return a;
  return {
    inputTextTokens: a.inputTextTokens + (b.inputTextTokens ?? 0),
    inputAudioTokens: a.inputAudioTokens + (b.inputAudioTokens ?? 0),
    outputTextTokens: a.outputTextTokens + (b.outputTextTokens ?? 0),
    outputAudioTokens: a.outputAudioTokens + (b.outputAudioTokens ?? 0),
    cachedTokens: a.cachedTokens + (b.cachedTokens ?? 0),
    totalTokens: a.totalTokens + (b.totalTokens ?? 0),
  };
}

/** Cached tokens are billed at the cached rate instead of the full input rate (counted against audio first, the larger share). */
export function estimateCostUsd(u: CallUsage): number {
  const p = REALTIME_PRICES_USD_PER_M;
  const cached = Math.min(u.cachedTokens, u.inputTextTokens + u.inputAudioTokens);
  const cachedAudio = Math.min(cached, u.inputAudioTokens);
  const cachedText = cached - cachedAudio;
  const usd =
    ((u.inputTextTokens - cachedText) * p.inputText +
      (u.inputAudioTokens - cachedAudio) * p.inputAudio +
      cached * p.cachedInput +
      u.outputTextTokens * p.outputText +
      u.outputAudioTokens * p.outputAudio) /
    1_000_000;
  return Math.round(usd * 10_000) / 10_000;
}
