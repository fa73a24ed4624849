import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FirstScreenData from './first-screen-data.ts';

// The module remembers whether the page is still loading: each test starts with a fresh copy.
let screenData: typeof FirstScreenData;
beforeEach(async () => {
  vi.resetModules();
  screenData = await import('./first-screen-data.ts');
});

/** A prefetch that finishes when the test says so. */
function pendingPrefetch() {
  let finish!: () => void;
  const prefetch = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
  return { prefetch, finish: () => finish() };
}

describe("a route loader's first data", () => {
  it('is waited for while the page loads, so the first render has it', async () => {
    const { prefetch, finish } = pendingPrefetch();
    let done = false;
    const loaded = screenData.loadFirstData(prefetch);
    void loaded?.then(() => (done = true));
    expect(prefetch).toHaveBeenCalledOnce();
    await Promise.resolve();
    expect(done).toBe(false);
    finish();
    await expect(loaded).resolves.toBeNull();
  });

  it('is asked for but not waited for once the page has loaded: the next screen shows at once', () => {
    screenData.pageLoaded();
    const { prefetch } = pendingPrefetch();
    expect(screenData.loadFirstData(prefetch)).toBeNull();
    expect(prefetch).toHaveBeenCalledOnce();
  });
});
