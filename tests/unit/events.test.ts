import { describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client';
import { emit, subscribe, subscribersOf } from '../../server/events';

// The domain event emitter: subscribers run one after the other, each awaited, in the order they
// were attached; attaching again under a name replaces; a throw stops the rest and rejects (the
// emitter's transaction then rolls back).

const tx = {} as Tx;
const event = (callId: string) => ({ tx, tenantId: 't', magicLinkId: callId });

describe('domain events', () => {
  it('runs subscribers in order, each awaited before the next, with the emitter’s payload', async () => {
    const seen: string[] = [];
    subscribe('mail.sent', 'order-a', async (e) => {
      await new Promise((r) => setTimeout(r, 20));
      seen.push(`a:${e.magicLinkId}`);
      expect(e.tx).toBe(tx);
    });
    subscribe('mail.sent', 'order-b', async (e) => void seen.push(`b:${e.magicLinkId}`));
    await emit('mail.sent', event('1'));
    expect(seen).toEqual(['a:1', 'b:1']);
  });

  it('attaching under the same name again replaces the handler and keeps its place', async () => {
    const seen: string[] = [];
    subscribe('mail.sent', 'order-a', async () => void seen.push('a2'));
    await emit('mail.sent', event('2'));
    expect(subscribersOf('mail.sent').filter((n) => n.startsWith('order-'))).toEqual(['order-a', 'order-b']);
    expect(seen).toEqual(['a2']);
  });

  it('a subscriber that throws rejects the emit and the later ones do not run', async () => {
    const seen: string[] = [];
    subscribe('report.failed', 'boom', async () => {
      throw new Error('boom');
    });
    subscribe('report.failed', 'after', async () => void seen.push('after'));
    await expect(emit('report.failed', { tx, tenantId: 't', callId: 'c', error: 'x' })).rejects.toThrow('boom');
    expect(seen).toEqual([]);
  });

  it('an event nobody subscribed to resolves', async () => {
    await expect(emit('report.ready', { tx, tenantId: 't', callId: 'c', score: null })).resolves.toBeUndefined();
  });
});
