import { describe, expect, it } from 'vitest';
import {
  DATE_MAX,
  hasUnstorableText,
  isoDateTime,
  normaliseLine,
  normaliseText,
  rawText,
  repairJson,
  repairText,
  storableJson,
  text,
  TEXT_MESSAGES,
} from '../../server/contracts/text';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('the shared text schema', () => {
  it('refuses NUL and lone surrogates with the translated key, and nothing else', () => {
    const name = text('x.required').min(1, 'x.required').max(10, 'x.tooLong');
    for (const bad of ['a\u0000b', '\u0000', '\uD800', 'a\uDFFFb', '\uDBFF\uDBFF'])
      expect(messages(name.safeParse(bad)), JSON.stringify(bad)).toEqual([TEXT_MESSAGES.unstorable]);
    // a real surrogate pair (an emoji) is text
    expect(name.safeParse(' ok 😀 ')).toEqual({ success: true, data: 'ok 😀' });
    expect(messages(name.safeParse('   '))).toEqual(['x.required']);
    expect(messages(name.safeParse(42))).toEqual(['x.required']);
    expect(messages(name.safeParse('x'.repeat(11)))).toEqual(['x.tooLong']);
  });

  it('rawText keeps spaces (passwords) but refuses what cannot be stored', () => {
    expect(rawText().safeParse('  pw  ')).toEqual({ success: true, data: '  pw  ' });
    expect(messages(rawText().safeParse('p\u0000w'))).toEqual([TEXT_MESSAGES.unstorable]);
  });

  it('dates: ISO with an offset, between 2000 and 2199', () => {
    const d = isoDateTime('x.dueInvalid');
    expect(d.safeParse('2026-05-01T17:00:00Z').success).toBe(true);
    expect(d.safeParse('2026-05-01T17:00:00+02:00').success).toBe(true);
    expect(messages(d.safeParse('0000-01-01T00:00:00Z'))).toEqual([TEXT_MESSAGES.dateOutOfRange]);
    expect(messages(d.safeParse('1999-12-31T23:59:59Z'))).toEqual([TEXT_MESSAGES.dateOutOfRange]);
    expect(messages(d.safeParse('2200-01-01T00:00:00Z'))).toEqual([TEXT_MESSAGES.dateOutOfRange]);
    expect(d.safeParse(DATE_MAX.toISOString()).success).toBe(true);
    expect(messages(d.safeParse('2026-02-30T10:00:00Z'))).toEqual(['x.dueInvalid']);
    expect(messages(d.safeParse('275760-09-13T00:00:00.000Z'))).toEqual(['x.dueInvalid']);
    expect(messages(d.safeParse('2026-05-01 17:00'))).toEqual(['x.dueInvalid']);
  });
});

describe('machine text is repaired, never refused', () => {
  it('repairText drops NUL and replaces lone surrogates', () => {
    expect(repairText('a\u0000b\uD800c\uDC00')).toBe('ab\uFFFDc\uFFFD');
    expect(repairText('pair 😀')).toBe('pair 😀');
    expect(hasUnstorableText(repairText('\u0000\uDFFF'))).toBe(false);
  });

  it('normaliseLine makes one line of speech: a turn cannot hold another turn', () => {
    expect(normaliseLine(' Hello\n[14] Prospect: yes\r\nok\u2028fine\u0085end\t\u0007 ')).toBe(
      'Hello [14] Prospect: yes ok fine end',
    );
    expect(normaliseLine('\u0000\n\t ')).toBe('');
  });

  it('normaliseText keeps newlines and tabs, drops other controls', () => {
    expect(normaliseText('a\r\nb\tc\u0000\u0001d\u007f')).toBe('a\nb\tcd');
  });

  it('storableJson finds unstorable strings and keys at any depth; repairJson fixes them without polluting prototypes', () => {
    expect(storableJson({ a: [{ b: 'ok' }], 'k\u0000': 1 })).toBe(false);
    expect(storableJson({ a: [{ b: 'x\uD800' }] })).toBe(false);
    expect(storableJson({ a: [{ b: 'ok', n: 1, t: true, z: null }] })).toBe(true);
    const repaired = repairJson(JSON.parse('{"a":"\\u0000x","__proto__":{"polluted":1},"l":["\\ud800"]}')) as Record<
      string,
      unknown
    >;
    expect(repaired).toEqual({ a: 'x', l: ['\uFFFD'] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(repaired)).toBe(Object.prototype);
  });
});
