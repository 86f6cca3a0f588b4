import { AppError } from '../../errors';
import { kindOfFileName, type KnowledgeKind } from '../../contracts/knowledge';

const UNSUPPORTED_MESSAGE = 'Unsupported file type. Upload a PDF, DOCX, TXT or Markdown file.';

export const unsupportedFileType = (reason: string) =>
  new AppError('UNSUPPORTED_FILE_TYPE', UNSUPPORTED_MESSAGE, { reason });

/** DOCX main part larger than this once inflated is refused (a zip bomb, not a document). */
const MAX_DOCX_XML_BYTES = 100 * 1024 * 1024;

/** The kind a file name claims, or 415 before any byte is read. */
export function kindFromName(name: string): KnowledgeKind {
  const kind = kindOfFileName(name);
  if (!kind) throw unsupportedFileType('extension');
  return kind;
}

interface ZipEntry {
  name: string;
  uncompressedSize: number;
}

/** Entries of a zip's central directory (no decompression); null when it is not a readable zip. */
export function zipEntries(buf: Buffer): ZipEntry[] | null {
  if (buf.length < 22 || buf.readUInt32LE(0) !== 0x04034b50) return null;
  // End of central directory: 22 bytes plus a comment of up to 65535 bytes, at the very end.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65535); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) return null;
    const uncompressedSize = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    if (p + 46 + nameLen > buf.length) return null;
    entries.push({ name: buf.toString('utf8', p + 46, p + 46 + nameLen), uncompressedSize });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** Strict UTF-8 text without NUL bytes (binary data renamed .txt fails). */
function isUtf8Text(buf: Buffer): boolean {
  if (buf.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks that the bytes are what the extension claims: a PDF starts with "%PDF-" (within the first
 * KB, as readers allow), a DOCX is a zip holding word/document.xml, TXT and Markdown are UTF-8.
 */
export function assertContentMatches(kind: KnowledgeKind, buf: Buffer): void {
  switch (kind) {
    case 'pdf':
      if (buf.subarray(0, 1024).indexOf('%PDF-') < 0) throw unsupportedFileType('content');
      return;
    case 'docx': {
      const entries = zipEntries(buf);
      const main = entries?.find((e) => e.name === 'word/document.xml');
      if (!main) throw unsupportedFileType('content');
      if (main.uncompressedSize > MAX_DOCX_XML_BYTES) throw unsupportedFileType('docx_too_large_inflated');
      return;
    }
    case 'txt':
    case 'md':
      if (!isUtf8Text(buf)) throw unsupportedFileType('content');
      return;
  }
}
