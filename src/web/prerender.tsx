/**
 * Build step (after `vite build`): renders every public page, in English and in German, to static
 * HTML in dist/web/prerendered/{en,de}/. The server sends the page in the visitor's language and
 * the browser hydrates it, so text is on screen before any JavaScript runs. Then writes brotli and
 * gzip copies of the text assets beside them, which the server sends to browsers that accept them.
 *
 *   npx tsx src/web/prerender.tsx
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { ResourceLanguage } from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { SITE_LANGUAGES, type SiteLanguage } from '@shared/site/languages.ts';
import { routes, type SitePageHandle } from './app/router.tsx';
import { primeSiteContent, webinarContentPath } from './features/site/content/site-store.ts';
import type { SiteSettings, WebinarContent } from './features/site/content/types.ts';
import { BOOT_DATA_ID, serializeBootData, type BootData } from './lib/boot-data.ts';
import { createI18n } from './lib/i18n.ts';
import { PageMetaCollector, type PageMeta } from './lib/page-meta.ts';

const WEB_DIR = path.resolve(process.argv[2] ?? 'dist/web');
const OUT_DIR = path.join(WEB_DIR, 'prerendered');
/** The page every unknown path gets (with a 404 status). */
const NOT_FOUND = { path: '/__not-found__', file: '404' };
const PAGES = ['/', '/impressum', '/cookie-policy', '/appointments', '/subscription-confirmed', '/learning-ecosystem-webinar', '/webinar-danke', '/2025-09-23-e3webinar', '/learning-ecosystem-mastery'];

const prerenderedFileName = (pagePath: string) => (pagePath === '/' ? 'index' : pagePath.slice(1));

const readJson = <T,>(file: string): T => JSON.parse(fs.readFileSync(path.join(WEB_DIR, file), 'utf8')) as T;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Prerendered pages start the app only after their first paint: the browser shows the HTML at once
 * and downloads and runs the JavaScript afterwards (a staff page, with nothing to show before its
 * script runs, keeps the plain index.html). Returns the template that loads the app this way.
 */
function startAfterPaint(template: string): string {
  const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(template);
  if (!entry) throw new Error('index.html has no module script for the app');
  const code = `// Starts the app once the prerendered page has painted.\nrequestAnimationFrame(() => setTimeout(() => import(${JSON.stringify(entry[1])})));\n`;
  const file = `/assets/start-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
  fs.writeFileSync(path.join(WEB_DIR, file), code);
  return template.replace(entry[0], `<script type="module" src="${file}"></script>`);
}

async function renderPage(pagePath: string, language: SiteLanguage, content: SiteContent, template: string): Promise<string> {
  const i18n = createI18n(language, content.namespaces[language]);
  primeSiteContent({ settings: content.settings, webinar: content.webinar[language], language });
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pagePath}`));
  if (context instanceof Response) throw new Error(`${pagePath}: the router answered with a redirect or a response`);
  if (context.errors) throw new Error(`${pagePath}: ${JSON.stringify(context.errors)}`);
  const handle = context.matches.map((m) => m.route.handle as SitePageHandle | undefined).find(Boolean);
  if (!handle) throw new Error(`${pagePath} is not a public site page`);

  let meta: PageMeta | undefined;
  const html = renderToString(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <PageMetaCollector.Provider value={(m) => (meta = m)}>
          <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
        </PageMetaCollector.Provider>
      </I18nextProvider>
    </StrictMode>,
  );
  if (!meta) throw new Error(`${pagePath}: the page set no title`);

  const namespaces = ['common', ...handle.namespaces];
  const boot: BootData = {
    language,
    namespaces: Object.fromEntries(namespaces.map((ns) => [ns, content.namespaces[language][ns]!])),
    settings: content.settings,
    webinar: handle.webinarContent ? content.webinar[language] : undefined,
  };
  const head = `<title>${escapeHtml(meta.title)}</title>\n    <meta name="description" content="${escapeHtml(meta.description ?? '')}" />`;
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
    .replace(/<title>[^<]*<\/title>/, head)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${html}</div>\n    <script type="application/json" id="${BOOT_DATA_ID}">${serializeBootData(boot)}</script>`,
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

async function main() {
  const index = fs.readFileSync(path.join(WEB_DIR, 'index.html'), 'utf8');
  if (!index.includes('<div id="root"></div>')) throw new Error(`${WEB_DIR}/index.html has no empty root element`);
  const template = startAfterPaint(index);
  const content = readContent();
  fs.rmSync(OUT_DIR, { recursive: true, force: true });
  let count = 0;
  for (const language of SITE_LANGUAGES) {
    fs.mkdirSync(path.join(OUT_DIR, language), { recursive: true });
    for (const pagePath of [...PAGES, NOT_FOUND.path]) {
      const file = pagePath === NOT_FOUND.path ? NOT_FOUND.file : prerenderedFileName(pagePath);
      fs.writeFileSync(path.join(OUT_DIR, language, `${file}.html`), await renderPage(pagePath, language, content, template));
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

await main();
