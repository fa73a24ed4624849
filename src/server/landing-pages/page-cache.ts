import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import type { Compressed } from '../http/compressed.ts';

/**
 * Rendered public pages, kept in memory by slug until the page changes. A save through this
 * instance drops its entry at once; every save also NOTIFYs the other instances sharing the database
 * (PostgreSQL delivers it to each listener, PGlite to its own process), which drop theirs. Should the
 * listening connection be lost, every entry is dropped, so no instance serves a page older than a save.
 */

const CHANNEL = 'landing_page_changed';

/** A page ready to send: its finished HTML, or (a react page) the site page it shows. */
export type RenderedPage = { pageId: string; html: Compressed; etag: string } | { pageId: string; sitePage: string };

export interface PageCache {
  get(slug: string): RenderedPage | undefined;
  set(slug: string, page: RenderedPage): void;
  /** The page changed (saved, toggled, deleted): forget it here and in every other instance. */
  changed(db: Db, pageId: string): Promise<void>;
  close(): Promise<void>;
}

export async function createPageCache(database: Pick<Database, 'listen'>, { maxEntries = 1_000 } = {}): Promise<PageCache> {
  const entries = new Map<string, RenderedPage>();
  const forget = (pageId: string | null) => {
    if (pageId === null) return entries.clear();
    for (const [slug, page] of entries) if (page.pageId === pageId) entries.delete(slug);
  };
  const unlisten = await database.listen(CHANNEL, forget);
  return {
    get: (slug) => entries.get(slug),
    set(slug, page) {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(slug, page);
    },
    async changed(db, pageId) {
      forget(pageId);
      await db.execute(sql`select pg_notify(${CHANNEL}, ${pageId})`);
    },
    close: unlisten,
  };
}
