import { z } from 'zod';

/** Every API route's path starts with this; the server answers an unknown one with a JSON 404, not a page. */
export const API_PREFIX = '/api/';

/** GET, open without a session: the database answered, and which kind it is. */
export const HEALTH_PATH = '/api/health';
export const healthResponseSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/** The error body of every API failure: `{"error": {"code", "message", "fields"?}}`. */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    /** Per-field messages for form errors, keyed by field name. */
    fields?: Record<string, string>;
  };
}
