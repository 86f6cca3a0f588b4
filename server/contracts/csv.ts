// the browser build: it runs in the browser (credentials download) and in Node alike
import { stringify } from 'csv-stringify/browser/esm/sync';

/**
 * Writing CSV (csv-stringify, which runs in Node and the browser: the credentials download and the
 * template are made in the browser) and the formula-injection escaping both sides share. Reading
 * is in csv-read.ts (server only).
 */

/** Cells a spreadsheet would run as a formula start with one of these (OWASP "CSV injection"; csv-stringify's escape_formulas uses the same). */
const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r'];

/** Prefixes a cell that a spreadsheet would treat as a formula with a single quote. */
export function escapeFormula(value: string): string {
  return value.length > 0 && FORMULA_TRIGGERS.includes(value[0]) ? `'${value}` : value;
}

/** Undoes escapeFormula on import, so an exported file can be imported again unchanged. */
export function unescapeFormula(value: string): string {
  return value.length > 1 && value[0] === "'" && FORMULA_TRIGGERS.includes(value[1]) ? value.slice(1) : value;
}

/**
 * CSV text (csv-stringify: CRLF line ends, RFC 4180 quoting) with every cell escaped against
 * formula injection. `null`/`undefined` become empty cells.
 */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | null | undefined>>): string {
  return stringify(
    rows.map((r) => r.map((v) => v ?? '')),
    { record_delimiter: 'windows', escape_formulas: true, quoted_match: /^\s|\s$/ },
  );
}
