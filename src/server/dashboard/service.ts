import { count, desc, gte, sql } from 'drizzle-orm';
import { RECENT_CONTACTS_LIMIT, RECENT_LEADS_DAYS } from '../../shared/dashboard/api.ts';
import type { Db } from '../db/client.ts';
import { contacts, landingPages } from '../db/schema.ts';

/** The dashboard's four counts and its recent contacts: four small queries, no rows loaded to count. */
export async function getDashboard(db: Db) {
  const since = sql`now() - make_interval(days => ${RECENT_LEADS_DAYS})`;
  const [[contactCount], [recentCount], [pageCounts], recentContacts] = await Promise.all([
    db.select({ n: count() }).from(contacts),
    // Its own query, so the created_at index answers it (a filter inside the total's scan tests every row).
    db.select({ n: count() }).from(contacts).where(gte(contacts.created_at, since)),
    db
      .select({
        total: count(),
        active: sql<number>`count(*) filter (where ${landingPages.is_active})`.mapWith(Number),
      })
      .from(landingPages),
    db
      .select({
        id: contacts.id,
        email: contacts.email,
        first_name: contacts.first_name,
        last_name: contacts.last_name,
        full_name: contacts.full_name,
        source: contacts.source,
        created_at: contacts.created_at,
      })
      .from(contacts)
      .where(gte(contacts.created_at, since))
      // NULLS LAST matches contacts_created_at_idx, so this reads five index entries.
      .orderBy(sql`${contacts.created_at} desc nulls last`, desc(contacts.id))
      .limit(RECENT_CONTACTS_LIMIT),
  ]);
  return {
    stats: {
      total_contacts: contactCount!.n,
      landing_pages: pageCounts!.total,
      active_pages: pageCounts!.active,
      recent_leads: recentCount!.n,
    },
    recent_contacts: recentContacts,
  };
}
