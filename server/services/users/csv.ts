/**
 * RFC 4180 CSV reading and writing. Pure (no Node or DOM APIs): the server, the CLI and the
 * browser (credentials download, template) share it.
 */

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    /** 1-based record number (header = 1) where the problem starts. */
    readonly record: number,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

/**
 * Parses CSV text into records of fields: double-quoted fields may hold commas, CR/LF and `""`
 * (an escaped quote); records end with CRLF, LF or CR; a leading UTF-8 BOM is dropped. A blank
 * line is kept as a record with one empty field, so record positions match spreadsheet rows.
 * A final line break does not add a record.
 */
export function parseCsv(text: string): string[][] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  let fieldStarted = false; // any char (or quotes) seen for the current field
  const n = src.length;
  const endField = () => {
    record.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  while (i < n) {
    const c = src[i];
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        // after a closing quote only a separator or a line break may follow
        const next = src[i];
        if (i < n && next !== ',' && next !== '\n' && next !== '\r') {
          throw new CsvSyntaxError('Unexpected character after a closing quote', records.length + 1);
        }
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
      i++;
      continue;
    }
    if (c === ',') {
      endField();
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && src[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    field += c;
    fieldStarted = true;
    i++;
  }
  if (quoted) throw new CsvSyntaxError('A quoted field is not closed', records.length + 1);
  if (fieldStarted || record.length > 0) endRecord();
  return records;
}

/** Cells a spreadsheet would run as a formula start with one of these (OWASP "CSV injection"). */
const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r'];

/** Prefixes a cell that a spreadsheet would treat as a formula with a single quote. */
export function escapeFormula(value: string): string {
  return value.length > 0 && FORMULA_TRIGGERS.includes(value[0]) ? `'${value}` : value;
}

/** Undoes escapeFormula on import, so an exported file can be imported again unchanged. */
export function unescapeFormula(value: string): string {
  return value.length > 1 && value[0] === "'" && FORMULA_TRIGGERS.includes(value[1]) ? value.slice(1) : value;
}

function quoteField(value: string): string {
  return /[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * CSV text (CRLF line ends, RFC 4180 quoting) with every cell escaped against formula injection.
 * `null`/`undefined` become empty cells.
 */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | null | undefined>>): string {
  return rows.map((r) => r.map((v) => quoteField(escapeFormula(v ?? ''))).join(',')).join('\r\n') + '\r\n';
}
