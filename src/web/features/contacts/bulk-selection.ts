import type { BulkJob, ContactSelectionInput } from '@shared/contacts/bulk.ts';
import type { ContactView } from './contact-view.ts';

/**
 * What the bulk actions apply to: the rows ticked, or (like Gmail's "Select all conversations
 * that match") every contact the view's search and filters match, on the server, however many.
 */
export interface BulkTarget {
  selection: ContactSelectionInput;
  count: number;
  /** The count stopped at its cap (one- and two-letter searches): there are more than `count`. */
  capped: boolean;
}

const number = (n: number) => n.toLocaleString('en-US');
const contactsWord = (n: number, capped = false) => (n === 1 && !capped ? 'contact' : 'contacts');

export function pickedTarget(ids: Iterable<string>): BulkTarget {
  const list = [...ids];
  return { selection: { kind: 'ids', ids: list }, count: list.length, capped: false };
}

export function matchingTarget(view: ContactView, total: number, capped: boolean): BulkTarget {
  const { search, status, source, kit_state, tag } = view;
  return { selection: { kind: 'matching', filters: { search, status, source, kit_state, tag } }, count: total, capped };
}

/** "1 contact", "12,345 contacts", "1,000+ contacts" (a count that stopped at its cap: very short search terms). */
export const countText = (count: number, capped: boolean) => `${number(count)}${capped ? '+' : ''} ${contactsWord(count, capped)}`;

/** "3 contacts", "all 12,345 contacts", "all 1,000+ contacts": how dialogs and buttons name the target. */
export function targetText({ selection, count, capped }: BulkTarget): string {
  return selection.kind === 'matching' ? `all ${countText(count, capped)}` : countText(count, capped);
}

/** What a job did or is doing, in a sentence. */
export function jobSummary(job: BulkJob): string {
  const tag = `"${job.tag ?? ''}"`;
  if (job.status === 'running') {
    const doing = job.action === 'tag' ? `Adding tag ${tag}` : job.action === 'untag' ? `Removing tag ${tag}` : job.action === 'erase' ? 'Erasing contacts' : 'Deleting contacts';
    return `${doing}: ${number(job.done)} of ${number(job.total)}`;
  }
  const n = job.changed;
  const done =
    job.action === 'tag'
      ? `Tag ${tag} added to ${number(n)} ${contactsWord(n)}`
      : job.action === 'untag'
        ? `Tag ${tag} removed from ${number(n)} ${contactsWord(n)}`
        : `${number(n)} ${contactsWord(n)} ${job.action === 'erase' ? 'erased' : 'deleted'}`;
  const unchanged = job.done - job.changed;
  const rest =
    unchanged === 0
      ? ''
      : job.action === 'tag'
        ? ` (${number(unchanged)} already had it)`
        : job.action === 'untag'
          ? ` (${number(unchanged)} did not have it)`
          : ` (${number(unchanged)} already gone)`;
  return job.status === 'failed' ? `Stopped after ${number(job.done)} of ${number(job.total)}: ${job.error ?? ''}` : `${done}${rest}`;
}
