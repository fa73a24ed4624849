import { and, eq, gte, inArray, isNull, sql, sum } from 'drizzle-orm';
import { LANDING_PAGE_MESSAGES, type Author } from '../../shared/landing-pages/api.ts';
import { AB_TEST_MESSAGES, twoProportionTest, type AbTest, type AbVariant } from '../../shared/landing-pages/ab-test.ts';
import { readPageSettings } from '../../shared/landing-pages/page-settings.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation, isUuid } from '../db/sql-helpers.ts';
import { AppError, notFound } from '../http/errors.ts';
import { countSubmissionsByPage } from '../leads/service.ts';
import { dayOf } from './page-views.ts';
import { landingPages, landingPageTests, landingPageVersions, landingPageViews } from './schema.ts';
import { getPage, isVariantPage, saveContent, storedSettings, uniqueSlug, variantPageError } from './service.ts';

export type AbTestRow = typeof landingPageTests.$inferSelect;

const RUNNING_KEY = 'landing_page_tests_running_key';
const SLUG_UNIQUE = 'landing_pages_slug_unique';
const SLUG_ATTEMPTS = 3;
/** Room for '-b' and slugCandidates' longest suffix (a 13-digit timestamp) within the 50 characters of a slug. */
const VARIANT_SLUG_ROOM = 34;

const noTest = () => notFound(AB_TEST_MESSAGES.noTest);

/** The test running on page A, if any. */
export async function runningTestOf(db: Db, pageId: string): Promise<AbTestRow | undefined> {
  if (!isUuid(pageId)) return undefined;
  const [test] = await db
    .select()
    .from(landingPageTests)
    .where(and(eq(landingPageTests.page_a_id, pageId), isNull(landingPageTests.ended_at)));
  return test;
}

/** Variant B's page while its test runs (the viewer renders it at A's address); undefined once the test ended. */
export async function findRunningVariant(db: Db, variantPageId: string): Promise<typeof landingPages.$inferSelect | undefined> {
  const [row] = await db
    .select({ page: landingPages })
    .from(landingPages)
    .innerJoin(landingPageTests, and(eq(landingPageTests.page_b_id, landingPages.id), isNull(landingPageTests.ended_at)))
    .where(eq(landingPages.id, variantPageId));
  return row?.page;
}

/** A's views so far today, which the test's results leave out. */
async function viewsToday(db: Db, pageId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ views: landingPageViews.views })
    .from(landingPageViews)
    .where(and(eq(landingPageViews.landing_page_id, pageId), eq(landingPageViews.day, dayOf(now))));
  return row?.views ?? 0;
}

/**
 * Starts a test on page A: variant B is a new inactive page copying A's content and settings (its own
 * version 1, saved by `author`), shown to `splitPercent` % of A's visitors. One running test per page
 * (the database's unique index decides between two simultaneous starts).
 */
export async function startTest(db: Db, pageId: string, splitPercent: number, author: Author, now = new Date()): Promise<AbTestRow> {
  const page = await getPage(db, pageId);
  if (await isVariantPage(db, page.id)) throw variantPageError();
  if (await runningTestOf(db, page.id)) throw new AppError(409, 'ab_test_running', AB_TEST_MESSAGES.alreadyRunning);
  const [row] = await db.select().from(landingPages).where(eq(landingPages.id, page.id));
  const prefix = `${page.slug.slice(0, VARIANT_SLUG_ROOM).replace(/-+$/, '')}-b`;
  const before = await viewsToday(db, page.id, now);
  for (let attempt = 1; ; attempt++) {
    const slug = await uniqueSlug(db, prefix);
    try {
      return await db.transaction(async (tx) => {
        const [variant] = await tx
          .insert(landingPages)
          .values({
            title: AB_TEST_MESSAGES.variantTitle(page.title),
            slug,
            content: row!.content,
            page_type: row!.page_type,
            settings: row!.settings,
            builder_config: row!.builder_config,
            is_active: false,
            updated_by: author.id,
          })
          .returning();
        await tx.insert(landingPageVersions).values({
          landing_page_id: variant!.id,
          version: variant!.version,
          content: variant!.content,
          page_type: variant!.page_type,
          settings: variant!.settings,
          created_at: variant!.updated_at,
          created_by: author.id,
        });
        const [test] = await tx
          .insert(landingPageTests)
          .values({ page_a_id: page.id, page_b_id: variant!.id, split_percent: splitPercent, a_views_before: before, started_at: now })
          .returning();
        return test!;
      });
    } catch (error) {
      if (isUniqueViolation(error, RUNNING_KEY)) throw new AppError(409, 'ab_test_running', AB_TEST_MESSAGES.alreadyRunning);
      if (attempt >= SLUG_ATTEMPTS || !isUniqueViolation(error, SLUG_UNIQUE)) throw error;
    }
  }
}

/** Changes the share of visitors who get B. */
export async function setSplit(db: Db, pageId: string, splitPercent: number): Promise<AbTestRow> {
  if (!isUuid(pageId)) throw noTest();
  const [test] = await db
    .update(landingPageTests)
    .set({ split_percent: splitPercent })
    .where(and(eq(landingPageTests.page_a_id, pageId), isNull(landingPageTests.ended_at)))
    .returning();
  if (!test) throw noTest();
  return test;
}

/** Views of a page on the days from `since` (a date) on. */
async function viewsSince(db: Db, pageId: string, since: string): Promise<number> {
  const [row] = await db
    .select({ views: sum(landingPageViews.views).mapWith(Number) })
    .from(landingPageViews)
    .where(and(eq(landingPageViews.landing_page_id, pageId), gte(landingPageViews.day, since)));
  return row?.views ?? 0;
}

const rate = (signups: number, views: number) => (views > 0 ? signups / views : null);

/** The running test's figures since it started: views and sign-ups per variant, rates and significance. */
export async function testResults(db: Db, test: AbTestRow): Promise<AbTest> {
  const since = dayOf(test.started_at);
  const [aViews, bViews, signups] = await Promise.all([
    viewsSince(db, test.page_a_id, since),
    viewsSince(db, test.page_b_id, since),
    countSubmissionsByPage(db, [test.page_a_id, test.page_b_id], test.started_at),
  ]);
  const a = { page_id: test.page_a_id, views: Math.max(0, aViews - test.a_views_before), signups: signups.get(test.page_a_id) ?? 0 };
  const b = { page_id: test.page_b_id, views: bViews, signups: signups.get(test.page_b_id) ?? 0 };
  return {
    id: test.id,
    page_id: test.page_a_id,
    variant_page_id: test.page_b_id,
    split_percent: test.split_percent,
    started_at: test.started_at,
    a: { ...a, rate: rate(a.signups, a.views) },
    b: { ...b, rate: rate(b.signups, b.views) },
    significance: twoProportionTest(a, b),
  };
}

/** The running tests of these pages with their results, by page A's id (the admin list's cards). */
export async function runningTestsOf(db: Db, pageIds: string[]): Promise<Map<string, AbTest>> {
  if (pageIds.length === 0) return new Map();
  const tests = await db
    .select()
    .from(landingPageTests)
    .where(and(inArray(landingPageTests.page_a_id, pageIds), isNull(landingPageTests.ended_at)));
  return new Map(await Promise.all(tests.map(async (test) => [test.page_a_id, await testResults(db, test)] as const)));
}

/** The results of the test running on the page; 404 when none runs. */
export async function runningTestResults(db: Db, pageId: string): Promise<AbTest> {
  const test = await runningTestOf(db, pageId);
  if (!test) throw noTest();
  return testResults(db, test);
}

/**
 * Ends the running test keeping one variant. Keeping B saves B's content and settings as A's next
 * version (by `author`), so A's address, title and slug stay. B stays as an archived inactive page
 * with the ended test, so the sign-ups recorded on it keep their page.
 */
export async function endTest(db: Db, pageId: string, keep: AbVariant, author: Author): Promise<AbTestRow> {
  const test = await runningTestOf(db, pageId);
  if (!test) throw noTest();
  if (keep === 'b') {
    const [a] = await db.select({ version: landingPages.version }).from(landingPages).where(eq(landingPages.id, test.page_a_id));
    const [b] = await db.select().from(landingPages).where(eq(landingPages.id, test.page_b_id));
    if (!a || !b) throw notFound(LANDING_PAGE_MESSAGES.notFound);
    await saveContent(db, test.page_a_id, { values: { content: b.content, page_type: b.page_type, settings: storedSettings(readPageSettings(b.settings)) }, baseVersion: a.version, author });
  }
  const [ended] = await db
    .update(landingPageTests)
    .set({ ended_at: sql`now()`, winner: keep })
    .where(and(eq(landingPageTests.id, test.id), isNull(landingPageTests.ended_at)))
    .returning();
  if (!ended) throw noTest();
  return ended;
}
