import type { LeadOutcome } from '../../shared/landing-pages/viewer.ts';
import { compressAsync, type Compressed } from '../http/compressed.ts';
import type { RenderedHtml } from './page-cache.ts';

/**
 * A rendered page announcing a form's outcome (after a plain POST, `?lead=ok`): the cached page's
 * bytes with the outcome written into its slot, so announcing costs no render. Made on first use
 * and kept as long as the cached page itself.
 */
const made = new WeakMap<RenderedHtml, Map<LeadOutcome, Promise<Compressed>>>();

export function withOutcome(page: RenderedHtml, outcome: LeadOutcome): Promise<Compressed> {
  let byOutcome = made.get(page);
  if (!byOutcome) made.set(page, (byOutcome = new Map()));
  let variant = byOutcome.get(outcome);
  if (!variant) {
    const { identity } = page.html;
    const { start, end, markup } = page.outcome;
    variant = compressAsync(Buffer.concat([identity.subarray(0, start), Buffer.from(markup[outcome], 'utf8'), identity.subarray(end)]));
    byOutcome.set(outcome, variant);
    variant.catch(() => byOutcome.delete(outcome));
  }
  return variant;
}
