import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from './form.ts';
import { autoMapColumns, checkImportRow, CSV_FORMULA_PATTERN, rowToContactInput, splitCsvTags, unescapeCsvFormula } from './csv.ts';

describe('autoMapColumns', () => {
  it('recognises English and German headers, ignoring case, spaces, punctuation and a byte order mark', () => {
    expect(autoMapColumns(['\ufeffE-Mail-Adresse', 'Vorname', 'Nachname', 'Telefon', 'Land', 'LinkedIn URL', 'Tags', 'Notes'])).toEqual({
      email: '\ufeffE-Mail-Adresse',
      first_name: 'Vorname',
      last_name: 'Nachname',
      phone: 'Telefon',
      country: 'Land',
      linkedin: 'LinkedIn URL',
      tags: 'Tags',
    });
    expect(autoMapColumns(['Email Address', 'First Name', 'Last Name', 'Name', 'Lead Source', 'Status', 'Street Address'])).toEqual({
      email: 'Email Address',
      first_name: 'First Name',
      last_name: 'Last Name',
      full_name: 'Name',
      source: 'Lead Source',
      status: 'Status',
      address: 'Street Address',
    });
  });

  it('maps each column to one field at most', () => {
    expect(autoMapColumns(['email', 'mail'])).toEqual({ email: 'email' });
    expect(autoMapColumns(['something', 'else'])).toEqual({});
  });
});

describe('rowToContactInput', () => {
  const mapping = { email: 'E', first_name: 'F', source: 'S', status: 'St', tags: 'T', phone: 'P' };
  it('trims cells, leaves empty ones out, reads labels and splits tags', () => {
    expect(rowToContactInput({ E: ' a@b.de ', F: '', S: 'Manual Entry', St: 'CUSTOMER', T: 'vip; newsletter,vip', P: 4930 }, mapping)).toEqual({
      email: 'a@b.de',
      source: 'manual',
      status: 'customer',
      tags: ['vip', 'newsletter'],
      phone: '4930',
    });
    expect(rowToContactInput({ E: 'a@b.de', S: 'webinar signup', St: 'unknown' }, mapping)).toEqual({ email: 'a@b.de', source: 'webinar_signup', status: 'unknown' });
  });

  it('undoes the export\'s formula escape', () => {
    expect(rowToContactInput({ E: 'a@b.de', F: "'=SUM(A1)" }, mapping).first_name).toBe('=SUM(A1)');
    expect(unescapeCsvFormula("'Neill")).toBe("'Neill");
  });
});

describe('checkImportRow', () => {
  const mapping = { email: 'email', tags: 'tags', linkedin: 'li' };
  const known = new Set(['vip']);
  it('returns the validated values and the fields the row fills', () => {
    const result = checkImportRow({ email: 'A@B.de', tags: 'vip', li: '' }, mapping, known);
    expect(result).toEqual({
      ok: true,
      provided: ['email', 'tags'],
      values: expect.objectContaining({ email: 'a@b.de', tags: ['vip'], linkedin: null, status: 'lead', source: 'manual' }),
    });
  });

  it('explains every problem of a row', () => {
    expect(checkImportRow({ email: 'nope', li: 'javascript:alert(1)' }, mapping, known)).toEqual({
      ok: false,
      email: 'nope',
      reason: `Email: ${CONTACT_MESSAGES.emailInvalid}; LinkedIn: ${CONTACT_MESSAGES.linkedinInvalid}`,
    });
    expect(checkImportRow({ email: 'a@b.de', tags: 'vip;other' }, mapping, known)).toMatchObject({ ok: false, reason: CONTACT_MESSAGES.tagsUnknown(['other']) });
    expect(checkImportRow(['a@b.de'], mapping, known)).toMatchObject({ ok: false });
  });
});

describe('CSV helpers', () => {
  it('escapes formulas but not phone numbers or negative numbers', () => {
    for (const cell of ['=1+1', '@SUM(A1)', '+cmd|calc', '-2+3+cmd|x', '\t=1']) expect(CSV_FORMULA_PATTERN.test(cell), cell).toBe(true);
    for (const cell of ['+49 30 123456', '+1 (555) 123-4567', '-5', 'plain', '']) expect(CSV_FORMULA_PATTERN.test(cell), cell).toBe(false);
    const csv = Papa.unparse([['=1+1', '+49 30 1']], { escapeFormulae: CSV_FORMULA_PATTERN });
    expect(Papa.parse<string[]>(csv).data[0]!.map(unescapeCsvFormula)).toEqual(['=1+1', '+49 30 1']);
  });

  it('splits tag cells on semicolons and commas', () => {
    expect(splitCsvTags(' a ;b,, c;a ')).toEqual(['a', 'b', 'c']);
  });
});
