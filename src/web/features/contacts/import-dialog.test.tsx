// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ImportReport } from '@shared/contacts/api.ts';
import { IMPORT_MESSAGES, type ImportRequest } from '@shared/contacts/csv.ts';
import { IMPORT_JOB_PATHS, type ImportJob } from '@shared/contacts/import-job.ts';
import { fakeApi } from '@web/testing/fake-api.ts';
import { renderScreen } from '@web/testing/render.tsx';
import { ERASED_IMPORT_MESSAGES as E } from '@shared/privacy/erasure.ts';
import { CONTACT_UI_MESSAGES as M } from './contact-messages.ts';
import { ImportDialog } from './import-dialog.tsx';

const CSV = ['E-Mail;Vorname;Work email;Notes;Tags', 'anna@example.com;Anna;anna@work.example;likes cake;vip', 'ben@example.com;Ben;;;', 'anna@example.com;Anna again;;;', ''].join('\r\n');
const REPORT: ImportReport = { created: 2, updated: 0, skipped: 1, erased: 0, invalid: [], duplicates: [{ row: 3, email: 'anna@example.com', first_row: 1 }] };
const job = (patch: Partial<ImportJob>): ImportJob => ({
  id: '5d1c3f9e-0000-4000-8000-000000000001',
  status: 'done',
  file_name: 'contacts.csv',
  total: 2,
  done: 2,
  created: 2,
  updated: 0,
  skipped: 1,
  erased: 0,
  invalid: 0,
  report: REPORT,
  error: null,
  created_at: new Date('2026-05-01T10:00:00Z'),
  finished_at: new Date('2026-05-01T10:00:01Z'),
  ...patch,
});
const running = job({ status: 'running', done: 0, created: 0, skipped: 1, report: null, finished_at: null });

/** The dialog as the contacts screen holds it: following the import it is told to. */
function FollowingScreen({ initial, onFollow }: { initial: string | null; onFollow: (jobId: string | null) => void }) {
  const [followed, setFollowed] = useState(initial);
  const follow = (jobId: string | null) => {
    onFollow(jobId);
    setFollowed(jobId);
  };
  return <ImportDialog open onClose={() => {}} tagNames={['vip']} followed={followed} onFollow={follow} />;
}

/** `now`: what the job reads as on the server at each poll. */
function openWithFile({ started = job({}), now = () => job({}), followed = null as string | null, erased = 0 } = {}) {
  const api = fakeApi({
    'POST /api/contacts/import/erased': () => ({ erased }),
    'POST /api/contacts/import': () => ({ job: started }),
    [`GET ${IMPORT_JOB_PATHS.job.path({ id: started.id })}`]: () => ({ job: now() }),
  });
  const onFollow = vi.fn();
  const screenParts = renderScreen(<FollowingScreen initial={followed} onFollow={onFollow} />);
  return { api, onFollow, ...screenParts };
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
      on_erased: 'skip',
    } satisfies ImportRequest);
    // Asked about the ready rows only, once each; nobody among them was erased: no warning.
    expect(api.callsTo('POST /api/contacts/import/erased').map((c) => c.body)).toEqual([{ emails: ['anna@example.com', 'ben@example.com'] }]);
    expect(screen.queryByText(/erased before/)).toBeNull();
    expect(within(screen.getByLabelText('Import result')).getByText('Created').nextSibling?.textContent).toBe('2');
  });

  it('warns when rows name people erased before: skipped by default, brought back only when chosen, counted in the report', async () => {
    const withErased = job({ created: 1, erased: 1, report: { ...REPORT, created: 1, erased: 1 } });
    const { user, api } = openWithFile({ erased: 1, started: withErased, now: () => withErased });
    await user.upload(screen.getByLabelText(/Choose a CSV file/), new File([CSV], 'contacts.csv', { type: 'text/csv' }));
    await user.click(await screen.findByRole('button', { name: 'Review rows' }));

    expect(await screen.findByText(E.warning(1))).toBeTruthy();
    const choice = screen.getByRole('group', { name: E.choice });
    expect(within(choice).getByRole<HTMLInputElement>('radio', { name: new RegExp(E.skip) }).checked).toBe(true);
    await user.click(within(choice).getByRole('radio', { name: new RegExp(E.importAnyway) }));
    await user.click(screen.getByRole('button', { name: 'Import 2 rows' }));

    expect(await screen.findByText(`${E.skipped(1)}.`)).toBeTruthy();
    expect(api.callsTo('POST /api/contacts/import')[0]?.body).toMatchObject({ on_erased: 'import' });
  });

  it('shows a larger import’s progress, then its report; the screen follows it while it runs', async () => {
    let finished = false;
    const halfway = job({ status: 'running', done: 1, created: 1, report: null, finished_at: null });
    const { user, onFollow } = openWithFile({ started: running, now: () => (finished ? job({}) : halfway) });
    await user.upload(screen.getByLabelText(/Choose a CSV file/), new File([CSV], 'contacts.csv', { type: 'text/csv' }));
    await user.click(await screen.findByRole('button', { name: 'Review rows' }));
    await user.click(await screen.findByRole('button', { name: 'Import 2 rows' }));

    expect(await screen.findByText('Importing contacts from contacts.csv: 0 of 2 rows')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('The import is running.')).toBeTruthy();
    expect(onFollow).toHaveBeenLastCalledWith(running.id);
    // Closing leaves it running: the dialog says so, and offers to go on in the background rather than to cancel.
    expect(screen.getByText(M.importGoesOn)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue in background' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();

    expect(await screen.findByText('Importing contacts from contacts.csv: 1 of 2 rows', undefined, { timeout: 5000 })).toBeTruthy();
    expect(within(screen.getByLabelText('Imported so far')).getByText('Created').nextSibling?.textContent).toBe('1');
    finished = true;
    expect(await screen.findByRole('list', { name: 'Rows not imported' }, { timeout: 5000 })).toBeTruthy();
    expect(within(screen.getByLabelText('Import result')).getByText('Skipped').nextSibling?.textContent).toBe('1');
    expect(screen.getByText('The import is finished.')).toBeTruthy();
    // Shown here once done: no longer followed by the screen.
    expect(onFollow).toHaveBeenLastCalledWith(null);
  });

  it('opens on the import the screen follows, and tells where one stopped and why', async () => {
    const stopped = job({ status: 'failed', done: 1, created: 1, report: null, error: 'The import stopped before it finished.' });
    const { onFollow } = openWithFile({ started: stopped, now: () => stopped, followed: stopped.id });
    expect((await screen.findByRole('alert')).textContent).toBe('Import stopped after 1 of 2 rows: The import stopped before it finished.');
    expect(within(screen.getByLabelText('Imported before it stopped')).getByText('Created').nextSibling?.textContent).toBe('1');
    expect(screen.getByRole('button', { name: 'Import another file' })).toBeTruthy();
    expect(onFollow).toHaveBeenLastCalledWith(null);
  });
});
