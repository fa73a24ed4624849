import type { ContactSource } from './contacts.ts';

/** "Recent Leads" counts contacts created in this many days; "Recent Contacts" lists at most this many of them. */
export const RECENT_LEADS_DAYS = 7;
export const RECENT_CONTACTS_LIMIT = 5;

export interface DashboardResponse {
  stats: {
    total_contacts: number;
    landing_pages: number;
    active_pages: number;
    /** Contacts created in the last RECENT_LEADS_DAYS days. */
    recent_leads: number;
  };
  /** Newest first, created in the last RECENT_LEADS_DAYS days, at most RECENT_CONTACTS_LIMIT. */
  recent_contacts: Array<{
    id: string;
    email: string;
    first_name: string | null;
    last_name: string | null;
    full_name: string | null;
    source: ContactSource;
    created_at: string;
  }>;
}
