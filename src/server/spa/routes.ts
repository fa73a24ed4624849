import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../shared/api.ts';
import { eventIdParamsSchema } from '../../shared/calendar/api.ts';
import { CALENDAR_DOWNLOAD_ROUTE } from '../../shared/calendar/paths.ts';
import { isKnownPage } from '../../shared/routes.ts';
import { errorBody } from '../http/errors.ts';
import { decodedPath, NOT_FOUND_PAGE, type SitePages } from './site-pages.ts';

/** Source maps (and their compressed copies) stay on disk for tools and benchmarks; visitors never get them. */
const SOURCE_MAP = /\.map(?:\.(?:br|gz))?$/i;

/**
 * Serves the built browser app: hashed assets cached for a year, index.html for every page path
 * (404 status for paths no page knows, so crawlers and monitors see the truth). Public pages that
 * were prerendered are sent as HTML in the language the browser asks for (the app's own default),
 * so their text shows before any script runs.
 */
export async function spaRoutes(app: FastifyInstance, { webDir, site }: { webDir: string; site: SitePages }) {
  if (site.built) {
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

  // The public .ics download page lives under /api because its links already sit in sent newsletters.
  // It is a browser page, readable by anyone: the one deliberate public exception under /api.
  app.get(CALENDAR_DOWNLOAD_ROUTE, { schema: { params: eventIdParamsSchema }, config: { public: true } }, (_request, reply) => site.send(reply, 200));

  app.setNotFoundHandler((request, reply) => {
    const pathname = decodedPath(request.url);
    if (pathname.startsWith(API_PREFIX)) {
      return reply.status(404).send(errorBody('not_found', `No such API route: ${request.method} ${pathname}`));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send(errorBody('not_found', 'Not found'));
    }
    if (isKnownPage(pathname)) return site.send(reply, 200, pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
    if (path.extname(pathname)) return reply.status(404).type('text/plain').send('Not found');
    request.log.warn({ path: pathname }, '404: no page at this path');
    return site.send(reply, 404, NOT_FOUND_PAGE);
  });
}
