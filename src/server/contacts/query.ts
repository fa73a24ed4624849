import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  defaultSortOrder,
  CONTACT_LIST_MESSAGES,
  PREFIX_SEARCH_MAX,
  searchTerms,
  type ContactFilters,
  type ContactSort,
  type SortOrder,
} from '../../shared/contacts/list.ts';
import { CONTACT_SOURCES, CONTACT_STATUSES } from '../../shared/contacts.ts';
import type { ContactSelection } from '../../shared/contacts/bulk.ts';
import { contacts } from './schema.ts';
import { AppError } from '../http/errors.ts';
import { idList, isUuid, likePattern, prefixPattern } from '../db/sql-helpers.ts';

/**
 * Exactly the expression of the trigram index `contacts_search_trgm_idx`: PostgreSQL uses an
 * expression index only for the identical expression, so search must not write it any other way.
 */
export const searchDocument = sql`(coalesce(${contacts.email}, '') || ' ' || coalesce(${contacts.first_name}, '') || ' ' || coalesce(${contacts.last_name}, '') || ' ' || coalesce(${contacts.full_name}, ''))`;

/** The columns a short term matches the start of; each has a `lower(…) text_pattern_ops` index (contacts_*_prefix_idx). */
const PREFIX_COLUMNS = [contacts.email, contacts.first_name, contacts.last_name, contacts.full_name];

/** One search term: anywhere in the search document, or a short one at the start of a column (PREFIX_SEARCH_MAX). */
function termCondition(term: string): SQL {
  if (term.length > PREFIX_SEARCH_MAX) return sql`${searchDocument} ilike ${likePattern(term)}`;
  return or(...PREFIX_COLUMNS.map((column) => sql`lower(${column}) like lower(${prefixPattern(term)})`))!;
}

/** The search and filters of the list, as one condition (undefined: every contact). */
export function contactFilterWhere(filters: Omit<ContactFilters, 'sort' | 'order'>): SQL | undefined {
  const conditions: SQL[] = searchTerms(filters.search).map(termCondition);
  if (filters.status) conditions.push(eq(contacts.status, filters.status));
  if (filters.source) conditions.push(eq(contacts.source, filters.source));
  if (filters.kit_state) conditions.push(eq(contacts.kit_state, filters.kit_state));
  if (filters.tag) conditions.push(sql`${contacts.tags} @> array[${filters.tag}]::text[]`);
  return and(...conditions);
}

/** The contacts a bulk action applies to: the ids ticked, or every contact matching the filters. */
export function selectionWhere(selection: ContactSelection): SQL | undefined {
  return selection.kind === 'ids' ? sql`${contacts.id} in ${idList(selection.ids)}` : contactFilterWhere(selection.filters);
}

/** The name the screen shows (see contactDisplayName), lower-cased; only immutable functions, so it can be indexed. */
const nameKey = sql`lower(coalesce(nullif(${contacts.full_name}, ''), nullif(trim(coalesce(${contacts.first_name}, '') || ' ' || coalesce(${contacts.last_name}, '')), ''), ${contacts.email}))`;

interface SortKey {
  expr: SQL;
  /** How a cursor value (text) is cast back to the key's type. */
  type: 'timestamptz' | 'text' | 'uuid' | 'contact_status' | 'contact_source';
  desc: boolean;
}

/**
 * The keys of a keyset page: the chosen column, then tie-breakers that make the order total (and
 * so pages neither repeat nor miss rows). NULLS placement matches the indexes (created_at is
 * indexed DESC NULLS LAST), so the planner can walk an index instead of sorting the table.
 */
export function sortKeys(sort: ContactSort, order: SortOrder): SortKey[] {
  const desc = order === 'desc';
  const id: SortKey = { expr: sql`${contacts.id}`, type: 'uuid', desc };
  const createdAt = (d: boolean): SortKey => ({ expr: sql`${contacts.created_at}`, type: 'timestamptz', desc: d });
  switch (sort) {
    case 'created_at':
      return [createdAt(desc), id];
    case 'email':
      return [{ expr: sql`lower(${contacts.email})`, type: 'text', desc }]; // unique: no tie-breaker needed
    case 'name':
      return [{ expr: nameKey, type: 'text', desc }, id];
    case 'status':
    case 'source':
      // Within one status or source, newest first (the reverse for a descending sort).
      return [
        { expr: sql`${contacts[sort]}`, type: sort === 'status' ? 'contact_status' : 'contact_source', desc },
        createdAt(!desc),
        { ...id, desc: !desc },
      ];
  }
}

export function orderBy(keys: SortKey[]): SQL[] {
  return keys.map((k) => {
    const isCreatedAt = k.type === 'timestamptz';
    const direction = k.desc ? (isCreatedAt ? 'desc nulls last' : 'desc') : isCreatedAt ? 'asc nulls first' : 'asc';
    return sql`${k.expr} ${sql.raw(direction)}`;
  });
}

/** The key values of a row, as text, for its cursor. */
export function cursorColumns(keys: SortKey[]): SQL<string[]> {
  return sql<string[]>`array[${sql.join(
    keys.map((k) =>
      // ISO 8601 with microseconds, whatever the session's DateStyle: a cursor must not lose precision.
      k.type === 'timestamptz' ? sql`to_char(${k.expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : sql`${k.expr}::text`,
    ),
    sql`, `,
  )}]`;
}

/** Rows strictly after the cursor row in the order of `keys`. */
export function afterCursor(keys: SortKey[], values: string[]): SQL {
  const value = (i: number) => sql`${values[i]}::${sql.raw(keys[i]!.type)}`;
  const op = (k: SortKey, orEqual = false) => sql.raw(`${k.desc ? '<' : '>'}${orEqual ? '=' : ''}`);
  const branches = keys.map((key, i) =>
    and(...keys.slice(0, i).map((prev, j) => sql`${prev.expr} = ${value(j)}`), sql`${key.expr} ${op(key)} ${value(i)}`)!,
  );
  // The first key's bound alone lets the planner start the index scan at the cursor.
  return and(sql`${keys[0]!.expr} ${op(keys[0]!, true)} ${value(0)}`, or(...branches))!;
}

/** Cursors are opaque to the screen: the sort they belong to and the last row's key values. */
export function encodeCursor(sort: ContactSort, order: SortOrder, values: string[]): string {
  return Buffer.from(JSON.stringify([sort, order, ...values])).toString('base64url');
}

export function decodeCursor(cursor: string, sort: ContactSort, order: SortOrder): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const keys = sortKeys(sort, order);
  const valid =
    Array.isArray(parsed) &&
    parsed.length === keys.length + 2 &&
    parsed[0] === sort &&
    parsed[1] === order &&
    keys.every((key, i) => isKeyValue(key.type, parsed[i + 2]));
  if (!valid) throw new AppError(400, 'invalid_cursor', CONTACT_LIST_MESSAGES.invalidCursor);
  return (parsed as string[]).slice(2);
}

/** A tampered cursor is refused here rather than failing as a cast error in the database. */
function isKeyValue(type: SortKey['type'], value: unknown): boolean {
  if (typeof value !== 'string') return false;
  switch (type) {
    case 'uuid':
      return isUuid(value);
    case 'timestamptz':
      return isCursorInstant(value);
    case 'contact_status':
      return (CONTACT_STATUSES as readonly string[]).includes(value);
    case 'contact_source':
      return (CONTACT_SOURCES as readonly string[]).includes(value);
    case 'text':
      return isStorableText(value);
  }
}

/**
 * The form cursorColumns writes (microseconds, UTC), naming a moment that exists: 2024-02-30 or
 * hour 25 would fail the database's cast. Years from 1: PostgreSQL has no year 0.
 */
function isCursorInstant(value: string): boolean {
  const match = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.exec(value);
  if (!match || Number(match[1]) < 1) return false;
  const milliseconds = Date.parse(`${value.slice(0, 23)}Z`);
  return !Number.isNaN(milliseconds) && new Date(milliseconds).toISOString().slice(0, 19) === value.slice(0, 19);
}

/** Text PostgreSQL can hold: no NUL, no half of a surrogate pair (it has no UTF-8 form). */
function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
}

export function resolveOrder(filters: Pick<ContactFilters, 'sort' | 'order'>): { sort: ContactSort; order: SortOrder } {
  return { sort: filters.sort, order: filters.order ?? defaultSortOrder(filters.sort) };
}
