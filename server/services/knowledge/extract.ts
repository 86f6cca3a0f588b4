import mammoth from 'mammoth';
import { getDocumentProxy } from 'unpdf';
import type { KnowledgeKind } from '../../contracts/knowledge';
import { unsupportedFileType } from './file-type';
import { normaliseText } from '../../contracts/text';

type PDFDocumentProxy = Awaited<ReturnType<typeof getDocumentProxy>>;

export interface Extraction {
  text: string;
  status: 'ready' | 'no_text';
  /** PDF pages, when the format has pages. */
  pages?: number;
}

/**
 * Text fit for Postgres and search: no BOM, no NUL or lone surrogate (server/contracts/text.ts), no other control
 * characters except newlines and tabs, Unix newlines, no trailing spaces, at most one blank line.
 */
export function normalizeText(raw: string): string {
  return normaliseText(raw.replace(/^\uFEFF/, ''))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A document "has text" when something other than whitespace and punctuation is left. */
export function hasText(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

/** Text of one page, with pdf.js's end-of-line marks as newlines (what unpdf's extractText does). */
async function pageText(pdf: PDFDocumentProxy, n: number): Promise<string> {
  const page = await pdf.getPage(n);
  try {
    const content = await page.getTextContent();
    return content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
  } finally {
    page.cleanup();
  }
}

/**
 * Page by page rather than all pages at once (unpdf's extractText): memory stays at one page's
 * text objects, and the event loop gets a turn between pages so a 1,000-page PDF does not stall
 * every other request for its whole parse.
 */
async function pdfText(buf: Buffer): Promise<{ text: string; pages: number }> {
  let pdf: PDFDocumentProxy;
  try {
    // pdf.js takes ownership of the array it is given: pass a copy, the buffer is stored afterwards
    pdf = await getDocumentProxy(new Uint8Array(buf), { isEvalSupported: false, useSystemFonts: false, verbosity: 0 });
  } catch {
    throw unsupportedFileType('unreadable_pdf');
  }
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      pages.push(await pageText(pdf, n));
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { text: pages.join('\n\n'), pages: pdf.numPages };
  } catch {
    throw unsupportedFileType('unreadable_pdf');
  } finally {
    await pdf.destroy();
  }
}

async function docxText(buf: Buffer): Promise<string> {
  try {
    const { value } = await mammoth.extractRawText({ buffer: buf });
    return value;
  } catch {
    throw unsupportedFileType('unreadable_docx');
  }
}

/** Extracts the text of an uploaded file whose content already matched its kind. */
export async function extractFileText(kind: KnowledgeKind, buf: Buffer): Promise<Extraction> {
  let raw: string;
  let pages: number | undefined;
  switch (kind) {
    case 'pdf': {
      const r = await pdfText(buf);
      raw = r.text;
      pages = r.pages;
      break;
    }
    case 'docx':
      raw = await docxText(buf);
      break;
    case 'txt':
    case 'md':
      // Markdown is kept as written: its markup is readable text for the model and for search
      raw = buf.toString('utf8');
      break;
  }
  const text = normalizeText(raw);
  return {
    text: hasText(text) ? text : '',
    status: hasText(text) ? 'ready' : 'no_text',
    ...(pages !== undefined ? { pages } : {}),
  };
}
