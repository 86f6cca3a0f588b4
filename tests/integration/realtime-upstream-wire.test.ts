import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAIRealtimeUpstream } from '../../server/realtime/openai-realtime-upstream';
import type { UpstreamEvent } from '../../server/realtime/upstream';
import { startFakeRealtime, type FakeRealtime } from '../helpers/fake-realtime';

// The upstream's hot path (server/realtime/realtime-wire.ts) on the wire: appends built by hand and
// sent with a zero masking key, audio deltas read without the SDK, everything else through the SDK.
let fake: FakeRealtime;
beforeAll(async () => {
  fake = await startFakeRealtime({ echo: true });
});
afterAll(() => fake.close());

describe('OpenAI Realtime upstream wire', () => {
  it('the audio appended comes back byte for byte as output audio of its item; other events still go through the SDK', async () => {
    const up = new OpenAIRealtimeUpstream({ apiKey: 'sk-test', baseURL: fake.baseURL, wsOptions: { ca: fake.ca } });
    const events: UpstreamEvent[] = [];
    up.on((e) => events.push(e));
    await up.connect({ instructions: 'x', model: 'gpt-realtime', voice: 'alloy', language: 'en' });
    const frames = [randomBytes(1920), randomBytes(1920), randomBytes(38)];
    for (const f of frames) up.appendAudio(f);
    await expect.poll(() => events.filter((e) => e.type === 'output_audio').length).toBe(3);
    const audio = events.filter(
      (e): e is Extract<UpstreamEvent, { type: 'output_audio' }> => e.type === 'output_audio',
    );
    expect(audio.map((e) => e.itemId)).toEqual(['echo', 'echo', 'echo']);
    audio.forEach((e, i) => expect(e.pcm.equals(frames[i])).toBe(true));

    // a control message sent by the SDK, and an error event parsed by it
    up.truncate('item_x', 120);
    await expect.poll(() => fake.truncates).toEqual([{ item_id: 'item_x', audio_end_ms: 120 }]);
    fake.sendError(false);
    await expect
      .poll(() => events.find((e) => e.type === 'error'))
      .toEqual({ type: 'error', fatal: false, code: 'invalid_value', message: 'Invalid value for audio_end_ms' });
    up.close();
  });
});
