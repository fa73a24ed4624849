import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/helpers/test-db.ts';
import type { Database } from '../db/client.ts';
import { compress } from '../http/compressed.ts';
import { createPageCache } from './page-cache.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const rendered = (pageId: string) => ({ pageId, html: compress(`<p>${pageId}</p>`), etag: `"${pageId}"` });

describe('rendered-page cache', () => {
  it('forgets a changed page in this instance at once, by page id (a renamed slug too)', async () => {
    const cache = await createPageCache(database);
    cache.set('spring-sale', rendered('page-1'));
    cache.set('old-slug-of-page-1', rendered('page-1'));
    cache.set('other', rendered('page-2'));
    await cache.changed(database.db, 'page-1');
    expect(cache.get('spring-sale')).toBeUndefined();
    expect(cache.get('old-slug-of-page-1')).toBeUndefined();
    expect(cache.get('other')?.pageId).toBe('page-2');
    await cache.close();
  });

  it('forgets it in another instance sharing the database, through NOTIFY', async () => {
    const here = await createPageCache(database);
    const there = await createPageCache(database);
    there.set('spring-sale', rendered('page-1'));
    await here.changed(database.db, 'page-1');
    await expect.poll(() => there.get('spring-sale'), { timeout: 5_000 }).toBeUndefined();
    await here.close();
    await there.close();
  });

  it('drops everything when notifications may have been missed', async () => {
    let lost: ((payload: string | null) => void) | undefined;
    const cache = await createPageCache({
      listen: async (_channel, onMessage) => {
        lost = onMessage;
        return async () => {};
      },
    });
    cache.set('a', rendered('page-1'));
    cache.set('b', rendered('page-2'));
    lost!(null);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
  });
});
