// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@web/lib/query-keys.ts';
import { apiError, fakeApi } from '@web/testing/fake-api.ts';
import { renderScreen } from '@web/testing/render.tsx';
import { followBatch, stopFollowingBatch } from './active-batch.ts';
import type { BatchProgress } from '@shared/kit/api.ts';
import { KitSyncProgress } from './kit-sync-progress.tsx';

const BATCH = 'batch-1';
const PROGRESS_PATH = `GET /api/kit/sync-batches/${BATCH}`;
const STORAGE_KEY = 'mycrm.kit.activeSyncBatch';

const progress = (patch: Partial<BatchProgress>): BatchProgress => ({
  batch_id: BATCH,
  total: 4,
  done: 0,
  failed: 0,
  queued: 4,
  running: 0,
  finished: false,
  failures: [],
  ...patch,
});
const FAILURE = { contact_id: 'c4', email: 'dana@example.com', message: 'Failed to sync dana@example.com: Kit API error: 500' };

/** The answers the server gives, one per poll; the last one repeats. */
let answers: unknown[];
let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  vi.useFakeTimers();
  api = fakeApi({
    [PROGRESS_PATH]: () => (answers.length > 1 ? answers.shift() : answers[0]),
    [`POST /api/kit/sync-batches/${BATCH}/retry`]: () => ({ requeued: 1 }),
  });
});
afterEach(() => act(() => stopFollowingBatch()));

/**
 * Moves the clock on by `ms`, and 1 ms more: TanStack Query tells the screen about an answer on a
 * 0 ms timer, which Node runs after 1 ms.
 */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms + 1));
/** The next poll, a second later, and its answer on screen. */
const poll = () => advance(1000);
const banner = () => screen.queryByRole('region', { name: 'Kit sync progress' });
const pollsMade = () => api.callsTo(PROGRESS_PATH).length;

/** The screen's other data, to see what the progress marks stale. */
function renderWithScreenData() {
  const rendered = renderScreen(<KitSyncProgress />);
  rendered.client.setQueryData(queryKeys.kit.syncState('c1'), { state: 'queued' });
  rendered.client.setQueryData(queryKeys.contacts.stats, { total: 4 });
  rendered.client.setQueryData(queryKeys.kit.account.stats, { total_subscribers: 1 });
  const stale = (key: readonly unknown[]) => rendered.client.getQueryState(key)?.isInvalidated ?? false;
  return { ...rendered, stale };
}

describe('the Kit sync progress', () => {
  it('follows a batch started here: its dialog, a poll each second until it ends, and the rows’ sync states refreshed as it goes', async () => {
    answers = [progress({ done: 1, queued: 3 }), progress({ done: 3, failed: 1, queued: 0, finished: true, failures: [FAILURE] })];
    const { stale } = renderWithScreenData();
    act(() => followBatch(BATCH));
    await advance(0);

    expect(banner()?.textContent).toContain('Syncing to Kit: 1 of 4');
    const dialog = screen.getByRole('dialog', { name: 'Sync to Kit' });
    expect(within(dialog).getByRole('button', { name: 'Keep running in background' })).toBeTruthy();
    // The batch started here: its first figures are already news for the rows.
    expect(stale(queryKeys.kit.syncState('c1'))).toBe(true);
    expect(stale(queryKeys.contacts.stats)).toBe(false);

    await poll();
    expect(banner()?.textContent).toContain('Kit sync finished: 3 synced, 1 failed');
    expect(within(screen.getByRole('list', { name: 'Failed syncs' })).getByText(FAILURE.message)).toBeTruthy();
    // A finished batch has changed the contacts (their Kit IDs): the screen's data is refreshed, Kit's own is not.
    expect(stale(queryKeys.contacts.stats)).toBe(true);
    expect(stale(queryKeys.kit.account.stats)).toBe(false);

    const polls = pollsMade();
    await advance(10_000);
    expect(pollsMade()).toBe(polls);
  });

  it('retries the failed contacts and follows the batch again until it ends', async () => {
    answers = [progress({ done: 3, failed: 1, queued: 0, finished: true, failures: [FAILURE] })];
    renderWithScreenData();
    act(() => followBatch(BATCH));
    await advance(0);

    answers = [progress({ done: 3, queued: 1 }), progress({ done: 4, queued: 0, finished: true })];
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await advance(0);
    expect(api.callsTo(`POST /api/kit/sync-batches/${BATCH}/retry`)).toHaveLength(1);
    expect(banner()?.textContent).toContain('Syncing to Kit: 3 of 4');

    await poll();
    expect(banner()?.textContent).toContain('Kit sync finished: all 4 synced');
    expect(screen.queryByRole('list', { name: 'Failed syncs' })).toBeNull();
  });

  it('picks up a batch another tab started without its dialog, and counts only the changes that follow as news', async () => {
    answers = [progress({ done: 2, queued: 2 }), progress({ done: 3, queued: 1 })];
    const { stale } = renderWithScreenData();
    act(() => {
      localStorage.setItem(STORAGE_KEY, BATCH);
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY, newValue: BATCH }));
    });
    await advance(0);

    expect(banner()?.textContent).toContain('Syncing to Kit: 2 of 4');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stale(queryKeys.kit.syncState('c1'))).toBe(false);

    await poll();
    expect(banner()?.textContent).toContain('Syncing to Kit: 3 of 4');
    expect(stale(queryKeys.kit.syncState('c1'))).toBe(true);

    fireEvent.click(within(banner()!).getByRole('button', { name: 'Details' }));
    expect(screen.getByRole('dialog', { name: 'Sync to Kit' })).toBeTruthy();
  });

  it('stops following a batch the server does not know, and lets a finished one be dismissed', async () => {
    answers = [apiError(404, 'not_found', 'Sync batch not found')];
    renderWithScreenData();
    act(() => followBatch(BATCH));
    await advance(0);
    expect(banner()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();

    answers = [progress({ done: 4, queued: 0, finished: true })];
    act(() => followBatch(BATCH));
    await advance(0);
    expect(localStorage.getItem(STORAGE_KEY)).toBe(BATCH);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss Kit sync progress' }));
    expect(banner()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});
