// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportReport } from '@shared/contacts/api.ts';
import { IMPORT_MESSAGES, type ImportRequest } from '@shared/contacts/csv.ts';
import { fakeApi } from '@web/testing/fake-api.ts';
import { renderScreen } from '@web/testing/render.tsx';
import { ImportDialog } from './import-dialog.tsx';

const CSV = ['E-Mail;Vorname;Work email;Notes;Tags', 'anna@example.com;Anna;anna@work.example;likes cake;vip', 'ben@example.com;Ben;;;', 'anna@example.com;Anna again;;;', ''].join('\r\n');
const REPORT: ImportReport = { created: 2, updated: 0, skipped: 1, invalid: [], duplicates: [{ row: 3, email: 'anna@example.com', first_row: 1 }] };

function openWithFile() {
  const api = fakeApi({ 'POST /api/contacts/import': () => REPORT });
  const screenParts = renderScreen(<ImportDialog open onClose={() => {}} tagNames={['vip']} />);
  return { api, ...screenParts };
}

const fieldFor = (column: string) => screen.getByLabelText<HTMLSelectElement>(`Contact field for column ${column}`);

describe('importing contacts from a CSV file', () => {
  it('guesses the mapping from the headers; each field comes from one column, and an email column is required', async () => {
    const { user } = openWithFile();
    await user.upload(screen.getByLabelText(/Choose a CSV file/), new File([CSV], 'contacts.csv', { type: 'text/csv' }));

    expect(await screen.findByText('Step 2 of 3: match the file’s columns to contact fields.')).toBeTruthy();
    expect([fieldFor('E-Mail').value, fieldFor('Vorname').value, fieldFor('Work email').value, fieldFor('Notes').value, fieldFor('Tags').value]).toEqual([
      'email',
      'first_name',
      '',
      '',
      'tags',
    ]);

    // A column fills one field: choosing another one replaces its first.
    await user.selectOptions(fieldFor('Vorname'), 'last_name');
    expect(fieldFor('Vorname').value).toBe('last_name');

    // Choosing Email for another column takes it from the first.
    await user.selectOptions(fieldFor('Work email'), 'email');
    expect(fieldFor('Work email').value).toBe('email');
    expect(fieldFor('E-Mail').value).toBe('');

    // Without an email column there is nothing to match contacts by: the next step waits.
    await user.selectOptions(fieldFor('Work email'), '');
    expect(screen.getByRole('alert').textContent).toContain(IMPORT_MESSAGES.emailColumnRequired);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Review rows' }).disabled).toBe(true);

    await user.selectOptions(fieldFor('E-Mail'), 'email');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Review rows' }).disabled).toBe(false);
  });

  it('reviews the rows with the server’s rules, then sends only the mapped columns with the chosen policy', async () => {
    const { user, api } = openWithFile();
    await user.upload(screen.getByLabelText(/Choose a CSV file/), new File([CSV], 'contacts.csv', { type: 'text/csv' }));
    await user.click(await screen.findByRole('button', { name: 'Review rows' }));

    expect(await screen.findByText(/2 ready to import, 1 repeated email \(skipped\)\./)).toBeTruthy();
    const preview = screen.getByRole('table', { name: 'Import preview' });
    expect(within(preview).getByText(IMPORT_MESSAGES.duplicateInFile(1))).toBeTruthy();

    await user.click(screen.getByLabelText(/Update them/));
    // The button names the rows that will be imported: 2 of the 3 (the repeated email is skipped).
    await user.click(screen.getByRole('button', { name: 'Import 2 rows' }));

    expect(await screen.findByRole('list', { name: 'Rows not imported' })).toBeTruthy();
    const [call] = api.callsTo('POST /api/contacts/import');
    expect(call?.body).toEqual({
      file_name: 'contacts.csv',
      rows: [
        { 'E-Mail': 'anna@example.com', Vorname: 'Anna', Tags: 'vip' },
        { 'E-Mail': 'ben@example.com', Vorname: 'Ben', Tags: '' },
        { 'E-Mail': 'anna@example.com', Vorname: 'Anna again', Tags: '' },
      ],
      mapping: { email: 'E-Mail', first_name: 'Vorname', tags: 'Tags' },
      on_duplicate: 'update',
    } satisfies ImportRequest);
    expect(within(screen.getByLabelText('Import result')).getByText('Created').nextSibling?.textContent).toBe('2');
  });
});
