import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** Small SQL helpers shared by the server's features. */

/**
 * True when a query failed on the named unique constraint or index. Drivers differ in how they wrap
 * the PostgreSQL error (drizzle puts the driver's error in `cause`), so the chain is searched.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint === constraint;
  }
  return false;
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, '\\$&');

/** `%term%` for (I)LIKE, with LIKE's own wildcards in the term taken literally. */
export const likePattern = (term: string) => `%${escapeLike(term)}%`;

/** `term%`: what starts with the term, wildcards in it taken literally. */
export const prefixPattern = (term: string) => `${escapeLike(term)}%`;

/** Ids are uuids; anything else cannot name a row (and must not reach a uuid cast). */
export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/*
 * A list as one JSON parameter: drizzle spreads a JS array into a parameter per element, and a
 * statement may have at most 65,535 of those.
 */

/** `(select …)` of these ids as uuids: `x in ${idList(ids)}`. */
export const idList = (ids: readonly string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;

/** These strings as a text[] value. */
export const textArray = (values: readonly string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/**
 * `insert into table (the columns given) select the values from source`: one row for each row of
 * `source` (a relation of the caller's statement, such as a row it locked), none when it has none.
 * Each value is encoded as drizzle encodes it for its column, and cast to the column's type.
 */
export function insertSelected<T extends PgTable>(table: T, values: Partial<T['$inferInsert']>, source: SQL): SQL {
  const columns = getTableColumns(table);
  const given = Object.entries(values).filter(([, value]) => value !== undefined);
  const names = given.map(([key]) => sql.identifier(columns[key]!.name));
  const selected = given.map(([key, value]) => sql`${sql.param(value, columns[key])}::${sql.raw(columns[key]!.getSQLType())}`);
  return sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(selected, sql`, `)} from ${source}`;
}

/** Marks a statement planned once (see plannedOnce). */
export const PLANNED_ONCE = '/* planned once */';

/**
 * `statement`, planned once on the embedded database and that plan kept (PostgreSQL's generic plan),
 * where its other statements are planned anew for each execution. For statements whose best plan
 * does not depend on their parameters (writes and reads by key). PostgreSQL plans each statement
 * the app sends anyway (node-postgres sends them unnamed), and reads the mark as a comment.
 */
export const plannedOnce = (statement: SQL): SQL => sql`${sql.raw(PLANNED_ONCE)} ${statement}`;
