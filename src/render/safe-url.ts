/**
 * URLs from page content go into href and src attributes only when they are harmless: http, https,
 * mailto and tel, and relative addresses ('/about', 'page.html', '#faq', '?ref=x', '//cdn.example').
 * A script URL (javascript:, data:, vbscript:, ...) never reaches the page.
 */

const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
const MEDIA_SCHEMES = new Set(['http', 'https']);
/** Browsers ignore tabs, newlines and leading control characters in a URL: 'java\tscript:' is javascript:. */
const IGNORED_BY_BROWSERS = /[\p{Cc}\s]/gu;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

function allowed(value: unknown, schemes: ReadonlySet<string>): string | undefined {
  if (typeof value !== 'string') return undefined;
  const url = value.trim();
  if (url === '') return undefined;
  const scheme = SCHEME.exec(url.replace(IGNORED_BY_BROWSERS, ''))?.[1];
  return scheme === undefined || schemes.has(scheme.toLowerCase()) ? url : undefined;
}

/** A link's href: the URL when it is safe, else '#' (the link stays, going nowhere). */
export function safeHref(value: unknown): string {
  return allowed(value, LINK_SCHEMES) ?? '#';
}

/** An image's or video's src: the URL when it is safe, else undefined (the media is left out). */
export function safeMediaSrc(value: unknown): string | undefined {
  return allowed(value, MEDIA_SCHEMES);
}

/** A media URL as a CSS url() value, quoted so nothing in it can end the declaration. */
export function cssUrl(src: string): string {
  return `url("${src.replace(/["\\]/g, (char) => encodeURIComponent(char))}")`;
}
