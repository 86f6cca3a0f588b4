import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appendAudioMessage, parseOutputAudioDelta } from '../../server/realtime/realtime-wire';

const pcm = (bytes: number) => randomBytes(bytes);

/** What the upstream does with a message without the fast path: the SDK's JSON.parse, then handle(). */
function fullParse(msg: string) {
  const e = JSON.parse(msg) as { type: string; item_id?: unknown; delta?: unknown };
  if (e.type !== 'response.output_audio.delta') return null;
  return {
    itemId: typeof e.item_id === 'string' ? e.item_id : '',
    pcm: Buffer.from(typeof e.delta === 'string' ? e.delta : '', 'base64'),
  };
}

// GA event shapes as the Realtime API sends them (docs: "response.output_audio.delta", "response.output_audio_transcript.delta", …)
const audioDelta = (audio: Buffer, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: 'response.output_audio.delta',
    event_id: 'event_CD7a2n3Jm8Gx',
    response_id: 'resp_CD7a2Q1v9Y1K',
    item_id: 'item_CD7a2RZ6uH3v',
    output_index: 0,
    content_index: 0,
    delta: audio.toString('base64'),
    ...extra,
  });

describe('realtime wire fast path', () => {
  it('an input_audio_buffer.append is byte for byte what JSON.stringify makes', () => {
    for (const n of [0, 2, 1920, 1921, 4800]) {
      const audio = pcm(n);
      expect(appendAudioMessage(audio).toString('utf8')).toBe(
        JSON.stringify({ type: 'input_audio_buffer.append', audio: audio.toString('base64') }),
      );
    }
  });

  it('reads a response.output_audio.delta as the full parse does, whatever the key order', () => {
    const audio = pcm(1920);
    const shapes = [
      audioDelta(audio),
      // the fake (and any producer) may put event_id first and delta anywhere
      JSON.stringify({
        event_id: 'event_1',
        delta: audio.toString('base64'),
        type: 'response.output_audio.delta',
        item_id: 'item_2',
        response_id: 'r',
        output_index: 0,
        content_index: 0,
      }),
      // no item id: the full parse gives ''
      JSON.stringify({ type: 'response.output_audio.delta', delta: audio.toString('base64') }),
      // an odd-length chunk
      audioDelta(pcm(7)),
      audioDelta(Buffer.alloc(0)),
    ];
    for (const msg of shapes) {
      const fast = parseOutputAudioDelta(Buffer.from(msg));
      expect(fast).not.toBeNull();
      expect(fast).toEqual(fullParse(msg));
    }
    expect(parseOutputAudioDelta(Buffer.from(shapes[0]))!.pcm.equals(audio)).toBe(true);
  });

  it('leaves every other event, and audio deltas in forms it does not read, to the full parse (null)', () => {
    const audio = pcm(960);
    const others = [
      // a text delta has a "delta" too
      JSON.stringify({
        type: 'response.output_audio_transcript.delta',
        event_id: 'event_2',
        response_id: 'resp_1',
        item_id: 'item_1',
        output_index: 0,
        content_index: 0,
        delta: 'Hello ',
      }),
      // a transcript quoting the audio type, escaped inside a string
      JSON.stringify({
        type: 'response.output_audio_transcript.done',
        item_id: 'item_1',
        transcript: '"type":"response.output_audio.delta" and "delta":"AAAA"',
      }),
      JSON.stringify({
        type: 'response.done',
        response: { id: 'resp_1', status: 'completed', usage: { total_tokens: 3 } },
      }),
      JSON.stringify({
        type: 'error',
        event_id: 'event_3',
        error: { type: 'invalid_request_error', code: 'invalid_value', message: 'bad' },
      }),
      JSON.stringify({ type: 'session.updated', session: { type: 'realtime' } }),
      JSON.stringify({ type: 'input_audio_buffer.speech_started', audio_start_ms: 100, item_id: 'item_3' }),
    ];
    for (const msg of others) expect(parseOutputAudioDelta(Buffer.from(msg))).toBeNull();

    const unusual = [
      // pretty-printed
      JSON.stringify(JSON.parse(audioDelta(audio)), null, 2),
      // base64 with escaped slashes (valid JSON, not what the fast path reads)
      audioDelta(audio).replace(/\//g, '\\/'),
      // a nested "delta" before the top-level one
      JSON.stringify({
        type: 'response.output_audio.delta',
        meta: { delta: 'AAAA' },
        item_id: 'item_4',
        delta: audio.toString('base64'),
      }),
      // a nested "delta" and no top-level one
      JSON.stringify({ type: 'response.output_audio.delta', meta: { delta: 'AAAA' }, item_id: 'item_4' }),
      // a nested object holding the audio type
      JSON.stringify({
        type: 'response.output_audio_transcript.delta',
        meta: { type: 'response.output_audio.delta' },
        delta: 'AAAA',
      }),
      // not JSON at all, and cut short
      'not json "type":"response.output_audio.delta" "delta":"AAAA"',
      audioDelta(audio).slice(0, 200),
    ];
    for (const msg of unusual) expect(parseOutputAudioDelta(Buffer.from(msg))).toBeNull();
    // the valid ones among them carry the audio, which the upstream then gets from the full parse
    for (const msg of unusual.slice(0, 3)) expect(fullParse(msg)!.pcm.equals(audio)).toBe(true);
  });
});
