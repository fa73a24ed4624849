import sharp, { type Metadata } from 'sharp';
import {
  MAX_DIMENSION,
  MAX_INPUT_PIXELS,
  MAX_UPLOAD_BYTES,
  REENCODE_QUALITY,
  RESIZE_QUALITY,
  RESIZE_THRESHOLD_BYTES,
  type ImageMime,
} from '../../shared/images/constants.ts';
import { IMAGE_MESSAGES } from '../../shared/images/messages.ts';
import { AppError } from '../http/errors.ts';
import { imageEnd, polyglotReason, sniffFormat, type SniffedFormat } from './inspect-bytes.ts';

/** What an upload becomes: freshly encoded bytes (the uploaded ones are never stored or served) and their facts. */
export interface PreparedImage {
  data: Buffer;
  mime: ImageMime;
  width: number;
  height: number;
}

const MIME: Record<SniffedFormat, ImageMime> = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };

const refused = (status: number, code: string, message: string) => new AppError(status, code, message);
const invalidType = () => refused(415, 'invalid_type', IMAGE_MESSAGES.invalidType);

/**
 * Decoder options for every upload: stop at the first decoding error (a cut-off file), refuse more
 * pixels than MAX_INPUT_PIXELS before decoding any (a decompression bomb), all frames of an animation.
 */
const decodeOptions = (animated: boolean) => ({ failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated }) as const;

/**
 * Checks an upload by its content and re-encodes it: JPEG, PNG, GIF or WebP
 * only, by their bytes; at most 5MB; files over 1MB resized so the longest side is at most 1920 px
 * and re-encoded at quality 0.8, smaller ones re-encoded at their size. Throws an AppError with the
 * specified message when the file is refused.
 */
export async function prepareImage(bytes: Buffer): Promise<PreparedImage> {
  if (bytes.length > MAX_UPLOAD_BYTES) throw refused(413, 'too_large', IMAGE_MESSAGES.tooLarge);
  const format = sniffFormat(bytes);
  if (!format) throw invalidType();
  const end = imageEnd(bytes, format);
  if (end === null) throw refused(422, 'unreadable', IMAGE_MESSAGES.loadForOptimizationFailed);
  if (polyglotReason(bytes, end)) throw invalidType();

  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, decodeOptions(true)).metadata();
  } catch (error) {
    if (/pixel limit/i.test(String(error))) throw refused(422, 'too_many_pixels', IMAGE_MESSAGES.tooManyPixels);
    throw refused(422, 'unreadable', IMAGE_MESSAGES.metadataFailed);
  }
  // The decoder must agree with the signature: a GIF header on another format's data is not a GIF.
  if (metadata.format !== format) throw invalidType();
  const frames = metadata.pages ?? 1;
  const frameHeight = metadata.pageHeight ?? metadata.height;
  if (!metadata.width || !frameHeight) throw refused(422, 'unreadable', IMAGE_MESSAGES.metadataFailed);
  if (metadata.width * frameHeight * frames > MAX_INPUT_PIXELS) throw refused(422, 'too_many_pixels', IMAGE_MESSAGES.tooManyPixels);

  const large = bytes.length > RESIZE_THRESHOLD_BYTES;
  const quality = Math.round((large ? RESIZE_QUALITY : REENCODE_QUALITY) * 100);
  try {
    // rotate(): turn by the EXIF orientation, which re-encoding drops with the rest of the metadata.
    let pipeline = sharp(bytes, decodeOptions(frames > 1)).rotate();
    if (large) pipeline = pipeline.resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: 'inside', withoutEnlargement: true });
    const encoded =
      format === 'jpeg'
        ? pipeline.jpeg({ quality, mozjpeg: true })
        : format === 'png'
          ? pipeline.png({ compressionLevel: 9 })
          : format === 'webp'
            ? pipeline.webp({ quality })
            : pipeline.gif();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, mime: MIME[format], width: info.width, height: info.pageHeight ?? info.height };
  } catch (error) {
    if (/pixel limit/i.test(String(error))) throw refused(422, 'too_many_pixels', IMAGE_MESSAGES.tooManyPixels);
    throw refused(422, 'unreadable', IMAGE_MESSAGES.optimizeFailed);
  }
}
