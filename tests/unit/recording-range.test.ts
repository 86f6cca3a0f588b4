import { describe, expect, it } from 'vitest';
import { rangeOf } from '../../server/rest/v1/calls';

const E = '"v1"';
describe('rangeOf (recording downloads)', () => {
  it('single ranges: from-to, open-ended, suffix; clamped to the file', () => {
    expect(rangeOf('bytes=10-19', undefined, E, 1000)).toEqual([10, 19]);
    expect(rangeOf('bytes=990-', undefined, E, 1000)).toEqual([990, 999]);
    expect(rangeOf('bytes=-5', undefined, E, 1000)).toEqual([995, 999]);
    expect(rangeOf('bytes=-5000', undefined, E, 1000)).toEqual([0, 999]);
    expect(rangeOf('bytes=900-5000', undefined, E, 1000)).toEqual([900, 999]);
  });
  it('a start past the end, or an empty suffix, cannot be satisfied', () => {
    expect(rangeOf('bytes=1000-', undefined, E, 1000)).toBe('unsatisfiable');
    expect(rangeOf('bytes=5000-6000', undefined, E, 1000)).toBe('unsatisfiable');
    expect(rangeOf('bytes=-0', undefined, E, 1000)).toBe('unsatisfiable');
  });
  it('malformed, multi-range, backwards and other units are ignored: the whole file', () => {
    for (const h of ['bytes=5-2', 'bytes=0-1,5-6', 'items=0-1', 'bytes=-', 'bytes=abc', ''])
      expect(rangeOf(h, undefined, E, 1000)).toBeNull();
    expect(rangeOf(undefined, undefined, E, 1000)).toBeNull();
  });
  it('If-Range: the range only for the named version', () => {
    expect(rangeOf('bytes=0-9', E, E, 1000)).toEqual([0, 9]);
    expect(rangeOf('bytes=0-9', '"v0"', E, 1000)).toBeNull();
  });
});
