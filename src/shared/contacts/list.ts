import { z } from 'zod';
import { CONTACT_SOURCES, CONTACT_STATUSES } from '../contacts.ts';
import { KIT_SUBSCRIBER_STATES } from '../kit/subscriber-state.ts';
import { safeText } from '../text/safe-text.ts';
import { TAG_NAME_MAX } from '../tags/api.ts';

/** Query of the contacts list and of its CSV export: search, filters, sort, and (list only) a page. */

export const CONTACT_SORTS = ['created_at', 'email', 'name', 'status', 'source'] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Newest first by date; A to Z (or pipeline order for status) for everything else. */
export const defaultSortOrder = (sort: ContactSort): SortOrder => (sort === 'created_at' ? 'desc' : 'asc');

export const CONTACT_PAGE_SIZE = 50;
export const CONTACT_PAGE_SIZE_MAX = 200;
export const CONTACT_SEARCH_MAX = 200;
/**
 * A search term this short matches the start of the email, first, last or full name ('an' finds Anna
 * and andreas@…, not Johann); longer terms match anywhere. A substring (trigram) index needs three
 * characters, and a one- or two-letter substring matches most of the list anyway. A short term can
 * still match much of the list ('a'), so its matches are counted only up to TOTAL_CAP_SHORT_SEARCH
 * (`total_capped` tells the screen to show "1,000+").
 */
export const PREFIX_SEARCH_MAX = 2;
export const TOTAL_CAP_SHORT_SEARCH = 1000;

export const CONTACT_LIST_MESSAGES = {
  invalidCursor: 'This page link is no longer valid. Reload the list.',
  searchTooLong: `Search must be at most ${CONTACT_SEARCH_MAX} characters`,
} as const;

/** A query-string value the screen left empty means "no filter". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const contactFiltersSchema = z.object({
  search: z.preprocess(blankToUndefined, safeText().trim().max(CONTACT_SEARCH_MAX, CONTACT_LIST_MESSAGES.searchTooLong).optional()),
  status: z.preprocess(blankToUndefined, z.enum(CONTACT_STATUSES).optional()),
  source: z.preprocess(blankToUndefined, z.enum(CONTACT_SOURCES).optional()),
  /** Kit's state of the subscriber. */
  kit_state: z.preprocess(blankToUndefined, z.enum(KIT_SUBSCRIBER_STATES).optional()),
  /** A tag name: contacts carrying this tag. */
  tag: z.preprocess(blankToUndefined, safeText().trim().max(TAG_NAME_MAX).optional()),
  sort: z.preprocess(blankToUndefined, z.enum(CONTACT_SORTS).default('created_at')),
  order: z.preprocess(blankToUndefined, z.enum(SORT_ORDERS).optional()),
});
export type ContactFilters = z.output<typeof contactFiltersSchema>;

export const contactListQuerySchema = contactFiltersSchema.extend({
  /** `next_cursor` of the previous page (base64url, opaque to the screen); absent for the first page. */
  cursor: z.preprocess(blankToUndefined, z.string().max(2000, CONTACT_LIST_MESSAGES.invalidCursor).regex(/^[A-Za-z0-9_-]+$/, CONTACT_LIST_MESSAGES.invalidCursor).optional()),
  limit: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(CONTACT_PAGE_SIZE_MAX).default(CONTACT_PAGE_SIZE)),
});
export type ContactListQuery = z.output<typeof contactListQuerySchema>;

/** Whitespace separates terms; every term must match (in any of email, first, last or full name). */
export function searchTerms(search: string | undefined): string[] {
  return (search ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
}
