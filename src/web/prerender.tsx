/**
 * Build step (after `vite build` and the islands): renders every public page, in English and in
 * German, to finished HTML in dist/web/prerendered/{en,de}/. The server sends the page in the
 * visitor's language. The pages are not hydrated: the browser gets the app's stylesheet and only
 * the islands (small scripts, scripts/build-islands.mjs) whose markers the page holds. Then writes
 * brotli and gzip copies of the text assets beside them, which the server sends to browsers that
 * accept them.
 *
 *   npx tsx src/web/prerender.tsx
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ResourceLanguage } from 'i18next';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { CONSENT_BOOT_SCRIPT } from '@shared/site/consent.ts';
import { SITE_LANGUAGES, type SiteLanguage } from '@shared/site/languages.ts';
import { isIndexedSitePage, OG_LOCALES, ORIGIN_SLOT, siteAlternates, siteLanguageUrl } from '@shared/site/seo.ts';
import { HeadMeta } from '@render/head-meta.tsx';
import NotFoundPage from './features/not-found/not-found-page.tsx';
import { CookieBannerMarkup } from './features/site/consent/cookie-banner.tsx';
import { primeSiteContent, webinarContentPath } from './features/site/content/site-store.ts';
import type { SiteSettings, WebinarContent } from './features/site/content/types.ts';
import HomePage from './features/site/home/home-page.tsx';
import { SITE_ISLAND_ATTRIBUTES, siteIslandsInHtml } from './features/site/islands/attributes.ts';
import { LanguageSwitch } from './features/site/layout/language-switch.tsx';
import CookiePolicyPage from './features/site/legal/cookie-policy-page.tsx';
import ImpressumPage from './features/site/legal/impressum-page.tsx';
import MasteryPage from './features/site/mastery/mastery-page.tsx';
import AppointmentsPage from './features/site/pages/appointments-page.tsx';
import SubscribedPage from './features/site/pages/subscribed-page.tsx';
import ReplayPage from './features/site/webinar/replay-page.tsx';
import ThanksPage from './features/site/webinar/thanks-page.tsx';
import WebinarPage from './features/site/webinar/webinar-page.tsx';
import { createI18n } from './lib/i18n.ts';
import { PageMetaCollector, type PageMeta } from './lib/page-meta.ts';

const WEB_DIR = path.resolve(process.argv[2] ?? 'dist/web');
const OUT_DIR = path.join(WEB_DIR, 'prerendered');

interface SitePage {
  /** The file under prerendered/{language}/ ('404' is the page every unknown path gets, with a 404 status). */
  file: string;
  Page: ComponentType;
  /** The text namespaces it shows (public/content/{language}/{namespace}.json), besides 'common'. */
  namespaces: string[];
  /** The webinar page has no floating language switch. */
  languageSwitch?: false;
  /** What the Meta pixel's ViewContent reports on this page, after consent. */
  viewContent?: string;
}

const PAGES: SitePage[] = [
  { file: 'index', Page: HomePage, namespaces: ['home'] },
  { file: 'impressum', Page: ImpressumPage, namespaces: ['impressum'] },
  { file: 'cookie-policy', Page: CookiePolicyPage, namespaces: ['cookiePolicy'] },
  { file: 'appointments', Page: AppointmentsPage, namespaces: ['appointments'] },
  { file: 'subscription-confirmed', Page: SubscribedPage, namespaces: ['subscribed'] },
  { file: 'learning-ecosystem-webinar', Page: WebinarPage, namespaces: ['webinar'], languageSwitch: false, viewContent: 'Learning Ecosystem Webinar' },
  { file: 'webinar-danke', Page: ThanksPage, namespaces: ['thanks'] },
  { file: '2025-09-23-e3webinar', Page: ReplayPage, namespaces: ['replay'] },
  { file: 'learning-ecosystem-mastery', Page: MasteryPage, namespaces: ['mastery'], viewContent: 'Learning Ecosystem Mastery' },
  { file: '404', Page: NotFoundPage, namespaces: ['notFound'] },
];

const readJson = <T,>(file: string): T => JSON.parse(fs.readFileSync(path.join(WEB_DIR, file), 'utf8')) as T;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const CHARSET = '<meta charset="UTF-8" />';

/** Puts the consent script (src/shared/site/consent.ts) at the top of <head>, right after the charset. */
function withConsentScript(html: string): string {
  if (!html.includes(CHARSET)) throw new Error(`index.html has no ${CHARSET}`);
  return html.replace(CHARSET, `${CHARSET}\n    <script>${CONSENT_BOOT_SCRIPT}</script>`);
}

/**
 * The built index.html as a public page's frame: its stylesheet and the consent script stay; the
 * app's script and the modules it preloads go (public pages run islands only).
 */
function pageTemplate(index: string): string {
  const withoutApp = index
    .replace(/\s*<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  if (/<script type="module"|modulepreload/.test(withoutApp)) throw new Error('index.html: the app script was not found where expected');
  return withoutApp;
}

function renderPage(page: SitePage, language: SiteLanguage, content: SiteContent, template: string, islands: Record<string, string>): string {
  const i18n = createI18n(language, content.namespaces[language]);
  let meta: PageMeta | undefined;
  const body = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <PageMetaCollector.Provider value={(m) => (meta = m)}>
        {/* First in the document, so it is the first stop of Tab while it shows. */}
        <CookieBannerMarkup />
        <div id="root">
          <page.Page />
          {page.languageSwitch === false ? null : <LanguageSwitch />}
        </div>
      </PageMetaCollector.Provider>
    </I18nextProvider>,
  );
  if (!meta) throw new Error(`${page.file}: the page set no title`);
  const scripts = siteIslandsInHtml(body).map((island) => {
    const src = islands[island];
    if (!src) throw new Error(`${page.file}: the island "${island}" is not built (scripts/build-islands.mjs)`);
    return `<script type="module" src="${src}"></script>`;
  });
  const head = [`<title>${escapeHtml(meta.title)}</title>`, headMeta(page, language, meta), ...scripts].join('\n    ');
  const bodyTag = page.viewContent ? `<body ${SITE_ISLAND_ATTRIBUTES.viewContent}="${escapeHtml(page.viewContent)}">` : '<body>';
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
    .replace(/<title>[^<]*<\/title>/, head)
    .replace(/<body>\s*<div id="root"><\/div>/, `${bodyTag}\n    ${body}`);
}

/** The page's address: 'index' is the home page. */
const pagePath = (page: SitePage) => (page.file === 'index' ? '/' : `/${page.file}`);

/**
 * Description, canonical address, language alternates and link-preview tags. Absolute addresses start
 * with ORIGIN_SLOT, which the server replaces with its public address. Pages search engines should
 * not list (thank-you pages, 404) say noindex and name no alternates.
 */
function headMeta(page: SitePage, language: SiteLanguage, meta: PageMeta): string {
  const path = pagePath(page);
  const indexed = page.file !== '404' && isIndexedSitePage(path);
  return renderToStaticMarkup(
    <HeadMeta
      meta={{
        description: meta.description,
        canonical: siteLanguageUrl(ORIGIN_SLOT, path, language),
        socialTitle: meta.title,
        socialDescription: meta.description,
        noindex: !indexed,
      }}
      locale={OG_LOCALES[language]}
      alternates={indexed ? siteAlternates(ORIGIN_SLOT, path) : []}
    />,
  );
}

interface SiteContent {
  settings: SiteSettings;
  namespaces: Record<SiteLanguage, Record<string, ResourceLanguage>>;
  webinar: Record<SiteLanguage, WebinarContent>;
}

function readContent(): SiteContent {
  const byLanguage = (language: SiteLanguage) =>
    Object.fromEntries(
      fs
        .readdirSync(path.join(WEB_DIR, 'content', language))
        .filter((f) => f.endsWith('.json'))
        .map((f) => [f.replace(/\.json$/, ''), readJson<ResourceLanguage>(path.join('content', language, f))]),
    );
  return {
    settings: readJson<SiteSettings>('content/site.json'),
    namespaces: { en: byLanguage('en'), de: byLanguage('de') },
    webinar: {
      en: readJson<{ webinar: WebinarContent }>(webinarContentPath('en')).webinar,
      de: readJson<{ webinar: WebinarContent }>(webinarContentPath('de')).webinar,
    },
  };
}

function main() {
  const indexFile = path.join(WEB_DIR, 'index.html');
  const built = fs.readFileSync(indexFile, 'utf8');
  if (!built.includes('<div id="root"></div>')) throw new Error(`${WEB_DIR}/index.html has no empty root element`);
  // The staff app shows the same banner, with its space kept from the first frame too.
  const index = withConsentScript(built);
  fs.writeFileSync(indexFile, index);
  const template = pageTemplate(index);
  const islands = readJson<Record<string, string>>('assets/islands/manifest.json');
  const content = readContent();
  primeSiteContent({ settings: content.settings, webinar: content.webinar });
  fs.rmSync(OUT_DIR, { recursive: true, force: true });
  let count = 0;
  for (const language of SITE_LANGUAGES) {
    fs.mkdirSync(path.join(OUT_DIR, language), { recursive: true });
    for (const page of PAGES) {
      fs.writeFileSync(path.join(OUT_DIR, language, `${page.file}.html`), renderPage(page, language, content, template, islands));
      count++;
    }
  }
  console.log(`prerendered ${count} public pages into ${path.relative(process.cwd(), OUT_DIR)}`);
  console.log(`compressed ${compressAssets(WEB_DIR)} files (.br, .gz)`);
}

const COMPRESSIBLE = /\.(js|css|svg|json|html|ics|txt)$/;
// Below this, compression saves nothing worth a second file.
const MIN_BYTES = 1024;

/** Writes file.br and file.gz beside every text asset (maximum compression: done once, at build). */
function compressAssets(dir: string): number {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const data = fs.readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
    count++;
  }
  return count;
}

main();
