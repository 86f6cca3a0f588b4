import { describe, expect, it } from 'vitest';
import { TurnLatency } from '../../client/features/calls/turn-latency';

describe('TurnLatency: the delay the rep hears after speaking', () => {
  it('measures from the end of the rep speech to the onset of the answer, once per answer', () => {
    const l = new TurnLatency();
    l.onset(0.5); // the greeting: no rep speech before it
    l.quiet(2.0);
    l.mic(3.0);
    l.mic(3.4); // the rep's speech goes on; its last loud moment is 3.4 s
    l.onset(3.95);
    expect(l.take()).toEqual([550]);
    expect(l.take()).toEqual([]);
  });

  it('ignores the microphone while the prospect is heard (echo, talking over it), and what it reported before', () => {
    const l = new TurnLatency();
    l.onset(0.2);
    l.quiet(0.8);
    l.mic(1.0);
    l.onset(1.6);
    expect(l.take()).toEqual([600]);
    l.mic(2.0); // during the answer
    l.quiet(2.5);
    l.mic(2.0); // the worklet keeps reporting the same old moment
    l.onset(4.0);
    expect(l.take()).toEqual([]);
    // the rep spoke on after the prospect stopped: that counts
    l.quiet(4.5);
    l.mic(5.0);
    l.onset(5.25);
    expect(l.take()).toEqual([250]);
  });

  it("never measures the call's first sound (the prospect answering the phone), even after rep speech", () => {
    const l = new TurnLatency();
    l.mic(0.5);
    l.onset(0.55);
    expect(l.take()).toEqual([]);
  });

  it('does not measure an answer that starts before the speech ended, or after an implausibly long silence', () => {
    const l = new TurnLatency();
    l.onset(0.1);
    l.quiet(0.5);
    l.mic(2.0);
    l.onset(1.9);
    l.quiet(2.2);
    l.mic(3.0);
    l.onset(40);
    expect(l.take()).toEqual([]);
  });
});
