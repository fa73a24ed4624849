// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSection } from '@shared/landing-pages/create.ts';
import type { PageContent } from '@shared/landing-pages/types.ts';
import { useDrawnDoc } from './use-drawn-doc.ts';

const docs: PageContent[] = [[createSection()], [createSection()], [createSection()]];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const render = () => renderHook(({ doc, typing }: { doc: PageContent; typing: boolean }) => useDrawnDoc(doc, typing), { initialProps: { doc: docs[0]!, typing: false } });
/** The next animation frame, and the task after it. */
const nextFrame = () => act(() => vi.advanceTimersByTimeAsync(20));

describe('the document the canvas draws', () => {
  it('is a keystroke’s document once the next frame has been painted, keys of one frame drawn together', async () => {
    const drawn = render();
    drawn.rerender({ doc: docs[1]!, typing: true });
    expect(drawn.result.current).toBe(docs[0]);
    drawn.rerender({ doc: docs[2]!, typing: true });
    expect(drawn.result.current).toBe(docs[0]);
    await nextFrame();
    expect(drawn.result.current).toBe(docs[2]);
  });

  it('is any other change’s document at once, even while a keystroke waits for its frame', async () => {
    const drawn = render();
    drawn.rerender({ doc: docs[1]!, typing: false });
    expect(drawn.result.current).toBe(docs[1]);
    drawn.rerender({ doc: docs[2]!, typing: true });
    drawn.rerender({ doc: docs[0]!, typing: false });
    expect(drawn.result.current).toBe(docs[0]);
    await nextFrame();
    expect(drawn.result.current).toBe(docs[0]);
  });
});
