/** Chunks aim for this many characters, never exceed MAX, and repeat ~OVERLAP characters of the previous one. */
const CHUNK_TARGET_CHARS = 1200;
export const CHUNK_MAX_CHARS = 1500;
export const CHUNK_OVERLAP_CHARS = 150;

// a piece must leave room for the overlap in a chunk
const PIECE_MAX = CHUNK_MAX_CHARS - CHUNK_OVERLAP_CHARS - 2;

/** Sentences of a paragraph: split after . ! ? … (and their CJK forms) followed by space. */
function sentences(paragraph: string): string[] {
  return paragraph.split(/(?<=[.!?…。！？]["'”’)\]]?)\s+/u).filter((s) => s.length > 0);
}

/** Cuts a run of text longer than `max` at word boundaries (hard cut when a word is longer). */
function splitWords(text: string, max: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let cut = rest.lastIndexOf(' ', max);
    if (cut < max / 2) cut = max;
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) out.push(rest);
  return out;
}

interface Piece {
  text: string;
  /** The piece starts a paragraph (joined with a blank line rather than a space). */
  paragraphStart: boolean;
}

/** Paragraphs, then sentences of long paragraphs, then words of long sentences: every piece ≤ PIECE_MAX. */
function pieces(text: string): Piece[] {
  const out: Piece[] = [];
  for (const para of text.split(/\n\s*\n/)) {
    const flat = para.replace(/\s+/g, ' ').trim();
    if (!flat) continue;
    if (flat.length <= PIECE_MAX) {
      out.push({ text: flat, paragraphStart: true });
      continue;
    }
    let first = true;
    for (const s of sentences(flat)) {
      for (const part of s.length <= PIECE_MAX ? [s] : splitWords(s, PIECE_MAX)) {
        out.push({ text: part, paragraphStart: first });
        first = false;
      }
    }
  }
  return out;
}

/** The end of a chunk to repeat at the start of the next: whole trailing sentences, else trailing words. */
function overlapOf(chunk: string): string {
  if (chunk.length <= CHUNK_OVERLAP_CHARS) return '';
  const ss = sentences(chunk);
  let tail = '';
  for (let i = ss.length - 1; i >= 0; i--) {
    const next = tail ? `${ss[i]} ${tail}` : ss[i];
    if (next.length > CHUNK_OVERLAP_CHARS) break;
    tail = next;
  }
  if (tail && tail.length < chunk.length) return tail;
  const cut = chunk.indexOf(' ', chunk.length - CHUNK_OVERLAP_CHARS);
  return cut > 0 ? chunk.slice(cut + 1) : '';
}

/**
 * Splits extracted text into search chunks of ~1,000–1,500 characters on paragraph and sentence
 * boundaries; each chunk after the first starts with the last sentence(s) of the previous one
 * (≤ 150 characters) so a fact cut by a boundary is still found whole.
 */
export function chunkText(text: string): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const p of pieces(text)) {
    const sep = current ? (p.paragraphStart ? '\n\n' : ' ') : '';
    if (current && current.length >= CHUNK_TARGET_CHARS && p.paragraphStart) {
      // a paragraph boundary after the target: a natural place to end the chunk
    } else if (current.length + sep.length + p.text.length <= CHUNK_MAX_CHARS) {
      current += sep + p.text;
      continue;
    }
    chunks.push(current);
    const overlap = overlapOf(current);
    current = overlap ? `${overlap}${p.paragraphStart ? '\n\n' : ' '}${p.text}` : p.text;
  }
  if (current) chunks.push(current);
  return chunks;
}
