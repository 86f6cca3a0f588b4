import { CsvError, parse } from 'csv-parse/sync';

/** Reading CSV (csv-parse), for the users import on the server and the CLI. */

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
 * Parses CSV text into records of fields (csv-parse): double-quoted fields may hold commas, CR/LF
 * and `""` (an escaped quote); records end with CRLF, LF or CR, mixed in one file too; a leading
 * UTF-8 BOM is dropped. A blank line is kept as a record with one empty field, so record positions
 * match spreadsheet rows. A final line break does not add a record.
 */
export function parseCsv(text: string): string[][] {
  try {
    return parse(text, {
      bom: true,
      relax_column_count: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      skip_empty_lines: false,
    }) as string[][];
  } catch (e) {
    if (e instanceof CsvError) {
      const record = (Number((e as CsvError & { records?: number }).records) || 0) + 1;
      const message =
        e.code === 'CSV_QUOTE_NOT_CLOSED'
          ? 'A quoted field is not closed'
          : e.code === 'CSV_INVALID_CLOSING_QUOTE'
            ? 'Unexpected character after a closing quote'
            : e.message;
      throw new CsvSyntaxError(message, record);
    }
    throw e;
  }
}
