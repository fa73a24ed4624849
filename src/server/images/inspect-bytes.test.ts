import { describe, expect, it } from 'vitest';
import { imageEnd, polyglotReason, sniffFormat } from './inspect-bytes.ts';
import { animatedGif, EMPTY_ZIP, photo, withJpegComment } from './test-images.ts';

describe('sniffFormat', () => {
  it('knows the four formats by their first bytes, and nothing else', async () => {
    expect(sniffFormat(await photo(40, 30, 'jpeg'))).toBe('jpeg');
    expect(sniffFormat(await photo(40, 30, 'png'))).toBe('png');
    expect(sniffFormat(await photo(40, 30, 'webp'))).toBe('webp');
    expect(sniffFormat(await photo(40, 30, 'gif'))).toBe('gif');
    expect(sniffFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffFormat(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(sniffFormat(Buffer.alloc(0))).toBeNull();
  });
});

describe('imageEnd', () => {
  it('finds the end of whole files of each format, also an animation and a JPEG with a thumbnail-like segment', async () => {
    for (const file of [await photo(64, 48, 'jpeg'), await photo(64, 48, 'png'), await photo(64, 48, 'webp'), await photo(64, 48, 'gif'), await animatedGif(20, 20, 3)]) {
      expect(imageEnd(file, sniffFormat(file)!)).toBe(file.length);
    }
    const embedded = withJpegComment(await photo(64, 48), '\xff\xd9 an end marker inside a segment');
    expect(imageEnd(embedded, 'jpeg')).toBe(embedded.length);
  });

  it('finds no end in a file cut short', async () => {
    for (const file of [await photo(64, 48, 'jpeg'), await photo(64, 48, 'png'), await photo(64, 48, 'webp'), await photo(64, 48, 'gif')]) {
      const cut = file.subarray(0, Math.floor(file.length * 0.7));
      expect(imageEnd(cut, sniffFormat(cut)!), sniffFormat(file)!).toBeNull();
    }
  });

  it('ends before anything appended', async () => {
    const png = await photo(32, 32, 'png');
    expect(imageEnd(Buffer.concat([png, Buffer.from('trailing')]), 'png')).toBe(png.length);
  });
});

describe('polyglotReason', () => {
  it('passes plain images and harmless camera trailers', async () => {
    const jpeg = await photo(64, 48);
    expect(polyglotReason(jpeg, jpeg.length)).toBeNull();
    const trailer = Buffer.concat([jpeg, Buffer.from('SEFHxxxxSEFT')]);
    expect(polyglotReason(trailer, jpeg.length)).toBeNull();
  });

  it('refuses markup anywhere in the file, in any case', async () => {
    const jpeg = withJpegComment(await photo(64, 48), '<SCRIPT>alert(1)</SCRIPT>');
    expect(polyglotReason(jpeg, jpeg.length)).toMatch(/markup/);
    const php = Buffer.concat([await photo(16, 16, 'gif'), Buffer.from('<?php system($_GET["c"]); ?>')]);
    expect(polyglotReason(php, php.length)).toMatch(/markup/);
  });

  it('refuses an archive after the image (a GIFAR)', async () => {
    const gif = await photo(16, 16, 'gif');
    const gifar = Buffer.concat([gif, EMPTY_ZIP]);
    expect(polyglotReason(gifar, gif.length)).toMatch(/another file/);
  });
});
