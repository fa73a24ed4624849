import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, vi } from 'vitest';

/*
 * Renders a screen for a unit test (in a file that runs with `// @vitest-environment jsdom`): its
 * own query cache, a router at `url`, and the toaster, as in the app. Importing this module
 * registers the cleanup after each test of the file: unmounted screens, no toasts left over for the
 * next test's toaster, real fetch and real timers, empty storage.
 */

// The machine running the tests may be busy: what a test waits for (findBy…, waitFor) gets 5 s to appear.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom lays nothing out, so it has no ResizeObserver; the screens only use it to measure.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Nor scrolling: bringing an element into view does nothing.
Element.prototype.scrollIntoView ??= function () {};

// Nor media queries: the screens render as on a laptop, where every min-width query holds.
window.matchMedia ??= (query: string) =>
  ({
    matches: /min-width/.test(query),
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }) satisfies MediaQueryList;

export interface RenderOptions {
  /** Where the router starts, e.g. '/crm/contacts?status=customer'. */
  url?: string;
}

export function renderScreen(ui: ReactNode, { url = '/' }: RenderOptions = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 } } });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {ui}
            <Toaster visibleToasts={1} />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  // user-event waits on real timers between steps: a test with fake timers types with fireEvent instead.
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, client, router, user };
}

/** The router's current address, e.g. '/crm/contacts?status=customer'. */
export function currentUrl(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location;
  return pathname + search;
}
