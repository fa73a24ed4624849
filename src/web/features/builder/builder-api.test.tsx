// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_PATHS } from '@shared/privacy/paths.ts';
import { fakeApi } from '@web/testing/fake-api.ts';
import { useLandingPageConsent } from './builder-api.ts';

afterEach(() => vi.unstubAllGlobals());

describe('the consent statement the canvas draws', () => {
  it('is the statement /lp shows, and the same object from one render to the next', async () => {
    fakeApi({
      [`GET ${CONSENT_PATHS.publicStatement.path({ kind: 'landing_page' })}`]: () => ({ kind: 'landing_page', version: 3, text_en: 'I agree.', text_de: 'Ich stimme zu.' }),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result, rerender } = renderHook(() => useLandingPageConsent(), { wrapper });
    await waitFor(() => expect(result.current).toEqual({ version: 3, text: 'I agree.' }));
    const first = result.current;
    rerender();
    rerender();
    // The canvas's render context holds it: a new object each render redrew every component on every key.
    expect(result.current).toBe(first);
  });
});
