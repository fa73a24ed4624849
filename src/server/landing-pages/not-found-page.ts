import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { pickEncoding } from '../http/compressed.ts';
import { renderNotFoundTemplate } from './render-page.tsx';

/**
 * The Page Not Found page (404) for any slug: rendered once as a template, the slug written in per
 * request as escaped text, compressed quickly. Nothing is kept per slug, so no request decides what
 * another visitor reads, and an unknown slug costs no render: filling in and compressing takes a
 * fraction of a millisecond, where rendering the page took about 20.
 */
export type SendNotFound = (reply: FastifyReply, slug: string) => Promise<FastifyReply>;

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
/** As React escapes text; control characters (a decoded %00 in the URL) show as the replacement character. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const asText = (slug: string) => slug.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!).replace(/[\u0000-\u001f\u007f-\u009f]/g, '\ufffd');

export function createNotFoundPage(): SendNotFound {
  let template: Promise<{ before: string; after: string }> | undefined;
  return async (reply, slug) => {
    template ??= renderNotFoundTemplate().catch((error: unknown) => {
      template = undefined;
      throw error;
    });
    const { before, after } = await template;
    const page = Buffer.from(`${before}${asText(slug)}${after}`, 'utf8');
    const encoding = pickEncoding(reply.request.headers['accept-encoding']);
    const body =
      encoding === 'br'
        ? zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.length } })
        : encoding === 'gzip'
          ? zlib.gzipSync(page, { level: 6 })
          : page;
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.status(404).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8').send(body);
  };
}
