import { useLayoutEffect, useRef } from 'react';

/**
 * Scrolls `container` back to the top when `key` changes: a new search, filter or sort starts at
 * the top. Not when it mounts: a new scroll area is at the top already, and scrolling it would force
 * a layout of the whole page before its first paint (some 35 ms on a first visit, bench:contacts-screen).
 */
export function useScrollToTop(container: HTMLElement | null, key: string) {
  const scrolledFor = useRef(key);
  useLayoutEffect(() => {
    if (scrolledFor.current === key) return;
    scrolledFor.current = key;
    container?.scrollTo({ top: 0 });
  }, [container, key]);
}
