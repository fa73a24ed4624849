import { z } from 'zod';
import { safeText } from '../text/safe-text.ts';
import { timestamp } from '../http/codecs.ts';
import { routePath } from '../http/route-path.ts';
import { IMAGE_MIMES, SEARCH_MAX_LENGTH, TAG_MAX_LENGTH, TAGS_MAX } from './constants.ts';

/** The image library's HTTP contract (src/server/images/routes.ts): paths, bodies, answers, limits. */

export const IMAGE_PATHS = {
  /** GET the list; POST a multipart upload (fields UPLOAD_FIELDS). */
  list: '/api/images',
  top: '/api/images/top',
  usage: '/api/images/usage',
  /** PATCH tags, DELETE (with `?force=true` when the image is in use). */
  one: routePath('/api/images/:id'),
  deleteMany: '/api/images/delete',
  connectionTest: '/api/images/connection-test',
} as const;

/** The multipart upload's parts: the optional page id must come before the file. */
export const UPLOAD_FIELDS = { file: 'file', landingPageId: 'landing_page_id' } as const;

export const IMAGE_FILTERS = ['all', 'recent', 'large'] as const;
export type ImageFilter = (typeof IMAGE_FILTERS)[number];
/** Newest first, A to Z, largest first. */
export const IMAGE_SORTS = ['date', 'name', 'size'] as const;
export type ImageSort = (typeof IMAGE_SORTS)[number];
const IMAGE_PAGE_SIZE = 24;
const IMAGE_PAGE_SIZE_MAX = 100;
/** Images one bulk request may delete or ask about. */
const IMAGE_BATCH_MAX = 100;

export const TAG_MESSAGES = {
  tooLong: `A tag can be at most ${TAG_MAX_LENGTH} characters`,
  tooMany: `An image can have at most ${TAGS_MAX} tags`,
} as const;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const uuid = z.uuid({ error: 'Not an image id' });

/** Trimmed, blanks dropped, duplicates (ignoring case) dropped, first spelling kept. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags
    .map((t) => t.trim())
    .filter((t) => t && !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
}

/** Tags as typed in one field: separated by commas. */
export const parseTagInput = (text: string) => normalizeTags(text.split(','));

export const imageListQuerySchema = z.object({
  /** Matches the name (contains, any case) or a tag (contains, any case). */
  search: z.preprocess(blankToUndefined, safeText().trim().max(SEARCH_MAX_LENGTH).optional()),
  filter: z.preprocess(blankToUndefined, z.enum(IMAGE_FILTERS).default('all')),
  sort: z.preprocess(blankToUndefined, z.enum(IMAGE_SORTS).default('date')),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).default(1)),
  page_size: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(IMAGE_PAGE_SIZE_MAX).default(IMAGE_PAGE_SIZE)),
  /** Only the images uploaded for this landing page. */
  landing_page_id: z.preprocess(blankToUndefined, uuid.optional()),
});
export type ImageListQuery = z.output<typeof imageListQuerySchema>;

export const imageSchema = z.object({
  id: z.string(),
  /** The uploader's file name, for people; the stored file has a random name. */
  name: z.string(),
  url: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  mime_type: z.enum(IMAGE_MIMES),
  tags: z.array(z.string()),
  uploaded_at: timestamp,
  landing_page_id: z.string().nullable(),
  /** Saved landing pages whose content uses the image, counted when asked (never a stored counter). */
  usage_count: z.number().int(),
});
export type ImageDto = z.output<typeof imageSchema>;

export const imageListSchema = z.object({
  images: z.array(imageSchema),
  /** Images matching the search and filter, on all pages. */
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type ImageList = z.output<typeof imageListSchema>;

export const imageResultSchema = z.object({ image: imageSchema });
/** The most used images, most used first; images no page uses are left out. */
export const topImagesSchema = z.object({ images: z.array(imageSchema) });

export const idParamsSchema = z.object({ id: uuid });

const idList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
  z.array(uuid).min(1).max(IMAGE_BATCH_MAX),
);
export const usageQuerySchema = z.object({ ids: idList });

export const pageRefSchema = z.object({ id: z.string(), title: z.string(), slug: z.string() });
export type PageRef = z.output<typeof pageRefSchema>;
/** The pages using each asked image; images no page uses are left out. */
export const usageResultSchema = z.object({ images: z.array(z.object({ id: z.string(), pages: z.array(pageRefSchema) })) });
export type ImageUsage = z.output<typeof usageResultSchema>['images'];

export const tagsBodySchema = z.object({
  tags: z.array(safeText().max(TAG_MAX_LENGTH, TAG_MESSAGES.tooLong)).transform(normalizeTags).pipe(z.array(z.string()).max(TAGS_MAX, TAG_MESSAGES.tooMany)),
});

/** `force`: delete even when a landing page uses the image (the person confirmed). */
export const deleteQuerySchema = z.object({ force: z.preprocess(blankToUndefined, z.enum(['true', 'false']).default('false')) });

export const deleteManyBodySchema = z.object({ ids: z.array(uuid).min(1).max(IMAGE_BATCH_MAX), force: z.boolean().default(false) });
export const deleteManyResultSchema = z.object({
  deleted: z.array(z.string()),
  /** Kept because a landing page uses them and `force` was not given. */
  in_use: z.array(z.string()),
  /** Kept because their file could not be removed from storage. */
  failed: z.array(z.string()),
});
export type DeleteManyResult = z.output<typeof deleteManyResultSchema>;

export const connectionTestSchema = z.object({ ok: z.boolean(), message: z.string() });
