import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '@shared/contacts/csv.ts';
import { CSV_FILE_MESSAGES, readCsvFile } from './csv-file.ts';

const csv = (text: string | Uint8Array<ArrayBuffer>, name = 'contacts.csv') => new File([text], name, { type: 'text/csv' });

describe('reading a CSV file in the browser', () => {
  it('reads headers and rows, with a semicolon as Excel writes it in Germany', async () => {
    const result = await readCsvFile(csv('\ufeffE-Mail;Vorname\r\nanna@example.com;Anna\r\n;\r\nben@example.com;Ben\r\n'));
    expect(result).toEqual({
      ok: true,
      file: { name: 'contacts.csv', headers: ['E-Mail', 'Vorname'], rows: [{ 'E-Mail': 'anna@example.com', Vorname: 'Anna' }, { 'E-Mail': 'ben@example.com', Vorname: 'Ben' }] },
    });
  });

  it('reads a single column of emails (no delimiter to detect is not an error)', async () => {
    const result = await readCsvFile(csv('email\nanna@example.com\nben@example.com\n'));
    expect(result.ok && result.file.rows).toEqual([{ email: 'anna@example.com' }, { email: 'ben@example.com' }]);
  });

  it('reads a Windows-1252 file (Excel on Windows) without turning umlauts into �', async () => {
    const bytes = new Uint8Array([...Buffer.from('email,last_name\nj@example.com,M'), 0xfc, ...Buffer.from('ller\n')]);
    const result = await readCsvFile(csv(bytes));
    expect(result.ok && result.file.rows).toEqual([{ email: 'j@example.com', last_name: 'Müller' }]);
  });

  it('refuses a malformed file, naming each broken row as the import report counts rows', async () => {
    const fields = await readCsvFile(csv('email,first_name\na@example.com,A\nb@example.com,B,extra\nc@example.com\n'));
    expect(fields).toEqual({
      ok: false,
      problems: [
        CSV_FILE_MESSAGES.malformed,
        'Row 2: has 3 values, but the header has 2 columns',
        'Row 3: has 1 value, but the header has 2 columns',
      ],
    });
    const quotes = await readCsvFile(csv('email,first_name\na@example.com,A\nb@example.com,"Unclosed\nc@example.com,C\n'));
    expect(quotes.ok === false && quotes.problems[1]).toMatch(/^Row 2: a quoted value is never closed/);
  });

  it('refuses what is not a CSV file, an empty file and a file of headers only', async () => {
    expect(await readCsvFile(new File(['%PDF-1.7'], 'contacts.pdf', { type: 'application/pdf' }))).toEqual({ ok: false, problems: [CSV_FILE_MESSAGES.notCsv] });
    expect(await readCsvFile(csv(''))).toEqual({ ok: false, problems: [CSV_FILE_MESSAGES.noHeader] });
    expect(await readCsvFile(csv('email,first_name\n'))).toEqual({ ok: false, problems: [IMPORT_MESSAGES.noRows] });
  });
});
