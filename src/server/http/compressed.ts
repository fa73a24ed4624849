import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';

/** A document compressed once, ready to send as it is, or brotli- or gzip-compressed. */
export interface Compressed {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const brotliOptions = (identity: Buffer) => ({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } });

export function compress(text: string): Compressed {
  const identity = Buffer.from(text, 'utf8');
  return { identity, br: zlib.brotliCompressSync(identity, brotliOptions(identity)), gzip: zlib.gzipSync(identity, { level: 9 }) };
}

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

/**
 * The same, compressed on libuv's thread pool: the best compression of a large page takes long
 * enough that, done on the main thread, every other request would wait for it.
 */
export async function compressAsync(text: string | Buffer): Promise<Compressed> {
  const identity = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const [br, gzip] = await Promise.all([brotliAsync(identity, brotliOptions(identity)), gzipAsync(identity, { level: 9 })]);
  return { identity, br, gzip };
}

/** The encoding to send: brotli, else gzip, else none (an encoding listed with q=0 is refused). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name!.trim().toLowerCase()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : 'identity';
}

/** Sends the document in the best encoding the client accepts, as HTML unless the type is set already. */
export function sendCompressed(reply: FastifyReply, status: number, document: Compressed): FastifyReply {
  const encoding = pickEncoding(reply.request.headers['accept-encoding']);
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  reply.header('Vary', reply.hasHeader('Vary') ? `${reply.getHeader('Vary')}, Accept-Encoding` : 'Accept-Encoding');
  if (!reply.hasHeader('Content-Type')) reply.type('text/html; charset=utf-8');
  return reply.status(status).send(document[encoding]);
}
