import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isKnownPage } from '../../shared/routes.ts';
import { errorBody } from '../http/errors.ts';

/**
 * Serves the built browser app: hashed assets cached for a year, index.html for every page path
 * (404 status for paths no page knows, so crawlers and monitors see the truth).
 */
export async function spaRoutes(app: FastifyInstance, { webDir }: { webDir: string }) {
  const indexFile = path.join(webDir, 'index.html');
  const indexHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: webDir,
      index: false,
      wildcard: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }

  const sendPage = (reply: FastifyReply, status: number) => {
    reply.header('Cache-Control', 'no-cache');
    if (!indexHtml) {
      return reply
        .status(status === 200 ? 503 : status)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build` (or `npm run dev` while developing).');
    }
    return reply.status(status).type('text/html; charset=utf-8').send(indexHtml);
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
    if (isKnownPage(pathname)) return sendPage(reply, 200);
    if (path.extname(pathname)) return reply.status(404).type('text/plain').send('Not found');
    request.log.warn({ path: pathname }, '404: no page at this path');
    return sendPage(reply, 404);
  });
}
