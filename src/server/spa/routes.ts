import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isKnownPage } from '../../shared/routes.ts';
import { languageFromAcceptLanguage, SITE_LANGUAGES, type SiteLanguage } from '../../shared/site/languages.ts';
import { errorBody } from '../http/errors.ts';

/** An HTML document ready to send as it is, or brotli- or gzip-compressed. */
interface Html {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}
/** A prerendered public page: its HTML in each language. */
type Prerendered = Record<SiteLanguage, Html>;

function html(text: string): Html {
  const identity = Buffer.from(text, 'utf8');
  return { identity, br: zlib.brotliCompressSync(identity), gzip: zlib.gzipSync(identity) };
}

/** The encoding to send: brotli, else gzip, else none (an encoding listed with q=0 is refused). */
function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name!.trim().toLowerCase()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : 'identity';
}
const NOT_FOUND_PAGE = '404';
/** Source maps (and their compressed copies) stay on disk for tools and benchmarks; visitors never get them. */
const SOURCE_MAP = /\.map(?:\.(?:br|gz))?$/i;

/**
 * The public pages the build rendered to HTML (dist/web/prerendered/{en,de}/{page}.html, written by
 * src/web/prerender.tsx), keyed by path; '404' is the page for unknown paths.
 */
function loadPrerendered(webDir: string): Map<string, Prerendered> {
  const pages = new Map<string, Prerendered>();
  const dir = path.join(webDir, 'prerendered');
  const [first] = SITE_LANGUAGES;
  if (!fs.existsSync(path.join(dir, first))) return pages;
  for (const file of fs.readdirSync(path.join(dir, first)).filter((f) => f.endsWith('.html'))) {
    const name = file.slice(0, -'.html'.length);
    const byLanguage = Object.fromEntries(
      SITE_LANGUAGES.map((language) => [language, html(fs.readFileSync(path.join(dir, language, file), 'utf8'))]),
    ) as Prerendered;
    pages.set(name === 'index' ? '/' : name === NOT_FOUND_PAGE ? NOT_FOUND_PAGE : `/${name}`, byLanguage);
  }
  return pages;
}

/**
 * Serves the built browser app: hashed assets cached for a year, index.html for every page path
 * (404 status for paths no page knows, so crawlers and monitors see the truth). Public pages that
 * were prerendered are sent as HTML in the language the browser asks for (the app's own default),
 * so their text shows before any script runs.
 */
export async function spaRoutes(app: FastifyInstance, { webDir }: { webDir: string }) {
  const indexFile = path.join(webDir, 'index.html');
  const indexHtml = fs.existsSync(indexFile) ? html(fs.readFileSync(indexFile, 'utf8')) : undefined;
  const prerendered = indexHtml ? loadPrerendered(webDir) : new Map<string, Prerendered>();

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: webDir,
      index: false,
      wildcard: false,
      // The build writes .br and .gz copies of text assets; browsers that accept them get those.
      preCompressed: true,
      allowedPath: (pathname) => !SOURCE_MAP.test(pathname),
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }

  const sendHtml = (reply: FastifyReply, status: number, document: Html) => {
    const encoding = pickEncoding(reply.request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    reply.header('Vary', reply.hasHeader('Vary') ? `${reply.getHeader('Vary')}, Accept-Encoding` : 'Accept-Encoding');
    return reply.status(status).type('text/html; charset=utf-8').send(document[encoding]);
  };

  const sendPage = (reply: FastifyReply, status: number, page?: string) => {
    reply.header('Cache-Control', 'no-cache');
    const prerenderedPage = page === undefined ? undefined : prerendered.get(page);
    if (prerenderedPage) {
      const language = languageFromAcceptLanguage(reply.request.headers['accept-language']);
      reply.header('Vary', 'Accept-Language').header('Content-Language', language);
      return sendHtml(reply, status, prerenderedPage[language]);
    }
    if (!indexHtml) {
      return reply
        .status(status === 200 ? 503 : status)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build` (or `npm run dev` while developing).');
    }
    return sendHtml(reply, status, indexHtml);
  };

  // The public .ics download page lives under /api because its links already sit in sent newsletters.
  // It is a browser page, readable by anyone: the one deliberate public exception under /api.
  app.get('/api/calendar/ics/:eventId', { config: { public: true } }, (_request, reply) => sendPage(reply, 200));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/')) {
      return reply.status(404).send(errorBody('not_found', `No such API route: ${request.method} ${pathname}`));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send(errorBody('not_found', 'Not found'));
    }
    if (isKnownPage(pathname)) return sendPage(reply, 200, pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
    if (path.extname(pathname)) return reply.status(404).type('text/plain').send('Not found');
    request.log.warn({ path: pathname }, '404: no page at this path');
    return sendPage(reply, 404, NOT_FOUND_PAGE);
  });
}
