import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { landingPageViews, landingPageViewSalts, landingPageVisitors } from './schema.ts';

/**
 * Views of published pages, counted on the server without a cookie: a view is one visitor's first
 * visit of a page on a day (UTC). A visitor is known by a hash of their address and browser salted
 * with a random salt of the day, which all instances share through the database and which is deleted
 * with the day's visitors once the day is over; the address and the browser are never stored.
 *
 * Counting costs no query: visits gather in memory (repeats from one visitor dropped at once) and
 * are written every few seconds (and on shutdown) in one statement per day, which keeps the first
 * visit of each visitor (landing_page_visitors) and adds those to the day's counter. A crash loses
 * at most that many seconds of visits.
 */

/** Crawlers, link previews, monitors and headless tools are not visitors. */
const BOT_USER_AGENT =
  /bot|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|monitor|pingdom|uptime|lighthouse|headless|phantom|curl|wget|python-|httpclient|okhttp|go-http|java\//i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT_USER_AGENT.test(userAgent);
}

export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** Each database's known salts by day (tests run several databases in one process). */
const knownSalts = new WeakMap<Db, Map<string, Promise<string>>>();

/**
 * The random salt of `day` (YYYY-MM-DD), made by the first instance that needs it and shared by all
 * through the database; read once per day and instance. Views and A/B assignments both use it.
 */
export function daySalt(db: Db, day: string): Promise<string> {
  let salts = knownSalts.get(db);
  if (!salts) knownSalts.set(db, (salts = new Map()));
  const known = salts.get(day);
  if (known) return known;
  const reading = (async () => {
    await db.insert(landingPageViewSalts).values({ day, salt: randomBytes(32).toString('base64url') }).onConflictDoNothing();
    const [row] = await db.select({ salt: landingPageViewSalts.salt }).from(landingPageViewSalts).where(sql`${landingPageViewSalts.day} = ${day}`);
    return row!.salt;
  })();
  salts.set(day, reading);
  // A failed read is not remembered: the next request tries again.
  reading.catch(() => salts.delete(day));
  return reading;
}

function forgetSaltsBefore(db: Db, today: string) {
  const salts = knownSalts.get(db);
  if (salts) for (const day of salts.keys()) if (day < today) salts.delete(day);
}

/** Visits waiting for a flush beyond this are dropped: a flood cannot fill the memory while the database is away. */
const MAX_PENDING = 100_000;
/** Visitors remembered in memory per day (to drop their repeats before any query); the database decides beyond. */
const MAX_SEEN = 200_000;
const ROWS_PER_STATEMENT = 1_000;

export interface ViewCounter {
  /** Counts a visit of the page now, once per visitor and day (bots are not counted). */
  count(pageId: string, address: string, userAgent: string | undefined): void;
  /** Writes the gathered visits to the database. */
  flush(): Promise<void>;
  /** Flushes one last time and stops the timer. */
  stop(): Promise<void>;
}

export function createViewCounter(db: Db, { flushMs = 5_000, now = () => new Date() } = {}): ViewCounter {
  /** Visits to write, by page and day: each visitor as an unsalted hash that never leaves memory. */
  let pending = new Map<string, Set<string>>();
  let pendingCount = 0;
  let seen = new Set<string>();
  let seenDay = '';
  let sweptBefore = '';
  const saltOf = (day: string) => daySalt(db, day);

  /** Forgets the visitors and salts of the days before today: their hashes become unlinkable. */
  const sweep = async (today: string) => {
    if (sweptBefore === today) return;
    await db.delete(landingPageVisitors).where(lt(landingPageVisitors.day, today));
    await db.delete(landingPageViewSalts).where(lt(landingPageViewSalts.day, today));
    forgetSaltsBefore(db, today);
    sweptBefore = today;
  };

  const write = async () => {
    const batch = pending;
    pending = new Map();
    pendingCount = 0;
    for (const [key, visitors] of batch) {
      const [pageId, day] = key.split('|') as [string, string];
      const salt = await saltOf(day);
      const hashes = [...visitors].map((visitor) => createHmac('sha256', salt).update(visitor).digest('base64url').slice(0, 22));
      for (let i = 0; i < hashes.length; i += ROWS_PER_STATEMENT) {
        const rows = hashes.slice(i, i + ROWS_PER_STATEMENT).map((hash) => sql`(${pageId}::uuid, ${day}::date, ${hash})`);
        // Joined with landing_pages so a page deleted since it was viewed is skipped, not an error.
        await db.execute(sql`
          with fresh as (
            insert into landing_page_visitors (landing_page_id, day, visitor)
            select v.id, v.day, v.visitor from (values ${sql.join(rows, sql`, `)}) as v(id, day, visitor)
            join landing_pages p on p.id = v.id
            on conflict do nothing
            returning landing_page_id, day
          )
          insert into landing_page_views (landing_page_id, day, views)
          select landing_page_id, day, count(*)::integer from fresh group by landing_page_id, day
          on conflict (landing_page_id, day) do update set views = landing_page_views.views + excluded.views`);
      }
    }
    await sweep(dayOf(now()));
  };

  // One flush at a time: the timer's and the shutdown's never interleave.
  let flushing: Promise<void> = Promise.resolve();
  const flush = () => (flushing = flushing.then(write, write));
  const timer = setInterval(() => void flush().catch(() => undefined), flushMs);
  timer.unref();

  return {
    count(pageId, address, userAgent) {
      if (isBot(userAgent)) return;
      const day = dayOf(now());
      if (day !== seenDay || seen.size >= MAX_SEEN) {
        seen = new Set();
        seenDay = day;
      }
      const visitor = createHash('sha256').update(`${address}\n${userAgent}`).digest('base64url');
      const key = `${pageId}|${day}`;
      if (seen.has(`${key}|${visitor}`) || pendingCount >= MAX_PENDING) return;
      seen.add(`${key}|${visitor}`);
      let visitors = pending.get(key);
      if (!visitors) pending.set(key, (visitors = new Set()));
      visitors.add(visitor);
      pendingCount++;
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
