import { z } from 'zod';
import { IMAGE_CROPS, IMAGE_FILE_PREFIX, parseImageFileName, socialImageUrl } from '../images/urls.ts';
import { safeText } from '../text/safe-text.ts';
import { walk } from './tree.ts';
import type { PageContent, TreeNode } from './types.ts';

/**
 * A page's settings for search engines and shared links: saved with its content (and kept with each
 * version), read by the public renderer for the document's head and by the sitemap.
 */

/** Search results and link previews cut text beyond the first number; the second is the most we store. */
export const PAGE_SETTINGS_LIMITS = {
  description: { recommended: 160, max: 300 },
  title: { recommended: 70, max: 120 },
  url: 2_000,
} as const;

/** A shared link's image is published at this size (cover crop), the size link previews show. */
export const SOCIAL_IMAGE_SIZE = IMAGE_CROPS.social;

export const PAGE_SETTINGS_MESSAGES = {
  dialogTitle: 'Page settings',
  open: 'Page settings',
  tooLong: (max: number) => `Can be at most ${max} characters`,
  longerThanShown: (recommended: number) => `Longer than the ${recommended} characters search results and link previews show`,
  canonicalInvalid: 'Enter a full address starting with https:// or http://',
  imageInvalid: 'Choose an image from the image library',
  fromPage: (value: string) => `From the page: ${value}`,
  noDefault: 'Nothing on the page to use',
  /** The undo step. */
  stepName: 'Changed page settings',
} as const;

const oneLine = (max: number) => safeText().trim().max(max, PAGE_SETTINGS_MESSAGES.tooLong(max));
const multiLine = (max: number) => safeText({ multiline: true }).trim().max(max, PAGE_SETTINGS_MESSAGES.tooLong(max));

/** An image of our library, by its public address: nothing else can be a page's social image or icon. */
export const isLibraryImageUrl = (url: string) => url.startsWith(IMAGE_FILE_PREFIX) && parseImageFileName(url.slice(IMAGE_FILE_PREFIX.length)) !== null;
const libraryImage = safeText().trim().refine(isLibraryImageUrl, PAGE_SETTINGS_MESSAGES.imageInvalid);

/** An absolute http(s) address: never javascript:, data: or a relative one. */
export function isAbsoluteHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** Each setting is optional; an empty one means "use the default from the page". */
export const pageSettingsSchema = z.strictObject({
  description: multiLine(PAGE_SETTINGS_LIMITS.description.max).optional(),
  social_title: oneLine(PAGE_SETTINGS_LIMITS.title.max).optional(),
  social_description: multiLine(PAGE_SETTINGS_LIMITS.description.max).optional(),
  social_image: z.union([z.literal(''), libraryImage]).optional(),
  canonical: z
    .union([z.literal(''), oneLine(PAGE_SETTINGS_LIMITS.url).refine(isAbsoluteHttpUrl, PAGE_SETTINGS_MESSAGES.canonicalInvalid)])
    .optional(),
  noindex: z.boolean().optional(),
  favicon: z.union([z.literal(''), libraryImage]).optional(),
});
export type PageSettings = z.output<typeof pageSettingsSchema>;
export type PageSettingsField = keyof PageSettings;
export type PageSettingsTextField = Exclude<PageSettingsField, 'noindex'>;

/** Stored settings as the renderer reads them: anything unreadable (an older or damaged value) counts as none. */
export function readPageSettings(value: unknown): PageSettings {
  const parsed = pageSettingsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : {};
}

/** The settings without empty values, as they are saved. */
export function compactSettings(settings: PageSettings): PageSettings {
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== '' && value !== undefined && value !== false)) as PageSettings;
}

/** What the page itself offers when a setting is empty: its first heading, first paragraph and first image. */
export interface PageDefaults {
  heading?: string;
  paragraph?: string;
  image?: string;
}

const oneSpaced = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Text cut at a word to at most `max` characters, with an ellipsis when cut. */
export function shorten(text: string, max: number): string {
  const plain = oneSpaced(text);
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

const stringProp = (node: TreeNode, name: string) => {
  const value = node.props[name];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
};

export function pageDefaults(content: PageContent): PageDefaults {
  const found: PageDefaults = {};
  walk(content, (node) => {
    if (node.type === 'heading') found.heading ??= stringProp(node, 'text');
    if (node.type === 'hero') {
      found.heading ??= stringProp(node, 'title');
      found.paragraph ??= stringProp(node, 'subtitle');
    }
    if (node.type === 'paragraph') found.paragraph ??= stringProp(node, 'text');
    const image = node.type === 'image' ? stringProp(node, 'src') : node.type === 'hero' ? stringProp(node, 'backgroundImage') : undefined;
    if (image && isLibraryImageUrl(image.trim())) found.image ??= image.trim();
  });
  return {
    heading: found.heading && shorten(found.heading, PAGE_SETTINGS_LIMITS.title.recommended),
    paragraph: found.paragraph && shorten(found.paragraph, PAGE_SETTINGS_LIMITS.description.recommended),
    image: found.image,
  };
}

/** Everything a page's head says about it, addresses absolute. */
export interface PageHeadMeta {
  title: string;
  description?: string;
  canonical: string;
  socialTitle: string;
  socialDescription?: string;
  socialImage?: { url: string; width: number; height: number; alt: string };
  noindex: boolean;
  favicon?: string;
}

/**
 * The head of a published page from its settings, falling back on the page's own text. `origin` is the
 * configured public address, never one a request names. The page's title is its name in the list.
 */
export function pageHeadMeta({ title, settings, defaults, origin, path }: { title: string; settings: PageSettings; defaults: PageDefaults; origin: string; path: string }): PageHeadMeta {
  const description = settings.description || defaults.paragraph;
  const image = settings.social_image || defaults.image;
  const socialTitle = settings.social_title || title;
  return {
    title,
    description,
    canonical: settings.canonical || `${origin}${path}`,
    socialTitle,
    socialDescription: settings.social_description || description,
    socialImage: image ? { url: `${origin}${socialImageUrl(image)}`, ...SOCIAL_IMAGE_SIZE, alt: socialTitle } : undefined,
    noindex: settings.noindex === true,
    favicon: settings.favicon ? `${origin}${settings.favicon}` : undefined,
  };
}
