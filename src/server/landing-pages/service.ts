import { and, count, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { LANDING_PAGE_MESSAGES, PREVIEW_LENGTH, type LandingPageFormValues } from '../../shared/landing-pages/api.ts';
import { SLUG_MESSAGES, slugCandidates } from '../../shared/landing-pages/slug.ts';
import type { Db } from '../db/client.ts';
import { landingPages } from './schema.ts';
import { isUniqueViolation, isUuid, likePattern } from '../db/sql-helpers.ts';
import { AppError, notFound } from '../http/errors.ts';
import { pageFigures } from './page-figures.ts';

export type LandingPageRow = typeof landingPages.$inferSelect;

const SLUG_UNIQUE = 'landing_pages_slug_unique';
const slugTaken = () => new AppError(409, 'slug_taken', SLUG_MESSAGES.taken, { slug: SLUG_MESSAGES.taken });
const pageNotFound = () => notFound(LANDING_PAGE_MESSAGES.notFound);

/** Rethrows a unique-slug violation as the form's message (two saves can race past the live check). */
async function withSlugCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, SLUG_UNIQUE)) throw slugTaken();
    throw error;
  }
}

/** How many pages there are, and how many of them are active (the dashboard's figures). */
export async function countLandingPages(db: Db): Promise<{ total: number; active: number }> {
  const [row] = await db
    .select({ total: count(), active: sql<number>`count(*) filter (where ${landingPages.is_active})`.mapWith(Number) })
    .from(landingPages);
  return row!;
}

/**
 * The admin list, newest first, searched by title or slug, with each page's figures. Only the first
 * characters of each page's content leave the database: a page can be megabytes of JSON.
 */
export async function listPages(db: Db, search?: string) {
  const pattern = search?.trim() ? likePattern(search.trim()) : undefined;
  const rows = await db
    .select({
      id: landingPages.id,
      title: landingPages.title,
      slug: landingPages.slug,
      page_type: landingPages.page_type,
      is_active: landingPages.is_active,
      created_at: landingPages.created_at,
      updated_at: landingPages.updated_at,
      head: sql<string>`left(${landingPages.content}, ${PREVIEW_LENGTH + 1})`,
    })
    .from(landingPages)
    .where(pattern ? or(ilike(landingPages.title, pattern), ilike(landingPages.slug, pattern)) : undefined)
    .orderBy(desc(landingPages.created_at), desc(landingPages.id));
  const figures = await pageFigures(db, rows.map((r) => r.id));
  return rows.map(({ head, ...page }) => ({
    ...page,
    content_preview: head.length > PREVIEW_LENGTH ? `${head.slice(0, PREVIEW_LENGTH)}...` : head,
    figures: figures.get(page.id)!,
  }));
}

export async function getPage(db: Db, id: string): Promise<LandingPageRow> {
  if (!isUuid(id)) throw pageNotFound();
  const [page] = await db.select().from(landingPages).where(eq(landingPages.id, id));
  if (!page) throw pageNotFound();
  return page;
}

/** The page published at /lp/{slug}, if it exists and is active. */
export async function findActivePageBySlug(db: Db, slug: string): Promise<LandingPageRow | undefined> {
  const [page] = await db
    .select()
    .from(landingPages)
    .where(and(eq(landingPages.slug, slug), eq(landingPages.is_active, true)));
  return page;
}

export async function createPage(db: Db, values: LandingPageFormValues): Promise<LandingPageRow> {
  return withSlugCheck(async () => (await db.insert(landingPages).values(values).returning())[0]!);
}

export async function updatePage(db: Db, id: string, values: Partial<LandingPageFormValues>): Promise<LandingPageRow> {
  if (!isUuid(id)) throw pageNotFound();
  const [page] = await withSlugCheck(() =>
    db
      .update(landingPages)
      .set({ ...values, updated_at: sql`now()` })
      .where(eq(landingPages.id, id))
      .returning(),
  );
  if (!page) throw pageNotFound();
  return page;
}

export async function deletePage(db: Db, id: string): Promise<void> {
  if (!isUuid(id)) throw pageNotFound();
  const deleted = await db.delete(landingPages).where(eq(landingPages.id, id)).returning({ id: landingPages.id });
  if (deleted.length === 0) throw pageNotFound();
}

/** Whether no other page uses the slug (`excludeId`: the page being edited). */
export async function isSlugAvailable(db: Db, slug: string, excludeId?: string): Promise<boolean> {
  const others = excludeId && isUuid(excludeId) ? ne(landingPages.id, excludeId) : undefined;
  const [row] = await db
    .select({ id: landingPages.id })
    .from(landingPages)
    .where(and(eq(landingPages.slug, slug), others))
    .limit(1);
  return !row;
}

/**
 * The first free slug of `prefix`, -1 … -100, then a timestamp (spec 001, 7.1), found with one query.
 * A concurrent save may still take it: callers insert with withSlugCheck semantics and retry.
 */
export async function uniqueSlug(db: Db, prefix: string, now = Date.now()): Promise<string> {
  const candidates = slugCandidates(prefix, now);
  const rows = await db
    .select({ slug: landingPages.slug })
    .from(landingPages)
    .where(inArray(landingPages.slug, candidates));
  const taken = new Set(rows.map((r) => r.slug));
  return candidates.find((slug) => !taken.has(slug))!;
}

/**
 * Saved pages whose content matches `pattern` (a POSIX regular expression with one capture group),
 * each with its distinct matches: how another feature learns which pages use something of its own
 * (the image library: its file URLs). `needle`, a plain text every match contains, skips the other
 * pages cheaply.
 */
export async function findContentReferences(db: Db, pattern: string, needle: string) {
  return db
    .select({
      id: landingPages.id,
      title: landingPages.title,
      slug: landingPages.slug,
      matches: sql<string[]>`array(select distinct m[1] from regexp_matches(${landingPages.content}, ${pattern}, 'g') as m)`,
    })
    .from(landingPages)
    .where(sql`strpos(${landingPages.content}, ${needle}) > 0`)
    .orderBy(landingPages.title, landingPages.id);
}
