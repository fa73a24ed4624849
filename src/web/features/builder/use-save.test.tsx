// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANDING_PAGE_PATHS, PAGE_CHANGED_CODE } from '@shared/landing-pages/api.ts';
import { builderPath } from '@shared/landing-pages/builder.ts';
import { parseContent } from '@shared/landing-pages/parse-content.ts';
import { samplePage } from '@shared/landing-pages/testing/fixtures.ts';
import { apiError, fakeApi } from '@web/testing/fake-api.ts';
import { initialEditorState, isDirty } from './store/editor-state.ts';
import { createEditorStore, EditorStoreContext, type EditorStore } from './store/editor-store.ts';
import { useSave } from './use-save.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const stored = (version: number, email: string) => ({
  page: {
    id: 'p1',
    title: 'Spring',
    slug: 'spring',
    page_type: 'builder',
    is_active: true,
    version,
    updated_by: { id: 'u2', email },
    created_at: '2025-01-01T10:00:00.000Z',
    updated_at: '2025-01-02T10:00:00.000Z',
    content: '[]',
    settings: {},
  },
});

/** useSave for page `pageId` over an editor whose heading was changed, in a router and a query cache. */
function renderSave(pageId: string | null, baseVersion: number) {
  const store: EditorStore = createEditorStore(initialEditorState(samplePage(), { baseVersion }));
  store.dispatch({ type: 'updateProp', id: 'intro', key: 'text', value: 'Mine' });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let hook: { current: ReturnType<typeof useSave> } = { current: null! };
  const Probe = () => {
    const save = useSave(pageId);
    hook = { current: save };
    return null;
  };
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: ['/builder'] });
  render(
    <QueryClientProvider client={client}>
      <EditorStoreContext value={store}>
        <RouterProvider router={router} />
      </EditorStoreContext>
    </QueryClientProvider>,
  );
  return { store, router, save: () => hook.current };
}

describe('saving from the builder', () => {
  it('names the version its work started from; a refused save offers the page as stored, and Overwrite saves mine from its version', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let saves = 0;
    const api = fakeApi({
      [`PUT ${LANDING_PAGE_PATHS.content.path({ id: 'p1' })}`]: () => (++saves === 1 ? apiError(409, PAGE_CHANGED_CODE, 'changed') : stored(5, 'me@example.com')),
      [`GET ${LANDING_PAGE_PATHS.one.path({ id: 'p1' })}`]: () => stored(4, 'them@example.com'),
    });
    const { store, save } = renderSave('p1', 3);

    await act(() => save().save());
    expect(api.callsTo(`PUT ${LANDING_PAGE_PATHS.content.path({ id: 'p1' })}`)[0]!.body).toMatchObject({ base_version: 3 });
    expect(save().conflict).toMatchObject({ current: { version: 4, updated_by: { email: 'them@example.com' } }, close: false });
    expect(isDirty(store.getState())).toBe(true);

    await act(async () => save().overwrite());
    await vi.waitFor(() => expect(isDirty(store.getState())).toBe(false));
    const second = api.callsTo(`PUT ${LANDING_PAGE_PATHS.content.path({ id: 'p1' })}`)[1]!.body as { content: string; base_version: number };
    expect(second.base_version).toBe(4);
    const sent = parseContent(second.content);
    expect(sent.ok && sent.content[0]!.components[0]!.props.text).toBe('Mine');
    expect(save().conflict).toBeNull();
    expect(store.getState().baseVersion).toBe(5);
    expect(store.getState().banner).toMatchObject({ tone: 'success', text: expect.stringMatching(/^Saved successfully at /) });
  });

  it('creates a new page on its first save and takes its address', async () => {
    fakeApi({ [`POST ${LANDING_PAGE_PATHS.builder}`]: () => stored(1, 'me@example.com') });
    const { store, router, save } = renderSave(null, 0);
    await act(() => save().save());
    expect(router.state.location.pathname).toBe(builderPath('p1'));
    expect(store.getState()).toMatchObject({ baseVersion: 1 });
    expect(isDirty(store.getState())).toBe(false);
  });

  it('says why a save failed and keeps the work', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ [`PUT ${LANDING_PAGE_PATHS.content.path({ id: 'p1' })}`]: () => apiError(500, 'internal', 'The database is down') });
    const { store, save } = renderSave('p1', 3);
    await act(() => save().save());
    expect(store.getState().banner).toEqual({ tone: 'error', text: 'Failed to save: The database is down' });
    expect(isDirty(store.getState())).toBe(true);
    expect(save().conflict).toBeNull();
  });
});
