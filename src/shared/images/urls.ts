import { MAX_DIMENSION, type ImageExt } from './constants.ts';

/**
 * Where an uploaded image is served: `/api/public/images/{32 hex}.{ext}`, readable by anyone (public
 * pages show it). The name is random, and the file behind it never changes, so browsers and CDNs may
 * keep it for a year. `?w=` asks for one of SRCSET_WIDTHS; the format follows the browser's Accept.
 */
export const IMAGE_FILE_PREFIX = '/api/public/images/';
export const IMAGE_FILE_ROUTE = `${IMAGE_FILE_PREFIX}:file`;

/** Widths a page can ask for in `srcset`; the largest is the stored image itself. */
export const SRCSET_WIDTHS = [480, 960, MAX_DIMENSION] as const;
export type SrcsetWidth = (typeof SRCSET_WIDTHS)[number];

/**
 * `?crop=social`: the image cropped to cover 1200×630 as a JPEG, the size and format every link
 * preview (Open Graph, Twitter cards) shows. Made once, kept beside the image like the widths.
 */
export const IMAGE_CROPS = { social: { width: 1200, height: 630 } } as const;
export type ImageCrop = keyof typeof IMAGE_CROPS;
export const socialImageUrl = (url: string) => `${url}?crop=social`;

const FILE_NAME = /^([0-9a-f]{32})\.(jpg|png|gif|webp)$/;

export const imageFileName = (id: string, ext: ImageExt) => `${id}.${ext}`;
export const imageFileUrl = (fileName: string) => `${IMAGE_FILE_PREFIX}${fileName}`;

/** The random id and extension of a served file name, or null when it is not one of ours. */
export function parseImageFileName(fileName: string): { id: string; ext: ImageExt } | null {
  const match = FILE_NAME.exec(fileName);
  return match ? { id: match[1]!, ext: match[2] as ImageExt } : null;
}

/**
 * A POSIX regular expression (PostgreSQL's dialect too) that finds our image URLs in a page's
 * content, relative or absolute; its one capture group is the file name.
 */
export const IMAGE_URL_PATTERN = `${IMAGE_FILE_PREFIX}([0-9a-f]{32}\\.(?:jpg|png|gif|webp))`;

/**
 * `srcset` for one of our images: each standard width smaller than the image, then the image itself
 * at its `width`. Without a width (a page knows only the URL) every standard width is listed: the
 * server never enlarges, so a width beyond the image gets the image. `url` may be absolute or carry
 * a query; anything that is not one of our files gets none.
 */
export function imageSrcSet(url: string, width?: number): string | undefined {
  const base = url.split(/[?#]/)[0]!;
  if (!base.includes(IMAGE_FILE_PREFIX) || !parseImageFileName(base.slice(base.lastIndexOf('/') + 1))) return undefined;
  if (width === undefined) return SRCSET_WIDTHS.map((w) => `${base}?w=${w} ${w}w`).join(', ');
  if (width <= 0) return undefined;
  const smaller = SRCSET_WIDTHS.filter((w) => w < width).map((w) => `${base}?w=${w} ${w}w`);
  return [...smaller, `${base} ${width}w`].join(', ');
}
