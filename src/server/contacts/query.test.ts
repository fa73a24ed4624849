import { and, count, getTableColumns, sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { contacts } from '../db/schema.ts';
import { afterCursor, contactFilterWhere, orderBy, sortKeys } from './query.ts';

/**
 * The list is fast at 100,000 rows only if the planner can use the indexes: the search must use the
 * trigram index's exact expression, and the sort must match the index's NULLS order. With
 * sequential scans priced out, a plan shows whether an index is usable at all, on both drivers.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function plan(query: SQLWrapper): Promise<string> {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Array<Record<string, string>> };
    return result.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

const page = (where: ReturnType<typeof contactFilterWhere>, keys: ReturnType<typeof sortKeys>) =>
  t.db.select(getTableColumns(contacts)).from(contacts).where(where).orderBy(...orderBy(keys)).limit(51);

describe('index use', () => {
  it('searches through the trigram index', async () => {
    const where = contactFilterWhere({ search: 'schmidt anna' });
    const counted = await plan(t.db.select({ n: count() }).from(contacts).where(where));
    expect(counted).toContain('contacts_search_trgm_idx');
  });

  it('finds a one- or two-letter term through the prefix indexes of email and each name', async () => {
    for (const search of ['an', 'ä', 'a_']) {
      const counted = await plan(t.db.select({ n: count() }).from(contacts).where(contactFilterWhere({ search })));
      for (const index of ['contacts_email_prefix_idx', 'contacts_first_name_prefix_idx', 'contacts_last_name_prefix_idx', 'contacts_full_name_prefix_idx']) {
        expect(counted, `${search}: ${index}`).toContain(index);
      }
    }
  });

  it('walks the created_at index for the default order, forwards and backwards, also after a cursor', async () => {
    for (const order of ['desc', 'asc'] as const) {
      const keys = sortKeys('created_at', order);
      const first = await plan(page(undefined, keys));
      expect(first, order).toContain('contacts_created_at_idx');
      expect(first).not.toMatch(/^\s*->\s+Sort\b/m); // at most an incremental sort on the id tie-breaker
      const later = await plan(page(afterCursor(keys, ['2025-01-01T00:00:00.000000Z', '00000000-0000-4000-8000-000000000000']), keys));
      expect(later).toContain('contacts_created_at_idx');
    }
  });

  it('walks the lower(email) index for the email order', async () => {
    const keys = sortKeys('email', 'asc');
    expect(await plan(page(and(afterCursor(keys, ['m@example.com'])), keys))).toContain('contacts_email_lower_key');
  });
});
