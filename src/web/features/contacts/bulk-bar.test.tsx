// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BULK_PATHS, type BulkJob } from '@shared/contacts/bulk.ts';
import { readView } from '@shared/contacts/view.ts';
import { ERASURE_MESSAGES } from '@shared/privacy/erasure.ts';
import { apiError, fakeApi, reply, type ApiHandler } from '@web/testing/fake-api.ts';
import { renderScreen } from '@web/testing/render.tsx';
import { BulkBar } from './bulk-bar.tsx';
import { matchingTarget, pickedTarget, type BulkTarget } from './bulk-selection.ts';
import { CONTACT_UI_MESSAGES as M } from './contact-messages.ts';

const IDS = ['0b6f3f1e-5c1d-4c7e-9a0b-8d2f6e4a1c3b', '1c7a4e2f-6d2e-4d8f-8b1c-9e3a7f5b2d4c'];
const VIEW = readView(new URLSearchParams('search=anna&status=customer&sort=email&order=asc'));
const finished = (body: { action: string; tag?: string }) => ({
  job: {
    id: '9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f',
    action: body.action,
    tag: body.tag ?? null,
    status: 'done',
    total: 2,
    done: 2,
    changed: 2,
    error: null,
    created_at: '2026-03-01T10:00:00.000Z',
    finished_at: '2026-03-01T10:00:01.000Z',
  },
});

let handlers: Record<string, ApiHandler>;
let api: ReturnType<typeof fakeApi>;
const onJob = vi.fn<(job: BulkJob) => void>();
beforeEach(() => {
  onJob.mockClear();
  handlers = { [`POST ${BULK_PATHS.jobs}`]: ({ body }) => finished(body as { action: string; tag?: string }) };
  api = fakeApi(handlers);
});
afterEach(() => vi.restoreAllMocks());

function bulkBar(target: BulkTarget = pickedTarget(IDS), tagNames = ['VIP', 'newsletter']) {
  return renderScreen(<BulkBar target={target} view={VIEW} tagNames={tagNames} onJob={onJob} clearSelection={() => {}} />, { url: '/crm/contacts' });
}
const jobsAsked = () => api.callsTo(`POST ${BULK_PATHS.jobs}`).map((c) => c.body);

describe('bulk tagging', () => {
  it('adds the tag chosen to the ticked contacts, and hands the job over', async () => {
    const { user } = bulkBar();
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add a tag to 2 contacts' }));
    const submit = dialog.getByRole<HTMLButtonElement>('button', { name: 'Add tag' });
    expect(submit.disabled).toBe(true);
    await user.selectOptions(dialog.getByLabelText('Tag'), 'VIP');
    await user.click(submit);
    await waitFor(() => expect(onJob).toHaveBeenCalledTimes(1));
    expect(onJob.mock.calls[0]![0]).toMatchObject({ action: 'tag', tag: 'VIP', status: 'done', changed: 2 });
    expect(jobsAsked()).toEqual([{ action: 'tag', tag: 'VIP', selection: { kind: 'ids', ids: IDS } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('removes a tag from everything the search and filters match, however many', async () => {
    const { user } = bulkBar(matchingTarget(VIEW, 1000, true));
    await user.click(screen.getByRole('button', { name: 'Remove tag' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Remove a tag from all 1,000+ contacts' }));
    await user.selectOptions(dialog.getByLabelText('Tag'), 'newsletter');
    await user.click(dialog.getByRole('button', { name: 'Remove tag' }));
    await waitFor(() => expect(onJob).toHaveBeenCalledTimes(1));
    expect(jobsAsked()).toEqual([
      { action: 'untag', tag: 'newsletter', selection: { kind: 'matching', filters: { search: 'anna', status: 'customer' } } },
    ]);
  });

  it('without tags, says to create one first', async () => {
    const { user } = bulkBar(pickedTarget(IDS), []);
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText(M.noTags)).toBeTruthy();
    // The dialog's own close (×) is named Close too: this is the button under the message.
    await user.click(dialog.getByText('Close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(jobsAsked()).toHaveLength(0);
  });

  it('keeps the server’s refusal in the dialog, so it can be tried again', async () => {
    handlers[`POST ${BULK_PATHS.jobs}`] = () => apiError(400, 'validation', 'The tag "VIP" no longer exists');
    const { user } = bulkBar(pickedTarget(IDS.slice(0, 1)));
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add a tag to 1 contact' }));
    await user.selectOptions(dialog.getByLabelText('Tag'), 'VIP');
    await user.click(dialog.getByRole('button', { name: 'Add tag' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('The tag "VIP" no longer exists');
    expect(dialog.getByRole<HTMLButtonElement>('button', { name: 'Add tag' }).disabled).toBe(false);
    expect(onJob).not.toHaveBeenCalled();
  });
});

describe('bulk delete', () => {
  it('asks first, naming how many, and deletes on confirmation', async () => {
    const { user } = bulkBar();
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete 2 contacts?' }));
    // It also says how deleting differs from erasing, which the bar offers beside it.
    expect(dialog.getByText(`Each contact is deleted with its timeline. This cannot be undone. ${ERASURE_MESSAGES.differsFromDelete}`)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(jobsAsked()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete 2 contacts' }));
    await waitFor(() => expect(onJob).toHaveBeenCalledTimes(1));
    expect(jobsAsked()).toEqual([{ action: 'delete', selection: { kind: 'ids', ids: IDS } }]);
  });
});

describe('exporting the selection', () => {
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => Object.assign(URL, { createObjectURL, revokeObjectURL }));

  it('posts the selection in the view’s order and saves the file under the server’s name', async () => {
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:http://localhost/1';
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    handlers[`POST ${BULK_PATHS.exportCsv}`] = () => reply(200, 'email\n', { 'content-disposition': 'attachment; filename="contacts-selection.csv"' });
    const { user } = bulkBar();
    await user.click(screen.getByRole('button', { name: 'Export selected' }));
    await waitFor(() => expect(saved).toEqual(['contacts-selection.csv']));
    expect(api.callsTo(`POST ${BULK_PATHS.exportCsv}`).map((c) => c.body)).toEqual([{ selection: { kind: 'ids', ids: IDS }, sort: 'email', order: 'asc' }]);
  });

  it('says when the export fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    handlers[`POST ${BULK_PATHS.exportCsv}`] = () => apiError(500, 'internal', 'Internal error');
    const { user } = bulkBar();
    await user.click(screen.getByRole('button', { name: 'Export selected' }));
    expect((await screen.findByText('Internal error')).parentElement?.textContent).toBe(`${M.exportFailed}Internal error`);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Export selected' }).disabled).toBe(false);
  });
});
