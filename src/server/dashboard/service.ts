import { RECENT_CONTACTS_LIMIT, RECENT_LEADS_DAYS } from '../../shared/dashboard/api.ts';
import { getRecentContactFigures } from '../contacts/service.ts';
import type { Db } from '../db/client.ts';
import { countLandingPages } from '../landing-pages/service.ts';

/** The dashboard's four counts and its recent contacts: four small queries, no rows loaded to count. */
export async function getDashboard(db: Db) {
  const [contactFigures, pageCounts] = await Promise.all([
    getRecentContactFigures(db, { days: RECENT_LEADS_DAYS, limit: RECENT_CONTACTS_LIMIT }),
    countLandingPages(db),
  ]);
  return {
    stats: {
      total_contacts: contactFigures.total,
      landing_pages: pageCounts.total,
      active_pages: pageCounts.active,
      recent_leads: contactFigures.recent,
    },
    recent_contacts: contactFigures.recent_contacts,
  };
}
