import { z } from 'zod';
import { CONTACT_SOURCES } from '../contacts.ts';
import { timestamp } from '../http/codecs.ts';

/** The dashboard's HTTP contract (src/server/dashboard/routes.ts). */

export const DASHBOARD_PATH = '/api/dashboard';

/** "Recent Leads" counts contacts created in this many days; "Recent Contacts" lists at most this many of them. */
export const RECENT_LEADS_DAYS = 7;
export const RECENT_CONTACTS_LIMIT = 5;

const count = z.number().int().min(0);

export const dashboardResponseSchema = z.object({
  stats: z.object({
    total_contacts: count,
    landing_pages: count,
    active_pages: count,
    /** Contacts created in the last RECENT_LEADS_DAYS days. */
    recent_leads: count,
  }),
  /** Newest first, created in the last RECENT_LEADS_DAYS days, at most RECENT_CONTACTS_LIMIT. */
  recent_contacts: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
      full_name: z.string().nullable(),
      source: z.enum(CONTACT_SOURCES),
      created_at: timestamp,
    }),
  ),
});
export type DashboardResponse = z.output<typeof dashboardResponseSchema>;

/** GET: what the public site still shows from the shipped sample (src/shared/site/placeholders.ts). */
export const SITE_CHECKLIST_PATH = '/api/dashboard/site-checklist';

export const siteChecklistResponseSchema = z.object({
  items: z.array(z.object({ problem: z.string(), file: z.string(), path: z.string(), value: z.string() })),
});
export type SiteChecklistResponse = z.output<typeof siteChecklistResponseSchema>;
