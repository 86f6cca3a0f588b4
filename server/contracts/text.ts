import { z } from 'zod';
import { PASSWORD_MAX } from './user-fields';

/**
 * The shared text and date building blocks of every contract. Anything a person or a machine
 * wrote passes one of these before it reaches SQL or a JSON column:
 *  - NUL (U+0000) is refused by PostgreSQL in text and in jsonb;
 *  - a lone UTF-16 surrogate is not text at all: JSON.stringify writes it as an escape that jsonb
 *    refuses, and UTF-8 cannot encode it.
 * Input typed by a person is refused with a translated message (`text()`); text produced by
 * machines (speech transcripts, model output, extracted files) is repaired (`normaliseText()`).
 */

/** Message keys (locales/<lng>/common.json, `validation.*`). */
export const TEXT_MESSAGES = {
  unstorable: 'validation.textUnstorable',
  invalid: 'validation.textInvalid',
  dateInvalid: 'validation.dateInvalid',
  dateOutOfRange: 'validation.dateOutOfRange',
} as const;

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATE_G = new RegExp(LONE_SURROGATE.source, 'g');
// eslint-disable-next-line no-control-regex
const NUL_G = /\u0000/g;

/** True when `s` holds a character PostgreSQL cannot store (NUL or a lone surrogate). */
export function hasUnstorableText(s: string): boolean {
  return s.includes('\u0000') || LONE_SURROGATE.test(s);
}

/** Removes NUL and replaces lone surrogates with U+FFFD, so the text can always be stored. */
export function repairText(s: string): string {
  if (!hasUnstorableText(s)) return s;
  return s.replace(NUL_G, '').replace(LONE_SURROGATE_G, '\uFFFD');
}

// Control characters other than tab and newline (C0, DEL, C1) and the Unicode line/paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL_G = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/**
 * Machine- or socket-delivered text as one line of speech: unstorable characters repaired,
 * control characters and every kind of line break turned into spaces, runs of blanks collapsed,
 * trimmed. A typed call turn can therefore never hold a second turn's line.
 */
export function normaliseLine(s: string): string {
  return repairText(s)
    .replace(/\r\n?|[\n\u2028\u2029\u0085]/g, ' ')
    .replace(CONTROL_G, ' ')
    .replace(/[\t ]+/g, ' ')
    .trim();
}

/** Multi-line machine text (extracted documents, model output): repaired, other controls dropped. */
export function normaliseText(s: string): string {
  return repairText(s)
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, ''); // eslint-disable-line no-control-regex
}

/**
 * Text typed by a person: a string (else `required` — the field's own "please enter…" key, or
 * the generic invalid-text key), refused with a translated message when it holds a character that
 * cannot be stored, then trimmed. Chain `.min()` / `.max()` as with z.string().
 */
export function text(required?: string) {
  return z
    .string({ error: required ?? TEXT_MESSAGES.invalid })
    .refine((s) => !hasUnstorableText(s), { error: TEXT_MESSAGES.unstorable, abort: true })
    .trim();
}

/** Text a field cannot do without: `required` is both the message for a missing and for an empty value. */
export function requiredText(required: string, max: number, tooLong: string) {
  return text(required).min(1, required).max(max, tooLong);
}

/**
 * A URL a person or a partner gave: well-formed, at most `max` characters, and storable — the URL
 * parser accepts a NUL or a lone surrogate in a path, PostgreSQL does not.
 */
export function storableUrl(max = 2000) {
  return z
    .url()
    .max(max)
    .refine((s) => !hasUnstorableText(s), { error: TEXT_MESSAGES.unstorable, abort: true });
}

/** An object key from outside (metadata): at most `max` characters, storable, kept as sent. */
export function storableKey(max: number) {
  return z
    .string()
    .max(max)
    .refine((s) => !hasUnstorableText(s), { error: TEXT_MESSAGES.unstorable, abort: true });
}

/** Like `text()` but not trimmed: passwords, where every character counts. */
export function rawText(required?: string, unstorable: string = TEXT_MESSAGES.unstorable) {
  return z
    .string({ error: required ?? TEXT_MESSAGES.invalid })
    .refine((s) => !hasUnstorableText(s), { error: unstorable, abort: true });
}

/** A password a person must type: `required` when it is missing or empty, at most PASSWORD_MAX characters. */
export function requiredPassword(required: string) {
  return rawText(required).min(1, required).max(PASSWORD_MAX);
}

/** The range of dates a person may enter (due dates, filters): PostgreSQL and JS both hold these. */
const DATE_MIN = new Date('2000-01-01T00:00:00.000Z');
export const DATE_MAX = new Date('2199-12-31T23:59:59.999Z');

/**
 * An ISO 8601 date-time with an offset (`2026-05-01T17:00:00Z`, `…+02:00`), within DATE_MIN…DATE_MAX.
 * Stays a string (the services parse it); a year 0 or 275760 never reaches the database.
 */
export function isoDateTime(message: string = TEXT_MESSAGES.dateInvalid) {
  return z.iso.datetime({ offset: true, error: message, abort: true }).refine(
    (s) => {
      const t = Date.parse(s);
      return Number.isFinite(t) && t >= DATE_MIN.getTime() && t <= DATE_MAX.getTime();
    },
    { error: TEXT_MESSAGES.dateOutOfRange },
  );
}

/** A JSON value whose every string (and object key) can be stored: for free-form JSON inputs. */
export function storableJson(value: unknown, depth = 0): boolean {
  if (depth > 32) return false;
  if (typeof value === 'string') return !hasUnstorableText(value);
  if (Array.isArray(value)) return value.every((v) => storableJson(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.entries(value).every(([k, v]) => !hasUnstorableText(k) && storableJson(v, depth + 1));
  }
  return true;
}

/** A copy of a parsed JSON value with every string and key repaired (`repairText`): model answers. */
export function repairJson(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return repairText(value);
  if (depth > 64 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => repairJson(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (k !== '__proto__') out[repairText(k)] = repairJson(v, depth + 1);
  return out;
}
