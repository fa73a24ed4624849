import { describe, expect, it } from 'vitest';
import { cssUrl, safeHref, safeMediaSrc } from './safe-url.ts';

describe('safeHref', () => {
  it('keeps http, https, mailto and tel links and relative addresses', () => {
    for (const url of ['https://example.com/a?b=1', 'http://example.com', 'mailto:a@b.de', 'tel:+4930123', '/about', 'page.html', '#faq', '?ref=x', '//cdn.example.com/x', 'a/b:c']) {
      expect(safeHref(url)).toBe(url);
    }
    expect(safeHref('  https://example.com  ')).toBe('https://example.com');
  });

  it("turns script and other schemes into '#', however they are disguised", () => {
    for (const url of ['javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'java\nscript:alert(1)', 'java\tscript:x', '\u0001javascript:x', 'data:text/html,<script>', 'vbscript:x', 'file:///etc/passwd']) {
      expect(safeHref(url)).toBe('#');
    }
  });

  it("gives '#' for an empty or missing link", () => {
    expect(safeHref('')).toBe('#');
    expect(safeHref('   ')).toBe('#');
    expect(safeHref(undefined)).toBe('#');
    expect(safeHref(42)).toBe('#');
  });
});

describe('safeMediaSrc', () => {
  it('keeps http, https and relative sources and drops everything else', () => {
    expect(safeMediaSrc('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(safeMediaSrc('/uploads/a.webp')).toBe('/uploads/a.webp');
    expect(safeMediaSrc('javascript:alert(1)')).toBeUndefined();
    expect(safeMediaSrc('data:image/svg+xml,<svg onload=alert(1)>')).toBeUndefined();
    expect(safeMediaSrc('mailto:a@b.de')).toBeUndefined();
    expect(safeMediaSrc('')).toBeUndefined();
  });
});

describe('cssUrl', () => {
  it('quotes the address so it cannot end the url() or the declaration', () => {
    expect(cssUrl('/a.png')).toBe('url("/a.png")');
    expect(cssUrl('/a".png')).toBe('url("/a%22.png")');
    expect(cssUrl('/a\\.png')).toBe('url("/a%5C.png")');
  });
});
