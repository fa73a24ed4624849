import { useEffect, useState } from 'react';
import type { PageContent } from '@shared/landing-pages/types.ts';

/**
 * The document the canvas and the component tree draw. A keystroke in the property editor (`typing`)
 * shows in its field at once and on the canvas in the frame after: the field's frame then holds only
 * the field, not the page of a thousand components around it, so typing keeps up with the keys
 * (bench/builder.ts: 'typing in a text prop' and '…until the canvas shows it'). Keys typed within one frame are drawn
 * together. Every other change (add, move, undo, inline text on the canvas) is drawn at once.
 */
export function useDrawnDoc(doc: PageContent, typing: boolean): PageContent {
  const [drawn, setDrawn] = useState(doc);
  // Adjusted while rendering, as React advises: the canvas never shows a document older than this render's.
  if (!typing && drawn !== doc) setDrawn(doc);

  useEffect(() => {
    if (drawn === doc) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the next frame is painted (its animation frame, then a task), not before it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setDrawn(doc), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [doc, drawn]);

  return typing ? drawn : doc;
}
