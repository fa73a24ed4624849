import { sql } from 'drizzle-orm';
import type { LeadOutcome } from '../../shared/landing-pages/viewer.ts';
import type { Database, Db } from '../db/client.ts';
import type { Compressed } from '../http/compressed.ts';

/**
 * Rendered public pages, kept in memory by slug until the page changes. A save through this
 * instance drops its entries at once; every save also NOTIFYs the other instances sharing the
 * database (PostgreSQL delivers it to each listener, PGlite to its own process), which drop theirs.
 * Should the listening connection be lost, everything is dropped, so no instance serves a page older
 * than a save.
 *
 * Two stores that share nothing but that rule: the pages visitors get, and the own HTML of html pages,
 * which only its route reads (and sends under its sandbox policy). An entry of one can never be
 * found under any key of the other.
 */

const CHANNEL = 'landing_page_changed';
/** The notification's payload for every page (a page id is a uuid, never this). */
const ALL_PAGES = '*';

/**
 * Where a form's outcome goes in a rendered page: the bytes from `start` to `end` of the page's HTML
 * are the slot as it is without an outcome; `markup` holds it with each outcome.
 */
export interface OutcomeSlot {
  start: number;
  end: number;
  markup: Readonly<Record<LeadOutcome, string>>;
}

/**
 * Page A of a running A/B test: who gets variant B, and where B's own rendering is cached (a key
 * naming B's id and A's last change, which no slug can be: B's HTML is never found under A's key).
 */
export interface AbTestServing {
  testId: string;
  splitPercent: number;
  variantPageId: string;
  variantKey: string;
}

/** A page as visitors get it: finished HTML with its outcome slot. */
export interface RenderedHtml {
  pageId: string;
  abTest?: AbTestServing;
  html: Compressed;
  etag: string;
  outcome: OutcomeSlot;
}

/** A page ready to send: its finished HTML, or (a react page) the site page it shows. */
export type RenderedPage = RenderedHtml | { pageId: string; sitePage: string; abTest?: AbTestServing };

/** An html page's own HTML: sent only by its route, under the sandbox policy. */
export interface RawHtml {
  pageId: string;
  abTest?: AbTestServing;
  rawHtml: Compressed;
  etag: string;
}

export interface CacheStore<T> {
  /** By slug, or (variant B of a running test) by AbTestServing.variantKey. */
  get(slug: string): T | undefined;
  /** Keeps the entry, unless its page changed after `since` (a `mark()` taken before the page was read). */
  set(slug: string, entry: T, since: number): void;
}

export interface PageCache {
  pages: CacheStore<RenderedPage>;
  rawHtml: CacheStore<RawHtml>;
  /** Take before reading a page to render: a render that raced a save is then not kept. */
  mark(): number;
  /** The page changed (saved, toggled, deleted): forget it here and in every other instance. */
  changed(db: Db, pageId: string): Promise<void>;
  /** Something every page shows changed (a form's consent statement): forget them all, everywhere. */
  changedAll(db: Db): Promise<void>;
  close(): Promise<void>;
}

export async function createPageCache(database: Pick<Database, 'listen'>, { maxEntries = 1_000 } = {}): Promise<PageCache> {
  // Changes are numbered; each page remembers its last, so a render is dropped only if its own page changed.
  let changes = 0;
  let clearedAt = 0;
  const changedAt = new Map<string, number>();
  const maps: Array<Map<string, { pageId: string }>> = [];
  const store = <T extends { pageId: string }>(): CacheStore<T> => {
    const entries = new Map<string, T>();
    maps.push(entries);
    return {
      get: (slug) => entries.get(slug),
      set(slug, entry, since) {
        if (clearedAt > since || (changedAt.get(entry.pageId) ?? 0) > since) return;
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(slug, entry);
      },
    };
  };
  const pages = store<RenderedPage>();
  const rawHtml = store<RawHtml>();
  const forget = (pageId: string | null) => {
    changes++;
    if (pageId === null) clearedAt = changes;
    else changedAt.set(pageId, changes);
    for (const entries of maps) {
      if (pageId === null) entries.clear();
      else for (const [slug, entry] of entries) if (entry.pageId === pageId) entries.delete(slug);
    }
  };
  const unlisten = await database.listen(CHANNEL, (payload) => forget(payload === ALL_PAGES ? null : payload));
  return {
    pages,
    rawHtml,
    mark: () => changes,
    async changed(db, pageId) {
      forget(pageId);
      await db.execute(sql`select pg_notify(${CHANNEL}, ${pageId})`);
    },
    async changedAll(db) {
      forget(null);
      await db.execute(sql`select pg_notify(${CHANNEL}, ${ALL_PAGES})`);
    },
    close: unlisten,
  };
}
