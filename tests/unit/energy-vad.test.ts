import { describe, expect, it } from 'vitest';
import { EnergyVad } from '../../server/realtime/energy-vad';
import { tone } from '../helpers/fake-realtime';

/** 40 ms frames of `pcm`, as the browser sends them. */
const frames = (pcm: Buffer) =>
  Array.from({ length: Math.ceil(pcm.length / 1920) }, (_, i) => pcm.subarray(i * 1920, (i + 1) * 1920));
const feed = (vad: EnergyVad, pcm: Buffer) =>
  frames(pcm)
    .map((f) => vad.push(f))
    .filter((x) => x !== null);
const silence = (ms: number) => Buffer.alloc(ms * 48);

describe('energy VAD (offline barge-in)', () => {
  it('silence and quiet noise are not speech', () => {
    const vad = new EnergyVad();
    expect(feed(vad, silence(2000))).toEqual([]);
    expect(feed(vad, tone(2000, 150))).toEqual([]); // about -47 dBFS
  });

  it('a click or a cough shorter than 200 ms is not speech', () => {
    const vad = new EnergyVad();
    expect(feed(vad, Buffer.concat([tone(120, 8000), silence(400), tone(120, 8000), silence(400)]))).toEqual([]);
  });

  it('speech starts after 200 ms of sound and stops after 600 ms of quiet', () => {
    const vad = new EnergyVad();
    expect(feed(vad, tone(160, 8000))).toEqual([]);
    expect(feed(vad, tone(80, 8000))).toEqual(['start']);
    expect(vad.speaking).toBe(true);
    // a pause inside a sentence does not end it
    expect(feed(vad, Buffer.concat([silence(400), tone(400, 8000)]))).toEqual([]);
    expect(feed(vad, silence(560))).toEqual([]);
    expect(feed(vad, silence(80))).toEqual(['stop']);
    expect(vad.speaking).toBe(false);
  });
});
