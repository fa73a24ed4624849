// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KIT_IMPORT_PATHS, type KitImportJob } from '@shared/kit/import.ts';
import { ERASED_IMPORT_MESSAGES as E } from '@shared/privacy/erasure.ts';
import { fakeApi } from '@web/testing/fake-api.ts';
import { renderScreen } from '@web/testing/render.tsx';
import { ImportCard } from './import-card.tsx';

const done = (patch: Partial<KitImportJob>): KitImportJob => ({
  id: 'j1',
  kind: 'import',
  status: 'done',
  phase: 'done',
  total: 3,
  done: 3,
  created: 2,
  updated: 0,
  unchanged: 0,
  skipped: 0,
  erased: 0,
  include_erased: false,
  skipped_items: [],
  requests: 3,
  paused_until: null,
  error: null,
  started_at: new Date('2026-05-01T10:00:00Z'),
  finished_at: new Date('2026-05-01T10:01:00Z'),
  ...patch,
});

describe('the Kit import and people erased before', () => {
  it('leaves them out unless the box is ticked at this start, and the summary counts those left out', async () => {
    let state = { import: done({ erased: 1 }), reconciliation: null };
    const api = fakeApi({
      [`GET ${KIT_IMPORT_PATHS.import}`]: () => state,
      [`POST ${KIT_IMPORT_PATHS.import}`]: () => (state = { import: done({ id: 'j2', include_erased: true }), reconciliation: null }),
    });
    const { user } = renderScreen(<ImportCard />);
    expect(await screen.findByText(`${E.skipped(1)}.`)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Import from Kit' }));
    let dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByRole<HTMLInputElement>('checkbox', { name: new RegExp(E.kitInclude) });
    expect(box.checked).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Import from Kit' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Start import' }));
    await user.click(await screen.findByRole('button', { name: 'Import from Kit' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: new RegExp(E.kitInclude) }));
    await user.click(within(dialog).getByRole('button', { name: 'Start import' }));

    await expect.poll(() => api.callsTo(`POST ${KIT_IMPORT_PATHS.import}`).map((c) => c.body)).toEqual([{ include_erased: false }, { include_erased: true }]);
    expect(screen.queryByText(`${E.skipped(1)}.`)).toBeNull();
  });
});
