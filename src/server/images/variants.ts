import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { MAX_INPUT_PIXELS, type ImageExt } from '../../shared/images/constants.ts';
import { IMAGE_CROPS, parseImageFileName, SRCSET_WIDTHS, type ImageCrop, type SrcsetWidth } from '../../shared/images/urls.ts';
import type { ImageStorage } from './storage.ts';

/**
 * The sizes and formats a page asks for, made by sharp from the stored image the first time one is
 * asked for, then kept in storage beside it. The stored image is already a re-encoded copy (never
 * the uploaded bytes); variants are made from it.
 */

export type ServedFormat = ImageExt | 'avif';
const CONTENT_TYPE: Record<ServedFormat, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};
/** AVIF at a low encoder effort: several times faster than the default, a little larger. */
const AVIF_OPTIONS = { quality: 60, effort: 2 };
const VARIANT_QUALITY = 80;

export const storedImageKey = (fileName: string) => `images/${fileName}`;
const variantKey = (id: string, width: SrcsetWidth | 'full' | ImageCrop, format: ServedFormat) => `images/variants/${id}-${width}.${format}`;
/** Crops are JPEG whatever the browser takes: link-preview crawlers read JPEG, not always WebP or AVIF. */
const cropKey = (id: string, crop: ImageCrop) => variantKey(id, crop, 'jpg');

/** Every key an image may occupy: the stored image and each variant that may have been made. */
export function allImageKeys(fileName: string): string[] {
  const parsed = parseImageFileName(fileName);
  if (!parsed) return [storedImageKey(fileName)];
  const formats: ServedFormat[] = [parsed.ext, 'webp', 'avif'];
  const variants = [...SRCSET_WIDTHS, 'full' as const].flatMap((w) => formats.map((f) => variantKey(parsed.id, w, f)));
  const crops = (Object.keys(IMAGE_CROPS) as ImageCrop[]).map((crop) => cropKey(parsed.id, crop));
  return [...variants, ...crops, storedImageKey(fileName)];
}

/** Media types the Accept header allows (q > 0); `*\/*` does not count as asking for a new format. */
function accepted(accept: string | undefined): Set<string> {
  const types = new Set<string>();
  for (const part of (accept ?? '').split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (type && (!q || Number(q.slice(2)) > 0)) types.add(type.trim());
  }
  return types;
}

/** AVIF, then WebP, when the browser says it takes them; else the stored format. Animations never become AVIF here. */
function negotiateFormat(accept: string | undefined, stored: ImageExt): ServedFormat {
  const types = accepted(accept);
  if (types.has('image/avif') && stored !== 'gif') return 'avif';
  if (types.has('image/webp')) return 'webp';
  return stored;
}

export interface ServedImage {
  body: Readable | Buffer;
  size: number;
  contentType: string;
}

/** Variants being made in this instance: a burst of first visitors waits for one encoding. */
const inFlight = new Map<string, Promise<Buffer | null>>();

type Log = { warn: (obj: object, msg: string) => void };

/** Once per key in this instance: a burst of first visitors waits for one encoding. */
function makeOnce(key: string, make: () => Promise<Buffer | null>): Promise<Buffer | null> {
  let making = inFlight.get(key);
  if (!making) {
    making = make().finally(() => inFlight.delete(key));
    inFlight.set(key, making);
  }
  return making;
}

/**
 * The file a public image address names (file name, and `?w=` for a width) in the format `accept` allows, or null when
 * there is no such image. A `crop` is always a JPEG of its size.
 */
export async function serveImage(
  storage: ImageStorage,
  fileName: string,
  width: SrcsetWidth | undefined,
  accept: string | undefined,
  log: Log,
  crop?: ImageCrop,
): Promise<ServedImage | null> {
  const parsed = parseImageFileName(fileName);
  if (!parsed) return null;
  if (crop) {
    const key = cropKey(parsed.id, crop);
    const existing = await fromStorage(storage, key, 'jpg');
    if (existing) return existing;
    const data = await makeOnce(key, () => makeCrop(storage, fileName, key, crop, log));
    return data && { body: data, size: data.length, contentType: CONTENT_TYPE.jpg };
  }
  const format = negotiateFormat(accept, parsed.ext);
  if (format === parsed.ext && width === undefined) return fromStorage(storage, storedImageKey(fileName), format);

  const key = variantKey(parsed.id, width ?? 'full', format);
  const existing = await fromStorage(storage, key, format);
  if (existing) return existing;

  const data = await makeOnce(key, () => makeVariant(storage, fileName, key, width, format, log));
  return data && { body: data, size: data.length, contentType: CONTENT_TYPE[format] };
}

async function fromStorage(storage: ImageStorage, key: string, format: ServedFormat): Promise<ServedImage | null> {
  const file = await storage.get(key);
  return file && { body: file.body, size: file.size, contentType: CONTENT_TYPE[format] };
}

async function makeVariant(
  storage: ImageStorage,
  fileName: string,
  key: string,
  width: SrcsetWidth | undefined,
  format: ServedFormat,
  log: Log,
): Promise<Buffer | null> {
  const stored = await storage.get(storedImageKey(fileName));
  if (!stored) return null;
  const source = await buffer(stored.body);
  const image = sharp(source, { animated: true, limitInputPixels: MAX_INPUT_PIXELS });
  const { width: storedWidth = 0 } = await image.metadata();
  const storedFormat = parseImageFileName(fileName)!.ext;
  // Never larger than stored: asking for more width than the image has gets the image itself.
  if (format === storedFormat && (width === undefined || width >= storedWidth)) return source;
  let pipeline = width !== undefined && width < storedWidth ? image.resize({ width }) : image;
  pipeline =
    format === 'avif'
      ? pipeline.avif(AVIF_OPTIONS)
      : format === 'webp'
        ? pipeline.webp({ quality: VARIANT_QUALITY })
        : format === 'jpg'
          ? pipeline.jpeg({ quality: VARIANT_QUALITY, mozjpeg: true })
          : format === 'png'
            ? pipeline.png({ compressionLevel: 9 })
            : pipeline.gif();
  const data = await pipeline.toBuffer();
  // A variant that cannot be kept is still served; the next visitor makes it again.
  await storage.put(key, data, CONTENT_TYPE[format]).catch((error: unknown) => log.warn({ err: error, key }, 'could not store an image variant'));
  return data;
}

/** The stored image cropped to cover the crop's size (enlarged when smaller), on white where it was transparent. */
async function makeCrop(storage: ImageStorage, fileName: string, key: string, crop: ImageCrop, log: Log): Promise<Buffer | null> {
  const stored = await storage.get(storedImageKey(fileName));
  if (!stored) return null;
  const { width, height } = IMAGE_CROPS[crop];
  const data = await sharp(await buffer(stored.body), { limitInputPixels: MAX_INPUT_PIXELS })
    .resize({ width, height, fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: VARIANT_QUALITY, mozjpeg: true })
    .toBuffer();
  await storage.put(key, data, CONTENT_TYPE.jpg).catch((error: unknown) => log.warn({ err: error, key }, 'could not store an image variant'));
  return data;
}
