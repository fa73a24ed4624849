import { describe, expect, it } from 'vitest';
import { IMAGE_URL_PATTERN, imageFileName, imageFileUrl, imageSrcSet, parseImageFileName } from './urls.ts';

const id = 'a'.repeat(32);

describe('image file names', () => {
  it('parses only names the server makes', () => {
    expect(parseImageFileName(imageFileName(id, 'webp'))).toEqual({ id, ext: 'webp' });
    for (const name of [`${id}.svg`, `${id}.JPG`, 'a.jpg', `${id}.jpg.html`, `../${id}.jpg`, `${id.toUpperCase()}.png`]) {
      expect(parseImageFileName(name), name).toBeNull();
    }
  });

  it('finds image URLs in page content, relative or absolute, JSON or HTML', () => {
    const url = imageFileUrl(imageFileName(id, 'png'));
    const content = `{"src":"${url}"} <img src="https://crm.example.com${url}?w=480" srcset="${url}?w=960 960w">`;
    const found = [...content.matchAll(new RegExp(IMAGE_URL_PATTERN, 'g'))].map((m) => m[1]);
    expect(found).toEqual([`${id}.png`, `${id}.png`, `${id}.png`]);
    expect(new RegExp(IMAGE_URL_PATTERN).test('/api/public/images/not-ours.png')).toBe(false);
  });
});

describe('imageSrcSet', () => {
  const url = imageFileUrl(imageFileName(id, 'jpg'));

  it('offers each standard width smaller than the image, then the image itself', () => {
    expect(imageSrcSet(url, 1200)).toBe(`${url}?w=480 480w, ${url}?w=960 960w, ${url} 1200w`);
    expect(imageSrcSet(url, 4000)).toBe(`${url}?w=480 480w, ${url}?w=960 960w, ${url}?w=1920 1920w, ${url} 4000w`);
    expect(imageSrcSet(url, 300)).toBe(`${url} 300w`);
  });

  it('keeps an absolute address and drops a query', () => {
    expect(imageSrcSet(`https://crm.example.com${url}?w=480`, 960)).toBe(`https://crm.example.com${url}?w=480 480w, https://crm.example.com${url} 960w`);
  });

  it('lists every standard width when only the URL is known', () => {
    expect(imageSrcSet(url)).toBe(`${url}?w=480 480w, ${url}?w=960 960w, ${url}?w=1920 1920w`);
  });

  it('gives nothing for images that are not ours, or of a width that cannot be', () => {
    expect(imageSrcSet('https://example.com/photo.jpg', 1200)).toBeUndefined();
    expect(imageSrcSet(url, 0)).toBeUndefined();
  });
});
