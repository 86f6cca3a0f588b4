import { describe, expect, it } from 'vitest';
import { formatFileSize, formatLimit, kindOfFileName, MAX_FILE_BYTES } from '../../server/contracts/knowledge';
import { CHUNK_MAX_CHARS, CHUNK_OVERLAP_CHARS, chunkText } from '../../server/services/knowledge/chunk';
import { hasText, normalizeText } from '../../server/services/knowledge/extract';
import {
  decodeFileNameHeader,
  MAX_FILE_NAME_LENGTH,
  sanitizeFileName,
} from '../../server/services/knowledge/file-name';
import { assertContentMatches, zipEntries } from '../../server/services/knowledge/file-type';
import { fileTooLarge } from '../../server/services/knowledge/upload-body';
import { buildDocx, buildPdf, buildZip } from '../fixtures/knowledge/builders';

const sentence = (i: number) =>
  `Sentence number ${i} tells the rep something specific about fleet ${i} and its routes.`;

describe('chunkText', () => {
  it('returns nothing for empty text and one chunk for short text', () => {
    expect(chunkText('')).toEqual([]);
    expect(chunkText('  \n\n ')).toEqual([]);
    expect(chunkText('One short paragraph.')).toEqual(['One short paragraph.']);
  });

  it('keeps every chunk within the maximum and every sentence whole in some chunk', () => {
    const text = Array.from({ length: 40 }, (_, p) =>
      Array.from({ length: 6 }, (_, s) => sentence(p * 6 + s)).join(' '),
    ).join('\n\n');
    const chunks = chunkText(text);
    expect(chunks.length).toBeGreaterThan(10);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(CHUNK_MAX_CHARS);
    // all but the last chunk are reasonably full (~1,000–1,500 characters)
    for (const c of chunks.slice(0, -1)) expect(c.length).toBeGreaterThanOrEqual(900);
    for (let i = 0; i < 240; i++) expect(chunks.some((c) => c.includes(sentence(i)))).toBe(true);
  });

  it('starts each chunk after the first with the end of the previous one (overlap on a sentence boundary)', () => {
    const text = Array.from({ length: 60 }, (_, i) => sentence(i)).join(' ');
    const chunks = chunkText(text);
    expect(chunks.length).toBeGreaterThan(2);
    for (let i = 1; i < chunks.length; i++) {
      const prev = chunks[i - 1];
      const firstSentence = chunks[i].split(/(?<=\.)\s+/)[0];
      expect(prev.endsWith(firstSentence)).toBe(true);
      expect(firstSentence.length).toBeLessThanOrEqual(CHUNK_OVERLAP_CHARS);
    }
  });

  it('cuts a giant sentence without spaces or punctuation into bounded pieces', () => {
    const chunks = chunkText('x'.repeat(5000));
    expect(chunks.join('').replace(/\s/g, '').length).toBeGreaterThanOrEqual(5000);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(CHUNK_MAX_CHARS);
  });
});

describe('normalizeText / hasText', () => {
  it('strips the BOM, NUL and control characters and unifies newlines', () => {
    expect(normalizeText('\uFEFFa\r\nb\u0000c\u0007\r\n\r\n\r\n\r\nd  \n')).toBe('a\nbc\n\nd');
  });
  it('sees text only when letters or digits remain', () => {
    expect(hasText(' \n - . ')).toBe(false);
    expect(hasText('Ünïcode')).toBe(true);
  });
});

describe('sanitizeFileName', () => {
  it('keeps only the last path segment', () => {
    expect(sanitizeFileName('../../etc/passwd.txt')).toBe('passwd.txt');
    expect(sanitizeFileName('C:\\Users\\ada\\notes.md')).toBe('notes.md');
  });
  it('removes control, reserved and bidi-override characters and leading dots', () => {
    expect(sanitizeFileName('..hid<den>:"|?*\u0000\u001f\u202Efile.txt')).toBe('hiddenfile.txt');
    expect(sanitizeFileName('   ')).toBe('');
    expect(sanitizeFileName('../..')).toBe('');
  });
  it('trims long names to 200 characters keeping the extension', () => {
    const name = sanitizeFileName(`${'a'.repeat(300)}.docx`);
    expect([...name].length).toBe(MAX_FILE_NAME_LENGTH);
    expect(name.endsWith('.docx')).toBe(true);
  });
  it('decodes the percent-encoded header, tolerating bad encodings', () => {
    expect(decodeFileNameHeader('Pre%C3%A7os%20Q3.pdf')).toBe('Preços Q3.pdf');
    expect(decodeFileNameHeader('%E0%A4%A.txt')).toBe('%E0%A4%A.txt');
    expect(decodeFileNameHeader(undefined)).toBe('');
  });
});

describe('file types', () => {
  it('maps extensions to kinds', () => {
    expect(kindOfFileName('a.PDF')).toBe('pdf');
    expect(kindOfFileName('a.docx')).toBe('docx');
    expect(kindOfFileName('a.markdown')).toBe('md');
    expect(kindOfFileName('a.doc')).toBeNull();
    expect(kindOfFileName('pdf')).toBeNull();
  });
  it('accepts content that matches and refuses content that does not', () => {
    expect(() => assertContentMatches('pdf', buildPdf([['hello']]))).not.toThrow();
    expect(() => assertContentMatches('docx', buildDocx(['hello']))).not.toThrow();
    expect(() => assertContentMatches('txt', Buffer.from('héllo'))).not.toThrow();
    expect(() => assertContentMatches('pdf', Buffer.from('hello'))).toThrow(/Unsupported file type/);
    // a zip that is not a Word document
    expect(() => assertContentMatches('docx', buildZip([{ name: 'a.txt', data: 'x' }]))).toThrow(
      /Unsupported file type/,
    );
    expect(() => assertContentMatches('txt', Buffer.from([0xff, 0xfe, 0x00, 0x41]))).toThrow(/Unsupported file type/);
    expect(() => assertContentMatches('md', Buffer.from('a\u0000b'))).toThrow(/Unsupported file type/);
  });
  it('reads zip central directories', () => {
    expect(zipEntries(buildDocx(['x']))?.map((e) => e.name)).toContain('word/document.xml');
    expect(zipEntries(Buffer.from('PK not really'))).toBeNull();
  });
});

describe('size messages', () => {
  it('names the actual size and the maximum', () => {
    expect(fileTooLarge(6 * 1024 * 1024, MAX_FILE_BYTES).message).toBe('File too large: 6.0 MB (maximum 5 MB)');
    expect(fileTooLarge(null, MAX_FILE_BYTES).message).toBe('File too large: more than 5 MB (maximum 5 MB)');
    // just over the limit would round to "5.0 MB": shown in bytes instead
    expect(fileTooLarge(MAX_FILE_BYTES + 1, MAX_FILE_BYTES).message).toBe(
      'File too large: 5,242,881 bytes (maximum 5 MB)',
    );
    expect(fileTooLarge(6 * 1024 * 1024, MAX_FILE_BYTES).details).toEqual({
      sizeBytes: 6 * 1024 * 1024,
      maxBytes: MAX_FILE_BYTES,
    });
  });
  it('formats sizes for the list', () => {
    expect(formatFileSize(20)).toBe('20 bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatFileSize(1536, 'it')).toBe('1,5 KB');
    expect(formatLimit(MAX_FILE_BYTES)).toBe('5 MB');
  });
});

describe('REST path parameters', () => {
  it('matches :name segments and decodes them', async () => {
    const { matchPath } = await import('../../server/rest/v1/route');
    expect(matchPath('/api/v1/simulations/:simulationId/files', '/api/v1/simulations/abc%20d/files')).toEqual({
      simulationId: 'abc d',
    });
    expect(matchPath('/api/v1/simulations/:simulationId/files', '/api/v1/simulations//files')).toBeNull();
    expect(matchPath('/api/v1/simulations/:simulationId/files', '/api/v1/simulations/a/b/files')).toBeNull();
    expect(matchPath('/api/v1/simulations/:simulationId/files', '/api/v1/simulations/%E0%A4%A/files')).toBeNull();
    expect(matchPath('/api/v1/health', '/api/v1/health')).toEqual({});
    expect(matchPath('/api/v1/health', '/api/v1/healthz')).toBeNull();
  });
});
