import { SITE_LANGUAGES } from '../../shared/site/languages.ts';
import { INDEXED_SITE_PAGES, ROBOTS_DISALLOWED, SEO_PATHS, siteAlternates, siteLanguageUrl } from '../../shared/site/seo.ts';
import { VIEWER_PATHS } from '../../shared/landing-pages/viewer.ts';

/** Text as XML character data or a quoted attribute. */
export const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export interface SitemapPage {
  slug: string;
  updated_at: Date;
}

/**
 * The sitemap (sitemaps.org 0.9): every indexed site page in each language, each naming all its
 * language versions (xhtml:link alternates), then every landing page search engines may list, with
 * its last save as lastmod. Addresses are absolute from `origin`, the configured public address.
 */
export function sitemapXml(origin: string, landingPages: readonly SitemapPage[]): string {
  const entries: string[] = [];
  for (const path of INDEXED_SITE_PAGES) {
    const alternates = siteAlternates(origin, path)
      .map((alternate) => `<xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hreflang)}" href="${escapeXml(alternate.href)}"/>`)
      .join('');
    for (const language of SITE_LANGUAGES) entries.push(`<url><loc>${escapeXml(siteLanguageUrl(origin, path, language))}</loc>${alternates}</url>`);
  }
  for (const page of landingPages) {
    const loc = `${origin}${VIEWER_PATHS.page.path({ slug: page.slug })}`;
    entries.push(`<url><loc>${escapeXml(loc)}</loc><lastmod>${page.updated_at.toISOString()}</lastmod></url>`);
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: everything public may be crawled but the staff app, the API (previews among it) and sign-in; the sitemap's address. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}${SEO_PATHS.sitemap}`, ''].join('\n');
}
