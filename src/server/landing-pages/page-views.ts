import { and, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { landingPageViews } from './schema.ts';

/**
 * Views of published pages, counted on the server without a cookie or any personal data: one
 * counter per page and day. Counting a view costs no query: counts gather in memory and are added
 * to the database every few seconds (and on shutdown) in one statement, so the page stays as fast
 * as a static file. A crash loses at most that many seconds of counts.
 */

/** Crawlers, link previews, monitors and headless tools are not visitors. */
const BOT_USER_AGENT =
  /bot|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|monitor|pingdom|uptime|lighthouse|headless|phantom|curl|wget|python-|httpclient|okhttp|go-http|java\//i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT_USER_AGENT.test(userAgent);
}

const today = (now: Date) => now.toISOString().slice(0, 10);

export interface ViewCounter {
  /** Counts one view of the page now (bots are not counted). */
  count(pageId: string, userAgent: string | undefined): void;
  /** Adds the gathered counts to the database. */
  flush(): Promise<void>;
  /** Flushes one last time and stops the timer. */
  stop(): Promise<void>;
}

export function createViewCounter(db: Db, { flushMs = 5_000, now = () => new Date() } = {}): ViewCounter {
  let pending = new Map<string, number>();
  const flush = async () => {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    const rows = [...batch].map(([key, views]) => {
      const [pageId, day] = key.split('|') as [string, string];
      return sql`(${pageId}::uuid, ${day}::date, ${views}::integer)`;
    });
    // Joined with landing_pages so a page deleted since it was viewed is skipped, not an error.
    await db.execute(sql`
      insert into landing_page_views (landing_page_id, day, views)
      select v.id, v.day, v.views from (values ${sql.join(rows, sql`, `)}) as v(id, day, views)
      join landing_pages p on p.id = v.id
      on conflict (landing_page_id, day) do update set views = landing_page_views.views + excluded.views`);
  };
  const timer = setInterval(() => void flush().catch(() => undefined), flushMs);
  timer.unref();
  return {
    count(pageId, userAgent) {
      if (isBot(userAgent)) return;
      const key = `${pageId}|${today(now())}`;
      pending.set(key, (pending.get(key) ?? 0) + 1);
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

/** Views per page and day since `since` (a date, YYYY-MM-DD). */
export async function viewsByDay(db: Db, pageIds: string[], since: string) {
  if (pageIds.length === 0) return [];
  return db
    .select({ page_id: landingPageViews.landing_page_id, day: landingPageViews.day, views: landingPageViews.views })
    .from(landingPageViews)
    .where(and(inArray(landingPageViews.landing_page_id, pageIds), gte(landingPageViews.day, since)));
}
