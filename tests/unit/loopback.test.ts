import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isLocalRequest, isLoopbackAddress, isLoopbackHost } from '../../server/http/loopback';

const req = (remoteAddress: string | undefined, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;

describe('loopback', () => {
  it('knows loopback addresses in every spelling, and nothing else', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of [
      '10.0.0.1',
      '192.0.2.2',
      '::ffff:10.0.0.1',
      'fd00::2',
      '0.0.0.0',
      '',
      undefined,
      'localhost',
      '127.0.0.1.evil.test',
    ])
      expect(isLoopbackAddress(a), String(a)).toBe(false);
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
    expect(isLoopbackHost('::')).toBe(false);
  });

  it('a local request comes from loopback and carries no proxy header', () => {
    expect(isLocalRequest(req('127.0.0.1'))).toBe(true);
    expect(isLocalRequest(req('192.0.2.7'))).toBe(false);
    expect(isLocalRequest(req(undefined))).toBe(false);
    for (const h of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'via'])
      expect(isLocalRequest(req('127.0.0.1', { [h]: '203.0.113.9' })), h).toBe(false);
  });
});
