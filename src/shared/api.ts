import { z } from 'zod';

/** GET /api/health: the database answered, and which kind it is. */
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
