/**
 * Finding a quoted passage in a turn's text: strict on words, not on formatting. Both sides are
 * cut into tokens — words (letter/digit runs) and single marks — and compared token by token
 * after NFKC, lower case and folding typographic variants of quotes and dashes. Before comparing:
 *
 * - punctuation is left out (quote marks, sentence marks, ellipses, brackets, dashes between
 *   words), so a changed final mark, a dropped comma or an ellipsis standing for a pause do not
 *   matter, while the words must be the same words in the same order;
 * - digit groups joined by a thousands separator (`60,000`, `60.000`, `60 000`, `60'000`) are one
 *   number, so a figure quoted with or without its separator is the same figure;
 * - what carries meaning stays: currency and other symbols (`€`, `$`, `%`, `&`, `/`), and a minus
 *   sign in front of a number (`-5%` is not `5%`). Accents are part of a word ("está" is not "esta").
 */

interface Token {
  t: string;
  start: number;
  end: number;
}

const TOKEN = /[\p{L}\p{M}\p{N}]+|[^\s\p{L}\p{M}\p{N}]/gu;
/** Punctuation that is formatting, not words: every \p{P} mark but these, which say something. */
const KEPT_PUNCTUATION = new Set(['%', '‰', '#', '&', '@', '/']);
const GROUP_SEPARATORS = new Set([',', '.', "'"]);
/** Spaces a number's digit groups may be separated by: one space, no-break or thin. */
const SPACE_SEPARATOR = /^[  \u2009]$/u;
const DIGITS = /^\d+$/;
const SENTENCE_END = /[.!?…。]['"’”»)\]]*\s*$/u;
const CLOSING = /^[.!?…。'"’”»)\]]$/u;

function foldToken(t: string): string {
  return t
    .normalize('NFKC')
    .toLocaleLowerCase('und')
    .replace(/[’‘‛ʼ′`´]/g, "'")
    .replace(/[“”„‟″«»]/g, '"')
    .replace(/[‐‑‒–—―−﹣－]/g, '-');
}

/** Joins `60` `,` `000` (and `60` `000` one space apart) into the one number `60000`. */
function joinDigitGroups(text: string, raw: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < raw.length; i++) {
    const tok = { ...raw[i] };
    if (DIGITS.test(tok.t) && tok.t.length <= 3) {
      for (;;) {
        const sep = raw[i + 1];
        const viaMark =
          sep &&
          GROUP_SEPARATORS.has(sep.t) &&
          sep.start === tok.end &&
          raw[i + 2] &&
          raw[i + 2].start === sep.end &&
          /^\d{3}$/.test(raw[i + 2].t);
        if (viaMark) {
          tok.t += raw[i + 2].t;
          tok.end = raw[i + 2].end;
          i += 2;
          continue;
        }
        const viaSpace = sep && /^\d{3}$/.test(sep.t) && SPACE_SEPARATOR.test(text.slice(tok.end, sep.start));
        if (viaSpace) {
          tok.t += sep.t;
          tok.end = sep.end;
          i += 1;
          continue;
        }
        break;
      }
    }
    out.push(tok);
  }
  return out;
}

/** A dash right before a number, not joined to a word or number before it: a minus sign. */
function isMinus(text: string, tokens: Token[], i: number): boolean {
  const next = tokens[i + 1];
  return (
    tokens[i].t === '-' &&
    !!next &&
    next.start === tokens[i].end &&
    DIGITS.test(next.t) &&
    !/[\p{L}\p{N}]/u.test(text.charAt(tokens[i].start - 1))
  );
}

function tokens(text: string): Token[] {
  const raw = [...text.matchAll(TOKEN)].map((m) => ({
    t: foldToken(m[0]),
    start: m.index,
    end: m.index + m[0].length,
  }));
  const joined = joinDigitGroups(text, raw);
  return joined.filter((tok, i) => !/^\p{P}$/u.test(tok.t) || KEPT_PUNCTUATION.has(tok.t) || isMinus(text, joined, i));
}

/** The span of `quote` in `text` (first occurrence, whole tokens, formatting aside), or null. */
export function findQuote(quote: string, text: string): { start: number; end: number } | null {
  const q = tokens(quote).map((x) => x.t);
  if (q.length === 0) return null;
  const hay = tokens(text);
  outer: for (let i = 0; i + q.length <= hay.length; i++) {
    for (let j = 0; j < q.length; j++) if (hay[i + j].t !== q[j]) continue outer;
    let end = hay[i + q.length - 1].end;
    // a quote that ends a sentence keeps the transcript's own closing marks
    if (SENTENCE_END.test(quote)) while (CLOSING.test(text.charAt(end))) end++;
    return { start: hay[i].start, end };
  }
  return null;
}
