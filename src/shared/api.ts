import { z } from 'zod';

/** Every API route's path starts with this; the server answers an unknown one with a JSON 404, not a page. */
export const API_PREFIX = '/api/';

/**
 * GET, open without a session: ready for traffic (the database answered and has every migration), and
 * which database it is; 503 otherwise. HEALTH_READY_PATH answers the same.
 */
export const HEALTH_PATH = '/api/health';
export const HEALTH_READY_PATH = '/api/health/ready';
export const healthResponseSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/** GET, open without a session: the process answers requests; touches no database (a liveness probe). */
export const HEALTH_LIVE_PATH = '/api/health/live';
export const liveResponseSchema = z.object({ status: z.literal('ok') });

/** GET with `Authorization: Bearer <METRICS_TOKEN>`: Prometheus' text format; no such route when the token is unset. */
export const METRICS_PATH = '/metrics';

/** The error body of every API failure: `{"error": {"code", "message", "fields"?}}`. */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    /** Per-field messages for form errors, keyed by field name. */
    fields?: Record<string, string>;
  };
}
