import { and, count, desc, eq, ilike, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import {
  LANDING_PAGE_MESSAGES,
  PAGE_CHANGED_CODE,
  PAGE_VERSIONS_KEPT,
  PREVIEW_LENGTH,
  type Author,
  type LandingPageFormValues,
} from '../../shared/landing-pages/api.ts';
import { compactSettings, readPageSettings, type PageSettings } from '../../shared/landing-pages/page-settings.ts';
import { SLUG_MESSAGES, slugCandidates } from '../../shared/landing-pages/slug.ts';
import { userEmails } from '../auth/service.ts';
import { CONSENT_MESSAGES } from '../../shared/privacy/consent.ts';
import { parseContent } from '../../shared/landing-pages/parse-content.ts';
import { containsFormFields } from '../../render/form-fields.ts';
import { signupConsentConfig } from '../privacy/service.ts';
import type { Db } from '../db/client.ts';
import { landingPages, landingPageTests, landingPageVersions } from './schema.ts';
import { AB_TEST_MESSAGES } from '../../shared/landing-pages/ab-test.ts';
import { isUniqueViolation, isUuid, likePattern } from '../db/sql-helpers.ts';
import { AppError, notFound } from '../http/errors.ts';
import { pageFigures } from './page-figures.ts';

export type LandingPageRow = typeof landingPages.$inferSelect;
/** A page as the API shows it: who saved it last by id and email, its settings read. */
export type LandingPageDto = Omit<LandingPageRow, 'updated_by' | 'settings'> & { updated_by: Author | null; settings: PageSettings };

const SLUG_UNIQUE = 'landing_pages_slug_unique';
const slugTaken = () => new AppError(409, 'slug_taken', SLUG_MESSAGES.taken, { slug: SLUG_MESSAGES.taken });
const pageNotFound = () => notFound(LANDING_PAGE_MESSAGES.notFound);

/**
 * Names the users in `field` of each row (a page's last saver, a version's author) as {id, email},
 * or null for one unknown or removed; one look-up for all rows.
 */
async function withAuthors<K extends string, T extends Record<K, string | null>>(db: Db, rows: T[], field: K): Promise<Array<Omit<T, K> & Record<K, Author | null>>> {
  const emails = await userEmails(db, rows.flatMap((row) => (row[field] ? [row[field]] : [])));
  return rows.map((row) => {
    const id = row[field];
    const email = id ? emails.get(id) : undefined;
    return { ...row, [field]: id && email ? { id, email } : null };
  });
}
const withAuthor = (row: LandingPageRow, author: Author | null): LandingPageDto => ({ ...row, updated_by: author, settings: readPageSettings(row.settings) });

/** Settings as stored: only those set, and null for none. */
export const storedSettings = (settings: PageSettings) => {
  const set = compactSettings(settings);
  return Object.keys(set).length > 0 ? set : null;
};

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

/** A/B tests' variant B pages are shown through their page A only. */
const notAVariant = sql`not exists (select 1 from ${landingPageTests} where ${landingPageTests.page_b_id} = ${landingPages.id})`;

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
      version: landingPages.version,
      updated_by: landingPages.updated_by,
      created_at: landingPages.created_at,
      updated_at: landingPages.updated_at,
      head: sql<string>`left(${landingPages.content}, ${PREVIEW_LENGTH + 1})`,
    })
    .from(landingPages)
    .where(and(pattern ? or(ilike(landingPages.title, pattern), ilike(landingPages.slug, pattern)) : undefined, notAVariant))
    .orderBy(desc(landingPages.created_at), desc(landingPages.id));
  const figures = await pageFigures(db, rows.map((r) => r.id));
  return (await withAuthors(db, rows, 'updated_by')).map(({ head, ...page }) => ({
    ...page,
    content_preview: head.length > PREVIEW_LENGTH ? `${head.slice(0, PREVIEW_LENGTH)}...` : head,
    figures: figures.get(page.id)!,
  }));
}

export async function getPage(db: Db, id: string): Promise<LandingPageDto> {
  if (!isUuid(id)) throw pageNotFound();
  const [page] = await db.select().from(landingPages).where(eq(landingPages.id, id));
  if (!page) throw pageNotFound();
  const [named] = await withAuthors(db, [page], 'updated_by');
  return { ...named!, settings: readPageSettings(page.settings) };
}

/** Whether a page with this id exists (active or not). */
export async function pageExists(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [page] = await db.select({ id: landingPages.id }).from(landingPages).where(eq(landingPages.id, id));
  return Boolean(page);
}

/** The page published at /lp/{slug}, if it exists and is active. */
export async function findActivePageBySlug(db: Db, slug: string): Promise<LandingPageRow | undefined> {
  const [page] = await db
    .select()
    .from(landingPages)
    .where(and(eq(landingPages.slug, slug), eq(landingPages.is_active, true)));
  return page;
}

/**
 * Active pages search engines may list, with their last change: builder and html pages whose settings
 * neither hide them nor name another canonical address (a react page shows a site page listed as such).
 */
export async function listIndexablePages(db: Db): Promise<Array<{ slug: string; updated_at: Date }>> {
  const rows = await db
    .select({ slug: landingPages.slug, updated_at: landingPages.updated_at, settings: landingPages.settings })
    .from(landingPages)
    .where(and(eq(landingPages.is_active, true), ne(landingPages.page_type, 'react')))
    .orderBy(landingPages.slug);
  return rows.flatMap(({ slug, updated_at, settings }) => {
    const read = readPageSettings(settings);
    return read.noindex || read.canonical ? [] : [{ slug, updated_at }];
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Keeps the save that made `page` as a version, and forgets the versions beyond the last PAGE_VERSIONS_KEPT. */
async function keepVersion(tx: Tx, page: LandingPageRow) {
  await tx.insert(landingPageVersions).values({
    landing_page_id: page.id,
    version: page.version,
    content: page.content,
    page_type: page.page_type,
    settings: page.settings,
    created_at: page.updated_at,
    created_by: page.updated_by,
  });
  // Every save makes the next number, so the last PAGE_VERSIONS_KEPT numbers are the ones to keep.
  await tx
    .delete(landingPageVersions)
    .where(and(eq(landingPageVersions.landing_page_id, page.id), lte(landingPageVersions.version, page.version - PAGE_VERSIONS_KEPT)));
}

/** A new page, saved by `author`: its version 1. */
export async function createPage(db: Db, values: LandingPageFormValues & { settings?: PageSettings | null }, author: Author): Promise<LandingPageDto> {
  return withSlugCheck(() =>
    db.transaction(async (tx) => {
      const [page] = await tx
        .insert(landingPages)
        .values({ ...values, updated_by: author.id })
        .returning();
      await keepVersion(tx, page!);
      return withAuthor(page!, author);
    }),
  );
}

/** Why a save naming `baseVersion` found no row: the page is gone, or someone saved it since (who and when). */
async function refusedSave(db: Db, id: string): Promise<AppError> {
  const current = await getPage(db, id).catch(() => undefined);
  if (!current) return pageNotFound();
  const message = LANDING_PAGE_MESSAGES.pageChanged(current.updated_at.toISOString(), current.updated_by?.email ?? null);
  return new AppError(409, PAGE_CHANGED_CODE, message);
}

/**
 * A save of a page's content (the Edit form's fields, or the builder's content and page_type) by
 * `author`, if the page is still at `baseVersion`. The check is part of the UPDATE itself: of two
 * saves racing from one version, the second waits for the first's row lock, finds the version moved
 * on, and changes nothing. The save is kept as a version in the same transaction.
 */
export async function saveContent(
  db: Db,
  id: string,
  { values, baseVersion, author }: { values: Partial<LandingPageFormValues> & { settings?: PageSettings | null }; baseVersion: number; author: Author },
): Promise<LandingPageDto> {
  if (!isUuid(id)) throw pageNotFound();
  if (values.is_active) await refuseVariant(db, id);
  const page = await withSlugCheck(() =>
    db.transaction(async (tx) => {
      const [saved] = await tx
        .update(landingPages)
        .set({ ...values, version: sql`${landingPages.version} + 1`, updated_by: author.id, updated_at: sql`now()` })
        .where(and(eq(landingPages.id, id), eq(landingPages.version, baseVersion)))
        .returning();
      if (saved) await keepVersion(tx, saved);
      return saved;
    }),
  );
  if (!page) throw await refusedSave(db, id);
  return withAuthor(page, author);
}

/** Whether the page is variant B of an A/B test (running or ended): never activated, never listed on its own. */
export async function isVariantPage(db: Db, pageId: string): Promise<boolean> {
  if (!isUuid(pageId)) return false;
  const [row] = await db.select({ id: landingPageTests.id }).from(landingPageTests).where(eq(landingPageTests.page_b_id, pageId));
  return Boolean(row);
}

/** Variant B of an A/B test is reached only through its test on page A, never active at its own address. */
export const variantPageError = () => new AppError(409, 'ab_test_variant', AB_TEST_MESSAGES.isVariant);

async function refuseVariant(db: Db, id: string): Promise<void> {
  if (await isVariantPage(db, id)) throw variantPageError();
}

/** Activate/Deactivate: not a save of the content, so no version and no conflict with an editor. */
export async function setPageActive(db: Db, id: string, isActive: boolean): Promise<LandingPageDto> {
  if (!isUuid(id)) throw pageNotFound();
  if (isActive) {
    await refuseVariant(db, id);
    await refuseFormWithoutStatement(db, id);
  }
  const [page] = await db.update(landingPages).set({ is_active: isActive, updated_at: sql`now()` }).where(eq(landingPages.id, id)).returning({ id: landingPages.id });
  if (!page) throw pageNotFound();
  return getPage(db, id);
}

/** Whether a page shows a sign-up form: an html page's 'Get started', or a builder page's form fields. */
function hasForm(page: { page_type: string; content: string }): boolean {
  if (page.page_type === 'html') return true;
  if (page.page_type !== 'builder') return false;
  const parsed = parseContent(page.content);
  return parsed.ok && parsed.content.some(containsFormFields);
}

/** Pages with a sign-up form, newest first (each is a sign-up source of its own). */
export async function pagesWithForms(db: Db): Promise<Array<{ id: string; title: string }>> {
  const rows = await db
    .select({ id: landingPages.id, title: landingPages.title, page_type: landingPages.page_type, content: landingPages.content })
    .from(landingPages)
    .where(inArray(landingPages.page_type, ['html', 'builder']))
    .orderBy(desc(landingPages.created_at), desc(landingPages.id));
  return rows.filter(hasForm).map(({ id, title }) => ({ id, title }));
}

/** A form must show a consent statement: a page with one is not published while none exists. */
async function refuseFormWithoutStatement(db: Db, id: string): Promise<void> {
  const [page] = await db.select({ page_type: landingPages.page_type, content: landingPages.content }).from(landingPages).where(eq(landingPages.id, id));
  if (!page || !hasForm(page)) return;
  if (!(await signupConsentConfig(db, { fresh: true })).statements.has('landing_page')) throw new AppError(409, 'consent_statement_missing', CONSENT_MESSAGES.noStatementForPublish);
}

const versionSummary = {
  id: landingPageVersions.id,
  number: landingPageVersions.version,
  page_type: landingPageVersions.page_type,
  created_at: landingPageVersions.created_at,
  author: landingPageVersions.created_by,
};

/** A page's kept versions, newest first, without their content. */
export async function listVersions(db: Db, pageId: string) {
  await getPage(db, pageId);
  const rows = await db
    .select(versionSummary)
    .from(landingPageVersions)
    .where(eq(landingPageVersions.landing_page_id, pageId))
    .orderBy(desc(landingPageVersions.version));
  return withAuthors(db, rows, 'author');
}

/** One kept version of a page, with its content. */
export async function getVersion(db: Db, pageId: string, versionId: string) {
  if (!isUuid(pageId) || !isUuid(versionId)) throw notFound(LANDING_PAGE_MESSAGES.versionNotFound);
  const [version] = await db
    .select({ ...versionSummary, content: landingPageVersions.content, settings: landingPageVersions.settings })
    .from(landingPageVersions)
    .where(and(eq(landingPageVersions.id, versionId), eq(landingPageVersions.landing_page_id, pageId)));
  if (!version) throw notFound(LANDING_PAGE_MESSAGES.versionNotFound);
  const [named] = await withAuthors(db, [version], 'author');
  return { ...named!, settings: readPageSettings(version.settings) };
}

/** Deletes a page and the variant B pages of its A/B tests; a running test's variant B is refused (end the test first). */
export async function deletePage(db: Db, id: string): Promise<void> {
  if (!isUuid(id)) throw pageNotFound();
  const [running] = await db
    .select({ id: landingPageTests.id })
    .from(landingPageTests)
    .where(and(eq(landingPageTests.page_b_id, id), isNull(landingPageTests.ended_at)));
  if (running) throw new AppError(409, 'ab_test_variant', AB_TEST_MESSAGES.variantDelete);
  const deleted = await db.transaction(async (tx) => {
    const variants = tx.select({ id: landingPageTests.page_b_id }).from(landingPageTests).where(eq(landingPageTests.page_a_id, id));
    await tx.delete(landingPages).where(inArray(landingPages.id, variants));
    return tx.delete(landingPages).where(eq(landingPages.id, id)).returning({ id: landingPages.id });
  });
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
 * The first free slug of `prefix`, -1 … -100, then a timestamp, found with one query.
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
 * Saved pages whose content or settings match `pattern` (a POSIX regular expression with one capture group),
 * each with its distinct matches: how another feature learns which pages use something of its own
 * (the image library: its file URLs). `needle`, a plain text every match contains, skips the other
 * pages cheaply.
 */
export async function findContentReferences(db: Db, pattern: string, needle: string) {
  // The settings count as content: a page's social image or icon is in use too.
  const searched = sql`(${landingPages.content} || coalesce(${landingPages.settings}::text, ''))`;
  return db
    .select({
      id: landingPages.id,
      title: landingPages.title,
      slug: landingPages.slug,
      matches: sql<string[]>`array(select distinct m[1] from regexp_matches(${searched}, ${pattern}, 'g') as m)`,
    })
    .from(landingPages)
    .where(sql`strpos(${searched}, ${needle}) > 0`)
    .orderBy(landingPages.title, landingPages.id);
}
