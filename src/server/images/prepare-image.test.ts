import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_DIMENSION, RESIZE_THRESHOLD_BYTES } from '../../shared/images/constants.ts';
import { prepareImage } from './prepare-image.ts';
import { animatedGif, photo } from './test-images.ts';

describe('prepareImage', () => {
  it('re-encodes a small image at its own size: new bytes, same format and dimensions', async () => {
    const original = await photo(800, 600, 'jpeg', 92);
    expect(original.length).toBeLessThan(RESIZE_THRESHOLD_BYTES);
    const prepared = await prepareImage(original);
    expect(prepared).toMatchObject({ mime: 'image/jpeg', width: 800, height: 600 });
    expect(prepared.data.equals(original)).toBe(false);
  });

  it('resizes an image over 1MB so its longest side is 1920 px, and re-encodes it at quality 0.8', async () => {
    const original = await photo(3000, 2000, 'jpeg', 95);
    expect(original.length).toBeGreaterThan(RESIZE_THRESHOLD_BYTES);
    const prepared = await prepareImage(original);
    expect(prepared).toMatchObject({ mime: 'image/jpeg', width: MAX_DIMENSION, height: 1280 });
    // The same picture at quality 0.8 by sharp directly: our output matches its size closely.
    const reference = await sharp(original).resize({ width: MAX_DIMENSION }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    expect(Math.abs(prepared.data.length - reference.length) / reference.length).toBeLessThan(0.02);
  });

  it('resizes a tall image by its height, and never enlarges', async () => {
    const tall = await photo(1500, 2600, 'jpeg', 97);
    expect(tall.length).toBeGreaterThan(RESIZE_THRESHOLD_BYTES);
    expect(await prepareImage(tall)).toMatchObject({ width: 1108, height: MAX_DIMENSION });
  });

  it('keeps every frame of an animated GIF', async () => {
    const prepared = await prepareImage(await animatedGif(60, 40, 3));
    expect(prepared).toMatchObject({ mime: 'image/gif', width: 60, height: 40 });
    expect((await sharp(prepared.data).metadata()).pages).toBe(3);
  });

  it('turns a photo upright by its EXIF orientation, since re-encoding drops the tag', async () => {
    const sideways = await sharp(await photo(400, 300)).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const prepared = await prepareImage(sideways);
    expect(prepared).toMatchObject({ width: 300, height: 400 });
    expect((await sharp(prepared.data).metadata()).orientation).toBeUndefined();
  });
});
