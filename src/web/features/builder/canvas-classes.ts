/** How long one slice of the walk may hold the main thread before input and frames get their turn. */
const SLICE_MS = 4;

/**
 * Every class on the elements under `root`, gathered a slice at a time: a page of a thousand
 * components has some 20,000 elements, a walk of 15 ms, and a key or click that came meanwhile would
 * wait for all of it. Most elements share their class attribute with many others (every paragraph,
 * every toolbar button): each distinct one is split once. Resolves null when `signal` aborts first.
 * `sliceMs` Infinity walks in one go (while the canvas waits for its first styles, nothing is to be interrupted).
 */
export function gatherCanvasClasses(root: Element, signal: AbortSignal, sliceMs = SLICE_MS): Promise<Set<string> | null> {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
  const seen = new Set<string>();
  const classes = new Set<string>();
  return new Promise((resolve) => {
    const slice = () => {
      if (signal.aborted) return resolve(null);
      const until = performance.now() + sliceMs;
      for (let element = walker.currentNode as Element | null; element; element = walker.nextNode() as Element | null) {
        const names = element.getAttribute('class');
        if (names && !seen.has(names)) {
          seen.add(names);
          element.classList.forEach((name) => classes.add(name));
        }
        if (performance.now() > until) {
          // The walker stays on the next element to look at.
          if (walker.nextNode()) return void setTimeout(slice, 0);
          break;
        }
      }
      resolve(classes);
    };
    slice();
  });
}
