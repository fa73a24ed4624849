import type { WorkerAnswer } from './conversion-thread.ts';
import { convertText, type ConversionRequest } from './conversion.ts';

/**
 * The converter's worker (started by conversion-thread.ts): converts each page it is sent and
 * answers with the outcome under the request's number, so the tab stays responsive meanwhile.
 */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ id: number; request: ConversionRequest }>) => void) | null;
  postMessage(answer: WorkerAnswer): void;
};

scope.onmessage = ({ data: { id, request } }) => scope.postMessage({ id, outcome: convertText(request.html, request.pageUrl, request.fallback) });
