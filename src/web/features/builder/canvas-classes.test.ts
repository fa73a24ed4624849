// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { gatherCanvasClasses } from './canvas-classes.ts';

function canvasOf(count: number): Element {
  const root = document.createElement('div');
  root.className = 'lp-canvas';
  for (let i = 0; i < count; i++) {
    const frame = document.createElement('div');
    frame.className = i % 2 ? 'node-frame relative' : 'node-frame p-4';
    frame.innerHTML = `<p class="text-lg">Paragraph ${i}</p><span>no class</span>`;
    root.append(frame);
  }
  root.lastElementChild!.querySelector('p')!.className = 'text-lg font-bold';
  return root;
}

describe('the classes on the canvas', () => {
  it('are every class of every element, the root’s and the last one’s included', async () => {
    expect(await gatherCanvasClasses(canvasOf(500), new AbortController().signal)).toEqual(new Set(['lp-canvas', 'node-frame', 'relative', 'p-4', 'text-lg', 'font-bold']));
  });

  it('are gathered a slice at a time when the walk is long, and not at all once aborted', async () => {
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 1));
    const walk = new AbortController();
    const gathered = gatherCanvasClasses(canvasOf(500), walk.signal);
    walk.abort();
    expect(await gathered).toBeNull();
    // Each element takes a "millisecond" here: a walk of 1,500 elements needs many slices and still finds all.
    expect(await gatherCanvasClasses(canvasOf(500), new AbortController().signal)).toContain('font-bold');
    now.mockRestore();
  });
});
