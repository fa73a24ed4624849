// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { IMPORT_JOB_PATHS, type ImportJob } from '@shared/contacts/import-job.ts';
import { apiError, fakeApi } from '@web/testing/fake-api.ts';
import { renderScreen } from '@web/testing/render.tsx';
import { ImportJobBanner } from './import-progress.tsx';

const ID = '5d1c3f9e-0000-4000-8000-000000000002';
const job = (patch: Partial<ImportJob>): ImportJob => ({
  id: ID,
  status: 'running',
  file_name: 'list.csv',
  total: 4,
  done: 2,
  created: 2,
  updated: 0,
  skipped: 0,
  erased: 0,
  invalid: 0,
  report: null,
  error: null,
  created_at: new Date('2026-05-01T10:00:00Z'),
  finished_at: null,
  ...patch,
});

/** `answer`: the server's answer to each poll. */
function followImport(answer: () => unknown) {
  fakeApi({ [`GET ${IMPORT_JOB_PATHS.job.path({ id: ID })}`]: answer });
  const handlers = { onOpen: vi.fn(), onFinished: vi.fn(), onDismiss: vi.fn() };
  return { ...handlers, ...renderScreen(<ImportJobBanner jobId={ID} {...handlers} />) };
}

describe('the import banner on the contacts screen', () => {
  it('shows a running import with a way back to its progress, then its outcome with its report until dismissed', async () => {
    let finished = false;
    const { user, onOpen, onFinished, onDismiss } = followImport(() => ({
      job: finished ? job({ status: 'done', done: 4, created: 4, report: { created: 4, updated: 0, skipped: 0, erased: 0, invalid: [], duplicates: [] }, finished_at: new Date() }) : job({}),
    }));
    expect(await screen.findByText('Importing contacts from list.csv: 2 of 4 rows')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('2');
    // Running: it cannot be dismissed, only looked at.
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show progress' }));
    expect(onOpen).toHaveBeenCalledTimes(1);

    finished = true;
    await user.click(await screen.findByRole('button', { name: 'View report' }, { timeout: 5000 }));
    expect(onOpen).toHaveBeenCalledTimes(2);
    expect(onFinished).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('says where a failed import stopped, offers no report, and lets it go when the server no longer knows it', async () => {
    const failed = followImport(() => ({ job: job({ status: 'failed', error: 'The import stopped before it finished.', finished_at: new Date() }) }));
    expect(await screen.findByText('Import stopped after 2 of 4 rows: The import stopped before it finished.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'View report' })).toBeNull();
    expect(failed.onFinished).toHaveBeenCalledTimes(1);
    failed.unmount();

    const gone = followImport(() => apiError(404, 'not_found', 'Import not found'));
    await vi.waitFor(() => expect(gone.onDismiss).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('region', { name: 'Import progress' })).toBeNull();
  });
});
