import sharp from 'sharp';

/**
 * Images for tests, made with sharp when a test runs (no binary fixtures). A "photo" is blurred
 * noise: it compresses like a real photo, so sizes behave as they would with a camera's file.
 */
export async function photo(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif' = 'jpeg', quality = 90): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 70 } } });
  const blurred = await base.png().toBuffer();
  const image = sharp(blurred).blur(1.2);
  return format === 'jpeg'
    ? image.jpeg({ quality }).toBuffer()
    : format === 'png'
      ? image.png().toBuffer()
      : format === 'webp'
        ? image.webp({ quality }).toBuffer()
        : image.gif().toBuffer();
}

/** Pure noise (incompressible): PNG size grows with the pixel count. */
export function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 120 } } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A solid colour, with a stripe at the left so a crop or a rotation shows. */
export function solid(width: number, height: number, color: string, format: 'jpeg' | 'png' = 'png'): Promise<Buffer> {
  const stripe = { input: { create: { width: Math.max(1, Math.round(width / 5)), height, channels: 3 as const, background: '#111111' } }, left: 0, top: 0 };
  const image = sharp({ create: { width, height, channels: 3, background: color } }).composite([stripe]);
  return format === 'jpeg' ? image.jpeg({ quality: 95 }).toBuffer() : image.png().toBuffer();
}

/** A small animated GIF of `frames` frames in different colours. */
export function animatedGif(width: number, height: number, frames: number): Promise<Buffer> {
  const colours = ['#e11d48', '#2563eb', '#16a34a', '#f59e0b'];
  const images = Array.from({ length: frames }, (_, i) =>
    sharp({ create: { width, height, channels: 3, background: colours[i % colours.length]! } })
      .png()
      .toBuffer(),
  );
  return Promise.all(images).then((inputs) => sharp(inputs, { join: { animated: true } }).gif({ delay: 100 }).toBuffer());
}

/** A decompression bomb: a few hundred kilobytes of PNG that decode to `side` × `side` pixels. */
export function bombPng(side = 12_000): Promise<Buffer> {
  return sharp({ create: { width: side, height: side, channels: 3, background: '#ffffff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A JPEG with a comment segment (COM, 0xFFFE) right after its start: where polyglots hide markup. */
export function withJpegComment(jpeg: Buffer, comment: string): Buffer {
  const text = Buffer.from(comment, 'latin1');
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, (text.length + 2) >> 8, (text.length + 2) & 0xff]), text]);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

/** The smallest ZIP there is (an empty archive's end record), to append to an image. */
export const EMPTY_ZIP = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);

/** A multipart/form-data body as a browser sends it: fields first, then the file. */
export function multipartBody(file: { name: string; type: string; data: Buffer }, fields: Record<string, string> = {}) {
  const boundary = `----mycrm${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
