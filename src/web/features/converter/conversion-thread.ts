import { convertText, type ConversionRequest, type Outcome } from './conversion.ts';

/**
 * Conversions in a worker (conversion-worker.ts): a large page (up to the converter's limits, a
 * second or more on a slow machine) leaves the tab responsive, its busy state shown. Where workers
 * are missing (jsdom) or the worker fails, the page's own thread converts.
 */

/** The worker's answer to a request it was sent with a number. */
export interface WorkerAnswer {
  readonly id: number;
  readonly outcome: Outcome;
}

/** Lets the busy state paint before a conversion takes the page's own thread. */
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

let worker: Worker | null | undefined;
/** Conversions sent to the worker and not yet answered, by number (a page left and opened again may send another meanwhile); null: convert on the page. */
const pending = new Map<number, (outcome: Outcome | null) => void>();
let lastRequest = 0;

/** The converter's worker, started on first use and kept; null where there is none (no Worker, or it failed). */
function converterWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = typeof Worker === 'undefined' ? null : new Worker(new URL('./conversion-worker.ts', import.meta.url), { type: 'module' });
  } catch (error) {
    console.error('The converter could not start its worker; converting on the page', error);
    worker = null;
  }
  if (!worker) return null;
  worker.onmessage = ({ data }: MessageEvent<WorkerAnswer>) => {
    pending.get(data.id)?.(data.outcome);
    pending.delete(data.id);
  };
  worker.onerror = (event) => {
    console.error('The converter worker failed; converting on the page', event.message);
    event.preventDefault();
    worker?.terminate();
    worker = null;
    for (const answer of pending.values()) answer(null);
    pending.clear();
  };
  return worker;
}

/** Converts HTML as convertText does, in the worker when there is one. */
export async function convertOffThread(request: ConversionRequest): Promise<Outcome> {
  const thread = converterWorker();
  if (thread) {
    const id = ++lastRequest;
    const outcome = await new Promise<Outcome | null>((resolve) => {
      pending.set(id, resolve);
      thread.postMessage({ id, request });
    });
    if (outcome) return outcome;
  }
  await nextFrame();
  return convertText(request.html, request.pageUrl, request.fallback);
}
