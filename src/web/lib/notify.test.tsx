// @vitest-environment jsdom
import { act, render, renderHook, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@web/testing/render.tsx';
import { ApiError } from './api.ts';
import { notifyError, notifyInfo, notifySuccess } from './notify.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';
import { useMediaQuery } from './use-media-query.ts';

afterEach(() => vi.restoreAllMocks());

/** The toast on screen: its title and its text, line by line. */
async function shownToast() {
  const title = await screen.findByText(/^(Error|Success|Kit)$/);
  const toast = title.closest('li')!;
  return { title: title.textContent, text: toast.querySelector('[data-description]')?.textContent };
}

describe('toasts', () => {
  it('a failure says what failed, and the server’s own explanation when it adds something; the cause is logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Toaster />);
    const cause = new ApiError(409, 'conflict', 'A tag with this name already exists');
    act(() => notifyError('Failed to save tag. Please try again.', cause));
    expect(await shownToast()).toEqual({ title: 'Error', text: 'Failed to save tag. Please try again.A tag with this name already exists' });
    expect(logged).toHaveBeenCalledWith('Failed to save tag. Please try again.', cause);
  });

  it('a failure whose cause says the same, or nothing readable, shows the message once and logs nothing without a cause', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Toaster />);
    act(() => notifyError('Cannot reach the server.', new Error('Cannot reach the server.')));
    expect((await shownToast()).text).toBe('Cannot reach the server.');
    logged.mockClear();
    act(() => notifyError('Failed to load tags.', 'not an Error'));
    expect(await screen.findByText('Failed to load tags.')).toBeTruthy();
    act(() => notifyError('Nothing to log'));
    expect(logged.mock.calls.map(([message]) => message)).toEqual(['Failed to load tags.']);
  });

  it('a success is titled Success, other news by what it is about', async () => {
    render(<Toaster visibleToasts={1} />);
    act(() => notifySuccess('Tag created'));
    expect(await shownToast()).toEqual({ title: 'Success', text: 'Tag created' });
    act(() => notifyInfo('Kit', 'Sync started'));
    expect(await screen.findByText('Sync started')).toBeTruthy();
    expect(screen.getByText('Kit')).toBeTruthy();
  });
});

describe('useDebouncedValue', () => {
  it('gives the value once it has stopped changing for the delay', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 250), { initialProps: { value: 'a' } });
    rerender({ value: 'an' });
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: 'ann' });
    act(() => vi.advanceTimersByTime(249));
    expect(result.current).toBe('a');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('ann');
  });
});

describe('useMediaQuery', () => {
  it('follows the query as it starts and stops matching', () => {
    let matches = false;
    const listeners = new Set<() => void>();
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          get matches() {
            return query === '(min-width: 1024px)' && matches;
          },
          addEventListener: (_: string, listener: () => void) => listeners.add(listener),
          removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
        }) as unknown as MediaQueryList,
    );
    const { result, unmount } = renderHook(() => useMediaQuery('(min-width: 1024px)'));
    expect(result.current).toBe(false);
    matches = true;
    act(() => listeners.forEach((listener) => listener()));
    expect(result.current).toBe(true);
    unmount();
    expect(listeners.size).toBe(0);
  });
});
