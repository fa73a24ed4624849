import { z } from 'zod';
import { timestamp } from '../http/codecs.ts';
import { routePath } from '../http/route-path.ts';
import { safeText } from '../text/safe-text.ts';

/** The tags' HTTP contract (src/server/tags/routes.ts): paths, the form's rules, answers, limits. */

export const TAG_PATHS = {
  /** GET the list (`?search=`), POST a new tag. */
  list: '/api/tags',
  /** PUT, DELETE. */
  one: routePath('/api/tags/:id'),
} as const;

export const DEFAULT_TAG_COLOR = '#8B5CF6';
/** The tag every sync to Kit carries, always preselected. */
export const KIT_DEFAULT_TAG = 'via_mycrm';

export const TAG_NAME_MAX = 100;
const TAG_TEXT_MAX = 1000;

export const TAG_MESSAGES = {
  nameRequired: 'Tag name is required',
  nameTaken: 'A tag with this name already exists',
  nameSeparator: 'A tag name cannot contain commas or semicolons',
  nameTooLong: `A tag name can be at most ${TAG_NAME_MAX} characters`,
  textTooLong: `Must be at most ${TAG_TEXT_MAX} characters`,
  colorInvalid: `Color must be a hex color such as ${DEFAULT_TAG_COLOR}`,
  kitTagIdNotNumber: 'Kit tag ID must be a number',
  notFound: 'Tag not found',
  deleteConfirm: 'Are you sure you want to delete this tag? This action cannot be undone.',
  deleteFailed: 'Failed to delete tag. Please try again.',
  saveFailed: 'Failed to save tag. Please try again.',
} as const;

const optionalText = ({ multiline = false } = {}) =>
  safeText({ multiline })
    .nullish()
    .transform((v) => v?.trim() || null)
    .pipe(z.string().max(TAG_TEXT_MAX, TAG_MESSAGES.textTooLong).nullable());

/** Contacts keep tag names in one CSV cell, separated by ";" (or ","), so names never contain them. */
const tagNameSchema = safeText({ error: TAG_MESSAGES.nameRequired })
  .trim()
  .min(1, TAG_MESSAGES.nameRequired)
  .max(TAG_NAME_MAX, TAG_MESSAGES.nameTooLong)
  .refine((name) => !/[;,]/.test(name), TAG_MESSAGES.nameSeparator);

/** Kit ids are numbers; the form may send the text of its input field. Empty means "no Kit tag". */
const kitTagId = z
  .union([z.number(), z.string(), z.null()], { error: TAG_MESSAGES.kitTagIdNotNumber })
  .optional()
  .transform((value, ctx) => {
    const text = value === null || value === undefined ? '' : String(value).trim();
    if (text === '') return null;
    const id = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(id)) {
      ctx.addIssue({ code: 'custom', message: TAG_MESSAGES.kitTagIdNotNumber });
      return z.NEVER;
    }
    return id;
  });

export const tagFormSchema = z.object({
  name: tagNameSchema,
  description: optionalText({ multiline: true }),
  color: safeText()
    .nullish()
    .transform((v) => v?.trim() || DEFAULT_TAG_COLOR)
    .pipe(z.string().regex(/^#[0-9a-fA-F]{6}$/, TAG_MESSAGES.colorInvalid)),
  kit_tag_name: optionalText(),
  kit_tag_id: kitTagId,
});
export type TagInput = z.input<typeof tagFormSchema>;
export type TagValues = z.output<typeof tagFormSchema>;

export const tagListQuerySchema = z.object({
  /** Matches name, description or kit_tag_name, anywhere, ignoring case. */
  search: safeText().trim().max(200).optional(),
});

/** A tag as the API returns it. */
export const tagSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  kit_tag_name: z.string().nullable(),
  kit_tag_id: z.number().int().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type TagDto = z.output<typeof tagSchema>;
export const tagListResponseSchema = z.object({ tags: z.array(tagSchema) });
export const tagResponseSchema = z.object({ tag: tagSchema });
export const tagIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a tag id' }) });
