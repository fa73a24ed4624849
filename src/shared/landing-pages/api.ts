import { z } from 'zod';
import { abTestSchema } from './ab-test.ts';
import { timestamp } from '../http/codecs.ts';
import { routePath } from '../http/route-path.ts';
import { safeText } from '../text/safe-text.ts';
import { PAGE_TYPES } from './page-types.ts';
import { pageSettingsSchema } from './page-settings.ts';
import { SLUG_MESSAGES, slugError } from './slug.ts';

/** The landing pages HTTP contract (src/server/landing-pages/routes.ts): paths, bodies, answers, limits. */

export const LANDING_PAGE_PATHS = {
  list: '/api/landing-pages',
  one: routePath('/api/landing-pages/:id'),
  slugCheck: '/api/landing-pages/slug-check',
  /** The builder's first save: a new page titled BUILDER_PAGE_TITLE with a unique slug. */
  builder: '/api/landing-pages/builder',
  /** CSS for the classes the builder canvas shows, and which of them Tailwind does not know. */
  css: '/api/landing-pages/css',
  /** The builder's later saves: the content only, as page_type builder. */
  content: routePath('/api/landing-pages/:id/content'),
  /** The page's saved versions, newest first (without their content). */
  versions: routePath('/api/landing-pages/:id/versions'),
  version: routePath('/api/landing-pages/:id/versions/:versionId'),
  /** A version rendered as the public page would show it, as a whole HTML document (for a sandboxed frame). */
  versionPreview: routePath('/api/landing-pages/:id/versions/:versionId/preview'),
  /**
   * The page's saved content as /lp/{slug} would show it, active or not: staff only, never cached or
   * indexed. A whole HTML document, opened in a new tab.
   */
  preview: routePath('/api/landing-pages/:id/preview'),
  /** An html page's own HTML for its preview's frame, under the same sandbox as on /lp. */
  previewContent: routePath('/api/landing-pages/:id/preview/content'),
} as const;

export const PAGE_PREVIEW_MESSAGES = {
  /** The Preview link of a page visitors cannot see. */
  notLiveLink: 'Preview (not live)',
  /** Above the preview of an inactive page. */
  notLive: (address: string) => `Preview of an inactive page: visitors get 'Page Not Found' at ${address} until it is activated.`,
} as const;

/** Saved versions kept per page; each save prunes older ones. */
export const PAGE_VERSIONS_KEPT = 50;

/** A page's content (HTML, or builder JSON pretty-printed) may be large; this is the most we store. */
export const CONTENT_MAX = 2_000_000;
export const TITLE_MAX = 200;
/** Characters of content a card shows. */
export const PREVIEW_LENGTH = 100;

export const LANDING_PAGE_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title can be at most ${TITLE_MAX} characters`,
  contentRequired: 'Content is required',
  contentTooLong: 'Content is too large',
  notFound: 'Landing page not found',
  versionNotFound: 'Version not found',
  /** A save refused because someone saved the page since the editor loaded it. */
  pageChanged: (time: string, name: string | null) => `This page was changed at ${time}${name ? ` by ${name}` : ''}`,
  deleteConfirm: 'Are you sure you want to delete this landing page?',
} as const;

const slugSchema = safeText({ error: SLUG_MESSAGES.required }).superRefine((slug, ctx) => {
  const message = slugError(slug);
  if (message) ctx.addIssue({ code: 'custom', message });
});

export const pageTypeSchema = z.enum(PAGE_TYPES);

/** The Add/Edit form: title, slug and content required; active by default. */
export const landingPageFormSchema = z.object({
  title: safeText({ error: LANDING_PAGE_MESSAGES.titleRequired }).trim().min(1, LANDING_PAGE_MESSAGES.titleRequired).max(TITLE_MAX, LANDING_PAGE_MESSAGES.titleTooLong),
  slug: slugSchema,
  content: safeText({ multiline: true, error: LANDING_PAGE_MESSAGES.contentRequired })
    .refine((content) => content.trim().length > 0, LANDING_PAGE_MESSAGES.contentRequired)
    .refine((content) => content.length <= CONTENT_MAX, LANDING_PAGE_MESSAGES.contentTooLong),
  page_type: pageTypeSchema.default('builder'),
  is_active: z.boolean().default(true),
});
export type LandingPageFormInput = z.input<typeof landingPageFormSchema>;
export type LandingPageFormValues = z.output<typeof landingPageFormSchema>;

/** A save names the version it started from; another save in between makes it a conflict (409 'page_changed'). */
export const PAGE_CHANGED_CODE = 'page_changed';
const baseVersion = z.number().int().min(1);

/** The Edit form's save of an existing page. */
export const landingPageUpdateSchema = landingPageFormSchema.extend({ base_version: baseVersion });
export type LandingPageUpdateInput = z.input<typeof landingPageUpdateSchema>;

export const activeBodySchema = z.object({ is_active: z.boolean() });

/** Pages are named by uuid: anything else is refused before it reaches the database. */
const pageId = z.uuid({ error: 'Not a landing page id' });
export const landingPageIdParamsSchema = z.object({ id: pageId });

export const slugCheckQuerySchema = z.object({
  slug: safeText().max(200),
  /** When editing, the page's own id: its slug is not "taken" by itself. */
  exclude_id: pageId.optional(),
});
export const slugCheckResultSchema = z.object({ available: z.boolean() });

export const listQuerySchema = z.object({ search: safeText().max(200).optional() });

/** A staff member named on a save; users have no other name than their email. */
export const authorSchema = z.object({ id: z.string(), email: z.string() });
export type Author = z.output<typeof authorSchema>;

const pageFields = {
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  page_type: pageTypeSchema,
  is_active: z.boolean(),
  /** How many times the content was saved: what the next save names as its base_version. */
  version: z.number().int(),
  /** Who saved the content last; null when unknown (saved before authors were kept, or the user was removed). */
  updated_by: authorSchema.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
};

/** Days of views and sign-ups a card shows (its sparkline has one point a day). */
export const FIGURES_DAYS = 30;

/** What a page earned over the last FIGURES_DAYS days. */
export const pageFiguresSchema = z.object({
  views: z.number().int(),
  signups: z.number().int(),
  /** Sign-ups per view; null before the first view. */
  conversion: z.number().nullable(),
  /** Views per day, oldest first, today last. */
  daily_views: z.array(z.number().int()).length(FIGURES_DAYS),
});
export type PageFigures = z.output<typeof pageFiguresSchema>;

/** A card of the admin list: the content itself stays on the server, its first characters come along. */
export const landingPageSummarySchema = z.object({
  ...pageFields,
  content_preview: z.string(),
  figures: pageFiguresSchema,
  /** The A/B test running on the page, with its results so far; null when none runs. */
  ab_test: abTestSchema.nullable(),
});
export type LandingPageSummary = z.output<typeof landingPageSummarySchema>;

export const landingPageSchema = z.object({ ...pageFields, content: z.string(), settings: pageSettingsSchema });
export type LandingPage = z.output<typeof landingPageSchema>;

export const landingPageListSchema = z.object({ pages: z.array(landingPageSummarySchema) });
export const landingPageResultSchema = z.object({ page: landingPageSchema });

/** What the builder's first save creates. */
export const BUILDER_PAGE_TITLE = 'New Landing Page';

export const builderCreateSchema = z.object({ content: landingPageFormSchema.shape.content, settings: pageSettingsSchema.optional() });
/** The builder's save of an existing page: its content (as page_type builder) and its settings; settings left out stay as they are. */
export const builderSaveSchema = z.object({ content: landingPageFormSchema.shape.content, settings: pageSettingsSchema.optional(), base_version: baseVersion });

/** One saved version in the History list. */
export const pageVersionSummarySchema = z.object({
  id: z.string(),
  /** The page's version this save produced. */
  number: z.number().int(),
  page_type: pageTypeSchema,
  created_at: timestamp,
  author: authorSchema.nullable(),
});
export type PageVersionSummary = z.output<typeof pageVersionSummarySchema>;
export const pageVersionListSchema = z.object({ versions: z.array(pageVersionSummarySchema) });
const pageVersionSchema = pageVersionSummarySchema.extend({ content: z.string(), settings: pageSettingsSchema });
export const pageVersionResultSchema = z.object({ version: pageVersionSchema });
export const versionParamsSchema = z.object({ id: pageId, versionId: z.uuid({ error: 'Not a version id' }) });

/** A builder page holds a few hundred distinct classes at most; the limits keep one request small. */
export const CSS_REQUEST_LIMITS = { classes: 2_000, classLength: 300 } as const;
export const cssRequestSchema = z.object({
  classes: z.array(safeText().max(CSS_REQUEST_LIMITS.classLength)).max(CSS_REQUEST_LIMITS.classes),
});
/**
 * The canvas's CSS, and the classes it left out: those Tailwind does not know, those whose rules
 * would reach outside the page (not allowed anywhere), and those loading from another site (the
 * published page keeps them; the staff app does not load them).
 */
export const cssResultSchema = z.object({
  css: z.string(),
  unknown: z.array(z.string()),
  notAllowed: z.array(z.string()),
  offSite: z.array(z.string()),
});
