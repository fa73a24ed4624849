import { convertText, type ConversionRequest, type Outcome } from './conversion.ts';

/**
 * The converter's thread (conversion.ts, convertOffThread): converts each page it is sent and
 * answers with the outcome, so the tab stays responsive while a large page converts.
 */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ConversionRequest>) => void) | null;
  postMessage(outcome: Outcome): void;
};

scope.onmessage = ({ data }) => scope.postMessage(convertText(data.html, data.pageUrl, data.fallback));
