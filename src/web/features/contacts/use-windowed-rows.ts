import { useEffect, useState } from 'react';

export interface RowWindow {
  /** First and one-past-last index of the rows to render. */
  start: number;
  end: number;
  /** Height of the rows above and below that are not rendered, so the scrollbar stays true. */
  before: number;
  after: number;
}

/**
 * Which rows of a fixed-height list are in view of the scroll container (plus `overscan` either
 * side). Only those are rendered, so a list of many thousand loaded rows scrolls as smoothly as a
 * short one. Re-renders only when the visible range changes, not on every scroll event.
 * `container` comes from a callback ref, so the hook follows the element as it mounts.
 *
 * The first range is a guess (a window's height of rows) and is measured by the ResizeObserver's
 * first report, which comes after the browser's own layout: reading the container's size while
 * mounting would force a layout of the whole page before the first rows could paint (some 30 ms on
 * a first visit, bench:contacts-screen). The guess gets no overscan: the first paint carries only
 * the rows that can be in view, and the rest follow once measured, before anyone scrolls.
 */
export function useWindowedRows(container: HTMLElement | null, count: number, rowHeight: number, overscan = 8): RowWindow {
  const [range, setRange] = useState(() => ({ first: 0, last: Math.ceil(window.innerHeight / rowHeight), measured: false }));

  useEffect(() => {
    if (!container) return;
    const measure = () => {
      const first = Math.floor(container.scrollTop / rowHeight);
      const last = Math.ceil((container.scrollTop + container.clientHeight) / rowHeight);
      setRange((current) => (current.measured && current.first === first && current.last === last ? current : { first, last, measured: true }));
    };
    container.addEventListener('scroll', measure, { passive: true });
    const resize = new ResizeObserver(measure);
    resize.observe(container);
    return () => {
      container.removeEventListener('scroll', measure);
      resize.disconnect();
    };
  }, [container, rowHeight]);

  const extra = range.measured ? overscan : 0;
  const start = Math.min(count, Math.max(0, range.first - extra));
  const end = Math.min(count, range.last + extra);
  return { start, end, before: start * rowHeight, after: Math.max(0, count - end) * rowHeight };
}
