import type Papa from 'papaparse';
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES } from '@shared/contacts/csv.ts';

export interface CsvFile {
  name: string;
  headers: string[];
  /** Data rows keyed by header, as the import API takes them. */
  rows: Array<Record<string, string>>;
}

export type CsvReadResult = { ok: true; file: CsvFile } | { ok: false; problems: string[] };

export const CSV_FILE_MESSAGES = {
  notCsv: 'Choose a .csv file. A spreadsheet saves one with "Save as" or "Download" → "CSV".',
  unreadable: 'This file could not be opened. Choose it again, or save a new copy.',
  noHeader: 'The first row must hold the column names (for example Email, First Name, Tags).',
  malformed: 'This file is not valid CSV, so nothing has been imported. Fix these rows (a spreadsheet can save a clean copy) and choose the file again:',
} as const;

const SHOWN_PROBLEMS = 8;

/** Papa's error codes in plain words; the row number counts data rows from 1, as the import report does. */
function explain(error: Papa.ParseError): string {
  // Papa counts quote errors from the header line (so its index is already the data row from 1), and field-count errors from the first data row.
  const row = error.row === undefined ? undefined : error.type === 'Quotes' ? error.row : error.row + 1;
  const where = row === undefined ? 'The file' : `Row ${row}`;
  switch (error.code) {
    case 'MissingQuotes':
      return `${where}: a quoted value is never closed (a " is missing), so the rest of the file cannot be read`;
    case 'InvalidQuotes':
      return `${where}: a " inside a quoted value must be written twice ("")`;
    case 'TooFewFields':
    case 'TooManyFields': {
      const [, expected, parsed] = /expected (\d+) fields but parsed (\d+)/.exec(error.message) ?? [];
      if (!expected || !parsed) return `${where}: ${error.message}`;
      return `${where}: has ${parsed} ${parsed === '1' ? 'value' : 'values'}, but the header has ${expected} columns`;
    }
    default:
      return `${where}: ${error.message}`;
  }
}

/**
 * Reads and parses a CSV file in the browser. UTF-8 is expected; a file that is not (Excel's
 * Windows-1252) is read as Windows-1252 instead of turning umlauts into "�". Any structural error
 * refuses the whole file with an explanation, rather than importing rows that may be shifted or cut.
 */
export async function readCsvFile(file: File): Promise<CsvReadResult> {
  if (!/\.csv$/i.test(file.name) && file.type !== 'text/csv') return { ok: false, problems: [CSV_FILE_MESSAGES.notCsv] };
  let bytes: ArrayBuffer;
  try {
    bytes = await file.arrayBuffer();
  } catch {
    return { ok: false, problems: [CSV_FILE_MESSAGES.unreadable] };
  }
  let text = new TextDecoder('utf-8').decode(bytes);
  if (text.includes('\ufffd')) text = new TextDecoder('windows-1252').decode(bytes);
  if (text.includes('\u0000')) return { ok: false, problems: [CSV_FILE_MESSAGES.notCsv] };

  // The parser loads with the first file, not with the contacts screen.
  const { default: papa } = await import('papaparse');
  const parsed = papa.parse<Record<string, string>>(text.replace(/^\ufeff/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  const headers = (parsed.meta.fields ?? []).filter((h) => h !== '');
  if (headers.length === 0) return { ok: false, problems: [CSV_FILE_MESSAGES.noHeader] };

  // A file with a single column has no delimiter to detect; that is not an error.
  const errors = parsed.errors.filter((e) => e.code !== 'UndetectableDelimiter');
  if (errors.length > 0) {
    const problems = errors.slice(0, SHOWN_PROBLEMS).map(explain);
    if (errors.length > SHOWN_PROBLEMS) problems.push(`…and ${errors.length - SHOWN_PROBLEMS} more problems`);
    return { ok: false, problems: [CSV_FILE_MESSAGES.malformed, ...problems] };
  }
  if (parsed.data.length === 0) return { ok: false, problems: [IMPORT_MESSAGES.noRows] };
  if (parsed.data.length > IMPORT_MAX_ROWS) return { ok: false, problems: [IMPORT_MESSAGES.tooManyRows] };
  return { ok: true, file: { name: file.name, headers, rows: parsed.data } };
}
