import { routePath } from '../http/route-path.ts';

/**
 * The public site's endpoints (src/server/leads/routes.ts). Plain TypeScript without zod: the sign-up
 * and pixel islands call them, and they must stay small.
 */
export const LEAD_PATHS = {
  /** POST a sign-up; `campaign` is the form's endpoint, 'waiting-list' or 'webinar'. */
  signup: routePath('/api/public/leads/:campaign'),
  /** GET whether the Kit sync a sign-up queued has finished. */
  syncState: routePath('/api/public/leads/:submissionId/sync'),
  /** GET the site's public settings (the Meta pixel id). */
  siteConfig: '/api/public/site-config',
} as const;
