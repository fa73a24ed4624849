// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKUP_PATHS, type BackupFile, type BackupList } from '@shared/backup/api.ts';
import { apiError, fakeApi, reply, type ApiHandler } from '@web/testing/fake-api.ts';
import { renderScreen } from '@web/testing/render.tsx';
import { BackupsCard, formatBytes } from './backups-card.tsx';

const OLDER: BackupFile = { name: 'mycrm-backup-2026-03-01T03-00-00-000Z.mycrm-backup', size: 5_400_000, created_at: '2026-03-01T03:00:00.000Z' };
const NEWER: BackupFile = { name: 'mycrm-backup-2026-03-02T03-00-00-000Z.mycrm-backup', size: 5_500_000, created_at: '2026-03-02T03:00:00.000Z' };
const LIST = `GET ${BACKUP_PATHS.list}`;
const CREATE = `POST ${BACKUP_PATHS.list}`;

let state: BackupList;
let list: ApiHandler;
let create: ApiHandler;
let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  state = { backups: [NEWER, OLDER], keep: 7, nightly_hour_utc: 3, key: 'instance-secret', images: 'included' };
  list = () => state;
  create = () => {
    const made = { name: 'mycrm-backup-2026-03-02T10-15-00-000Z.mycrm-backup', size: 5_600_000, created_at: '2026-03-02T10:15:00.000Z' };
    state = { ...state, backups: [made, ...state.backups] };
    return reply(201, { backup: made });
  };
  api = fakeApi({ [LIST]: (c) => list(c), [CREATE]: (c) => create(c) });
});

const card = () => renderScreen(<BackupsCard />, { url: '/crm/settings' });

async function rows() {
  const table = await screen.findByRole('table', { name: 'Backups' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => ({ cells: within(row).getAllByRole('cell'), link: within(row).getByRole('link') }));
}

describe('the backups card', () => {
  it('lists the backups newest first with time and size, each a download link by its own name', async () => {
    card();
    expect(screen.getByRole('status').textContent?.trim()).toBe('Loading backups...');
    const [newer, older] = await rows();
    expect(newer!.cells[0]!.querySelector('time')?.getAttribute('datetime')).toBe(NEWER.created_at);
    expect(newer!.cells[1]!.textContent).toBe('5.2 MB');
    expect(newer!.link.getAttribute('href')).toBe(`/api/backups/${NEWER.name}`);
    expect(newer!.link.getAttribute('download')).toBe(NEWER.name);
    expect(older!.link.getAttribute('href')).toBe(`/api/backups/${OLDER.name}`);
    expect(screen.getByText(/Every night at 03:00 UTC and when you ask; the newest 7 are kept/)).toBeTruthy();
    expect(screen.getByText(/keep a copy of it apart from the backups/)).toBeTruthy();
  });

  it('says how it is set up when the nightly backup is off, a passphrase encrypts and images stay in S3', async () => {
    state = { ...state, nightly_hour_utc: null, key: 'passphrase', images: 's3' };
    card();
    expect(await screen.findByText(/^When you ask; the newest 7 are kept on the server\. Encrypted with your backup passphrase/)).toBeTruthy();
    expect(screen.getByText(/Uploaded images stay in your S3 bucket/)).toBeTruthy();
  });

  it('makes a backup on request: the button says it is busy, then the new one is listed', async () => {
    let finish: (value: unknown) => void = () => {};
    const made = create;
    create = (c) => new Promise((resolve) => (finish = () => resolve(made(c))));
    const { user } = card();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Back up now' }));
    const busy = await screen.findByRole('button', { name: 'Backing up...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    finish(undefined);
    expect(await screen.findByText('Backup made (5.3 MB). Download it to keep a copy off this server.')).toBeTruthy();
    await waitFor(async () => expect(await rows()).toHaveLength(3));
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('shows the server’s message when a backup fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    create = () => apiError(500, 'backup_failed', 'The backup could not be made. The server log says why.');
    const { user } = card();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Back up now' }));
    expect(await screen.findByText('The backup could not be made. The server log says why.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back up now' })).toBeTruthy();
    logged.mockRestore();
  });

  it('says when there are none, and when the list cannot be loaded, loading it again on request', async () => {
    let fail = true;
    state = { ...state, backups: [] };
    list = () => (fail ? apiError(500, 'internal', 'Internal error') : state);
    const { user } = card();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load the backups. Please try again.')).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/^No backups yet\./)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('writes sizes as people read them', () => {
    expect([820, 245_760, 1_468_006, 2_254_857_830].map(formatBytes)).toEqual(['820 B', '240 KB', '1.4 MB', '2.1 GB']);
  });
});
