import { z } from 'zod';

/**
 * A timestamp on the wire: the server encodes a Date as ISO 8601 (Fastify serialises responses
 * with `safeEncode`), the browser decodes the string back into a Date with the same schema.
 */
export const timestamp = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});
