import { useEffect, useRef, useState, type RefObject } from 'react';
import { CSS_REQUEST_LIMITS } from '@shared/landing-pages/api.ts';
import { collectClassNames } from '@shared/landing-pages/class-names.ts';
import type { PageContent } from '@shared/landing-pages/types.ts';
import { fetchCanvasCss } from './builder-api.ts';
import { gatherCanvasClasses } from './canvas-classes.ts';
import { toCanvasCss } from './viewport-css.ts';

const SETTLE_MS = 250;

/**
 * What the server's Tailwind said of the classes last sent: the ones it was asked about, and of those
 * the ones it does not know, the ones left out for reaching outside the page, and the ones the canvas
 * leaves out for loading from another site.
 */
export interface ClassCheck {
  readonly asked: ReadonlySet<string>;
  readonly unknown: ReadonlySet<string>;
  readonly notAllowed: ReadonlySet<string>;
  readonly offSite: ReadonlySet<string>;
}

/**
 * The CSS of every class on the canvas, compiled by the server's Tailwind against the landing pages'
 * theme (the app's own stylesheet only holds the classes the app uses), and the classes Tailwind
 * does not know, for the class input's verdicts. Its breakpoints follow the canvas's width, not the
 * window's, and its viewport heights the previewed screen's (viewport-css.ts). Asked again once typing pauses, only when the set of classes changed.
 * Null until the first answer: the canvas waits for it rather than flash unstyled.
 */
export function useCanvasCss(canvas: RefObject<HTMLElement | null>, doc: PageContent) {
  const [result, setResult] = useState<{ css: string; check: ClassCheck | null } | null>(null);
  const asked = useRef('');
  useEffect(() => {
    const walk = new AbortController();
    // The first styles are awaited by an invisible canvas: asked for at once, the canvas walked in one go.
    const first = asked.current === '';
    const timer = setTimeout(async () => {
      const onCanvas = canvas.current ? await gatherCanvasClasses(canvas.current, walk.signal, first ? Infinity : undefined) : new Set<string>();
      if (!onCanvas) return;
      const classes = new Set([...collectClassNames(doc), ...onCanvas]);
      const list = [...classes].filter((name) => name.length <= CSS_REQUEST_LIMITS.classLength).sort().slice(0, CSS_REQUEST_LIMITS.classes);
      const key = list.join(' ');
      if (key === asked.current) return;
      asked.current = key;
      fetchCanvasCss(list).then(
        (answer) => {
          if (asked.current === key) {
            const check = { asked: new Set(list), unknown: new Set(answer.unknown), notAllowed: new Set(answer.notAllowed), offSite: new Set(answer.offSite) };
            setResult({ css: toCanvasCss(answer.css), check });
          }
        },
        (error: unknown) => {
          asked.current = '';
          console.error('Could not compile the canvas CSS', error);
          // The canvas shows the page all the same, with the app's own styles; no class verdicts.
          setResult((shown) => shown ?? { css: '', check: null });
        },
      );
    }, first ? 0 : SETTLE_MS);
    return () => {
      clearTimeout(timer);
      walk.abort();
    };
  }, [canvas, doc]);
  return result;
}
