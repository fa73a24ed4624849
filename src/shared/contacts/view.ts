import { CONTACT_SOURCES, CONTACT_STATUSES, type ContactSource, type ContactStatus } from '../contacts.ts';
import { KIT_SUBSCRIBER_STATES, type KitSubscriberState } from '../kit/subscriber-state.ts';
import { CONTACT_PATHS } from './api.ts';
import { CONTACT_SORTS, defaultSortOrder, SORT_ORDERS, type ContactSort, type SortOrder } from './list.ts';

/**
 * What the contacts screen shows: search, filters and sort. It lives in the URL's search params
 * (the same names the API takes), so a filtered view can be bookmarked, shared and reloaded.
 */
export interface ContactView {
  search: string;
  status?: ContactStatus;
  source?: ContactSource;
  kit_state?: KitSubscriberState;
  tag?: string;
  sort: ContactSort;
  order: SortOrder;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

export function readView(params: URLSearchParams): ContactView {
  const sort = oneOf(CONTACT_SORTS, params.get('sort')) ?? 'created_at';
  return {
    search: params.get('search')?.trim() ?? '',
    status: oneOf(CONTACT_STATUSES, params.get('status')),
    source: oneOf(CONTACT_SOURCES, params.get('source')),
    kit_state: oneOf(KIT_SUBSCRIBER_STATES, params.get('kit_state')),
    tag: params.get('tag')?.trim() || undefined,
    sort,
    order: oneOf(SORT_ORDERS, params.get('order')) ?? defaultSortOrder(sort),
  };
}

/** The view as query params; defaults are left out, so the plain screen has a plain URL. */
export function viewParams(view: ContactView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.search) params.set('search', view.search);
  if (view.status) params.set('status', view.status);
  if (view.source) params.set('source', view.source);
  if (view.kit_state) params.set('kit_state', view.kit_state);
  if (view.tag) params.set('tag', view.tag);
  if (view.sort !== 'created_at') params.set('sort', view.sort);
  if (view.order !== defaultSortOrder(view.sort)) params.set('order', view.order);
  return params;
}

/** Rows per request: a screenful several times over, and still a small response. */
export const CONTACT_ROWS_PER_PAGE = 100;

/** The list request of a view's page (`cursor`: the previous page's next_cursor; null for the first). */
export function contactListPath(view: ContactView, cursor: string | null): string {
  const params = viewParams(view);
  params.set('limit', String(CONTACT_ROWS_PER_PAGE));
  if (cursor) params.set('cursor', cursor);
  return `${CONTACT_PATHS.list}?${params}`;
}

/**
 * What the contacts screen needs for its first rows (the page at `search`), for the server to name
 * as preloads and the app to ask while the screen's code still loads. Only the list: on the embedded
 * database a query holds the server's one thread, so the figures (a count over every contact) asked
 * this early would hold up the screen's scripts.
 */
export function contactsScreenRequests(search: string): string[] {
  return [contactListPath(readView(new URLSearchParams(search)), null)];
}

export const hasFilters = (view: ContactView) => Boolean(view.status || view.source || view.kit_state || view.tag);

