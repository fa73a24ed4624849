import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { settingIsSet } from '../settings/service.ts';
import { contactSyncQueueing } from './queue.ts';
import { KIT_API_KEY_SETTING } from './settings.ts';

/*
 * What other features may use of the Kit integration (eslint lets them import this file only):
 * queue a contact's sync (public forms: "queued, retried with back-off, visible on the contact"),
 * and read the sync state the contacts screen shows.
 */

export { contactSyncJobs, enqueueContactSync, getSyncStates, hasSingleSyncsQueuedBy, kitJobsQueuedBy } from './queue.ts';
// An erasure queues the person's unsubscribe and removes what Kit's deliveries and imports left of them.
export {
  deleteFinishedUnsubscribes,
  enqueueKitUnsubscribe,
  forgetKitSubscriber,
  kitUnsubscribeFigures,
  retryFailedUnsubscribes,
  type KitUnsubscribeFigures,
} from './unsubscribes.ts';

/** Whether an API key is saved, as a condition in SQL: public forms sync their contacts to Kit only then. */
const kitConfigured = settingIsSet(KIT_API_KEY_SETTING);

export async function isKitConfigured(db: Db): Promise<boolean> {
  const result = (await db.execute(sql`select ${kitConfigured} as configured`)) as unknown as { rows: Array<{ configured: boolean }> };
  return result.rows[0]!.configured;
}

/** A contact's sync, as CTEs of the caller's statement, queued when an API key is saved and `when` holds (see contactSyncQueueing). */
export const queueContactSyncIn = (contactId: string, tagNames: string[], when: SQL): SQL => contactSyncQueueing(contactId, tagNames, sql`${kitConfigured} and ${when}`);

/** How many syncs wait and for how long, for the metrics. */
export { kitQueueStats, type KitQueueStats } from './queue-stats.ts';
