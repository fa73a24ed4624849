import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/helpers/test-db.ts';
import type { Database } from '../db/client.ts';
import { compress } from '../http/compressed.ts';
import { createPageCache, type RawHtml, type RenderedPage } from './page-cache.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const rendered = (pageId: string): RenderedPage => ({
  pageId,
  html: compress(`<p>${pageId}</p>`),
  etag: `"${pageId}"`,
  outcome: { start: 0, end: 0, markup: { ok: 'ok', error: 'error' } },
});
const raw = (pageId: string): RawHtml => ({ pageId, rawHtml: compress(`<script>${pageId}</script>`), etag: `"raw-${pageId}"` });

describe('rendered-page cache', () => {
  it('forgets a changed page in this instance at once, by page id (a renamed slug too), in both stores', async () => {
    const cache = await createPageCache(database);
    const now = cache.mark();
    cache.pages.set('spring-sale', rendered('page-1'), now);
    cache.pages.set('old-slug-of-page-1', rendered('page-1'), now);
    cache.rawHtml.set('spring-sale', raw('page-1'), now);
    cache.pages.set('other', rendered('page-2'), now);
    await cache.changed(database.db, 'page-1');
    expect(cache.pages.get('spring-sale')).toBeUndefined();
    expect(cache.pages.get('old-slug-of-page-1')).toBeUndefined();
    expect(cache.rawHtml.get('spring-sale')).toBeUndefined();
    expect(cache.pages.get('other')?.pageId).toBe('page-2');
    await cache.close();
  });

  it("keeps an html page's own HTML apart: no key of one store finds an entry of the other", async () => {
    const cache = await createPageCache(database);
    cache.rawHtml.set('offer', raw('page-3'), cache.mark());
    for (const key of ['offer', 'offer/content', 'offer%2Fcontent']) expect(cache.pages.get(key), key).toBeUndefined();
    cache.pages.set('offer', rendered('page-3'), cache.mark());
    expect(cache.rawHtml.get('offer')).toMatchObject({ etag: '"raw-page-3"' });
    expect(cache.pages.get('offer')).toMatchObject({ etag: '"page-3"' });
    await cache.close();
  });

  it('does not keep a render that raced a save of its page, and keeps one that only saw other pages change', async () => {
    const cache = await createPageCache(database);
    const before = cache.mark();
    await cache.changed(database.db, 'page-4');
    await cache.changed(database.db, 'page-5');
    cache.pages.set('racing', rendered('page-4'), before);
    expect(cache.pages.get('racing')).toBeUndefined();
    cache.pages.set('unrelated', rendered('page-6'), before);
    expect(cache.pages.get('unrelated')?.pageId).toBe('page-6');
    cache.pages.set('racing', rendered('page-4'), cache.mark());
    expect(cache.pages.get('racing')?.pageId).toBe('page-4');
    await cache.close();
  });

  it('forgets it in another instance sharing the database, through NOTIFY', async () => {
    const here = await createPageCache(database);
    const there = await createPageCache(database);
    there.pages.set('spring-sale', rendered('page-1'), there.mark());
    await here.changed(database.db, 'page-1');
    await expect.poll(() => there.pages.get('spring-sale'), { timeout: 5_000 }).toBeUndefined();
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
    cache.pages.set('a', rendered('page-1'), cache.mark());
    cache.rawHtml.set('b', raw('page-2'), cache.mark());
    lost!(null);
    expect(cache.pages.get('a')).toBeUndefined();
    expect(cache.rawHtml.get('b')).toBeUndefined();
  });
});
