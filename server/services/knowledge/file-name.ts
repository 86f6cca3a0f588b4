import { repairText } from '../../contracts/text';

/** Longest stored file name (characters), extension included. */
export const MAX_FILE_NAME_LENGTH = 200;

// Control characters, the characters Windows/macOS/Unix reserve in names, and bidi overrides
// (which can disguise an extension: "invoice‮fdp.txt").
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f<>:"/\\|?*\u202a-\u202e\u2066-\u2069]/g;

/**
 * A safe display/storage name from what the client claims: only the last path segment, no
 * control or reserved characters, no leading dots, at most 200 characters with the extension
 * kept. Returns '' when nothing usable is left.
 */
export function sanitizeFileName(raw: string): string {
  const normalized = repairText(raw).normalize('NFC');
  const base = normalized.split(/[/\\]/).pop() ?? '';
  let name = base.replace(UNSAFE, '').replace(/\s+/g, ' ').trim();
  name = name.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  if (!name) return '';
  const chars = [...name];
  if (chars.length <= MAX_FILE_NAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? [...name.slice(dot)] : [];
  if (ext.length === 0 || ext.length > 16) return chars.slice(0, MAX_FILE_NAME_LENGTH).join('').trim();
  const stem = [...name.slice(0, dot)]
    .slice(0, MAX_FILE_NAME_LENGTH - ext.length)
    .join('')
    .trim();
  return stem + ext.join('');
}

/** The X-File-Name header is percent-encoded by the client (headers are Latin-1 only). */
export function decodeFileNameHeader(value: string | string[] | undefined): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
