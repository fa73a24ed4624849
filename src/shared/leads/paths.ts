import { routePath } from '../http/route-path.ts';

/**
 * The public site's endpoints (src/server/leads/routes.ts). Plain TypeScript without zod: the sign-up
 * and pixel islands call them, and they must stay small. The calls are marked pure so that an island
 * that only asks for the site's settings leaves the sign-up paths out of its bundle.
 */
export const LEAD_PATHS = {
  /** POST a sign-up; `campaign` is the form's endpoint, 'waiting-list' or 'webinar'. */
  signup: /* @__PURE__ */ routePath('/api/public/leads/:campaign'),
  /** GET whether the Kit sync a sign-up queued has finished. */
  syncState: /* @__PURE__ */ routePath('/api/public/leads/:submissionId/sync'),
} as const;

/** GET the site's public settings (the Meta pixel id): asked by every page's pixel, so apart from the sign-up paths. */
export const SITE_CONFIG_PATH = '/api/public/site-config';
