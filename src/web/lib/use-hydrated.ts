import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while prerendering and during the render that hydrates the prerendered HTML, true after.
 * For state the HTML cannot know (the URL hash, storage), so hydration matches the HTML exactly.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
