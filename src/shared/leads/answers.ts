import type { LeadSignupResponse, LeadSyncState } from './schema.ts';

/*
 * The public islands' checks of what the server answered, without zod (the islands ship to visitors
 * and stay a few kB). Each returns the fields the island uses, or null for anything else (an HTML
 * error page from a proxy, a cut-off body, another shape), which the island treats as a failed request.
 * The shapes are those of leadSignupResponseSchema, leadSyncStateSchema and siteConfigSchema.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An accepted sign-up: its submission id and whether a Kit sync is on its way. */
export function readSignupAnswer(body: unknown): LeadSignupResponse | null {
  if (!isObject(body) || typeof body.submission_id !== 'string' || body.submission_id === '' || typeof body.kit_sync_queued !== 'boolean') return null;
  return { submission_id: body.submission_id, kit_sync_queued: body.kit_sync_queued };
}

/** Whether a sign-up's Kit sync has finished. */
export function readSyncState(body: unknown): LeadSyncState | null {
  return isObject(body) && typeof body.synced === 'boolean' ? { synced: body.synced } : null;
}

/** The Meta pixel id the site runs, or null for none (and for an answer that is not the site's settings). */
export function readPixelId(body: unknown): string | null {
  return isObject(body) && typeof body.meta_pixel_id === 'string' && body.meta_pixel_id !== '' ? body.meta_pixel_id : null;
}

/** The `error.code` of an API error body, or null. */
export function readErrorCode(body: unknown): string | null {
  return isObject(body) && isObject(body.error) && typeof body.error.code === 'string' ? body.error.code : null;
}
