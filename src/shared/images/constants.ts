/** The image rules and limits, used by the server and the screens. */

const MB = 1024 * 1024;
/** The largest file accepted: 5MB. */
export const MAX_UPLOAD_BYTES = 5 * MB;
/** Files over 1MB are resized so the longest side is at most MAX_DIMENSION, re-encoded at RESIZE_QUALITY. */
export const RESIZE_THRESHOLD_BYTES = MB;
export const MAX_DIMENSION = 1920;
export const RESIZE_QUALITY = 0.8;
/**
 * Files at or under 1MB keep their size but are re-encoded too (the uploaded bytes are never
 * served), at a quality high enough that the difference does not show.
 */
export const REENCODE_QUALITY = 0.9;
/** The image editor saves its result as JPEG at this quality. */
export const EDITED_QUALITY = 0.9;
/**
 * Decoded pixels an upload may have (width × height × frames). A few kilobytes of PNG can declare
 * a 20,000 × 20,000 canvas that takes gigabytes to decode; 50 megapixels covers any phone photo.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

export const IMAGE_TYPES = [
  { mime: 'image/jpeg', ext: 'jpg' },
  { mime: 'image/png', ext: 'png' },
  { mime: 'image/gif', ext: 'gif' },
  { mime: 'image/webp', ext: 'webp' },
] as const;
export type ImageMime = (typeof IMAGE_TYPES)[number]['mime'];
export type ImageExt = (typeof IMAGE_TYPES)[number]['ext'];
export const IMAGE_MIMES = IMAGE_TYPES.map((t) => t.mime);
export const extForMime = (mime: ImageMime): ImageExt => IMAGE_TYPES.find((t) => t.mime === mime)!.ext;

/** The library's filters: recent = uploaded in the last 7 days, large = over 1MB. */
export const RECENT_DAYS = 7;
export const LARGE_BYTES = MB;
/** The statistics list the top 5 most used images. */
export const TOP_USED_COUNT = 5;

export const TAG_MAX_LENGTH = 50;
export const TAGS_MAX = 20;
export const NAME_MAX_LENGTH = 255;
export const SEARCH_MAX_LENGTH = 200;
