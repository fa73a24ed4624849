// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWindowedRows } from './use-windowed-rows.ts';

const ROW = 56;
const OVERSCAN = 8;

/** jsdom has no ResizeObserver: this one reports when the test says the browser has laid out. */
let report: (() => void) | undefined;
vi.stubGlobal(
  'ResizeObserver',
  class {
    constructor(private readonly callback: () => void) {}
    observe() {
      report = this.callback;
    }
    disconnect() {}
  },
);
afterEach(() => {
  report = undefined;
});

function scrollBox(clientHeight: number) {
  const box = document.createElement('div');
  Object.defineProperty(box, 'clientHeight', { value: clientHeight });
  return box;
}

describe('the rows a long list renders', () => {
  it('are first only those a window can show, then, measured, those in view of the list and some either side', () => {
    window.innerHeight = 900;
    const box = scrollBox(600);
    const rows = renderHook(() => useWindowedRows(box, 1000, ROW, OVERSCAN));
    // Before any layout: a window's height of rows (17), no more.
    expect(rows.result.current).toMatchObject({ start: 0, end: Math.ceil(900 / ROW), before: 0 });
    act(() => report!());
    const end = Math.ceil(600 / ROW) + OVERSCAN;
    expect(rows.result.current).toEqual({ start: 0, end, before: 0, after: (1000 - end) * ROW });
  });

  it('follow the scroll, with the overscan on both sides', () => {
    const box = scrollBox(600);
    const rows = renderHook(() => useWindowedRows(box, 1000, ROW, OVERSCAN));
    act(() => report!());
    box.scrollTop = 100 * ROW;
    act(() => box.dispatchEvent(new Event('scroll')));
    expect(rows.result.current).toMatchObject({ start: 100 - OVERSCAN, end: 100 + Math.ceil(600 / ROW) + OVERSCAN, before: (100 - OVERSCAN) * ROW });
  });
});
