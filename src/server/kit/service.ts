import type { Db } from '../db/client.ts';
import { readSetting } from '../settings/service.ts';
import { KIT_API_KEY_SETTING } from './settings.ts';

/*
 * What other features may use of the Kit integration (eslint lets them import this file only):
 * queue a contact's sync (public forms: "queued, retried with back-off, visible on the contact"),
 * and read the sync state the contacts screen shows.
 */

export { enqueueContactSync, getSyncStates, hasSingleSyncsQueuedBy } from './queue.ts';
// An erasure queues the person's unsubscribe and removes what Kit's deliveries and imports left of them.
export {
  deleteFinishedUnsubscribes,
  enqueueKitUnsubscribe,
  forgetKitSubscriber,
  kitUnsubscribeFigures,
  retryFailedUnsubscribes,
  type KitUnsubscribeFigures,
} from './unsubscribes.ts';

/** Whether an API key is saved: public forms sync their contacts to Kit only then. */
export async function isKitConfigured(db: Db): Promise<boolean> {
  return Boolean((await readSetting(db, KIT_API_KEY_SETTING))?.value);
}

/** How many syncs wait and for how long, for the metrics. */
export { kitQueueStats, type KitQueueStats } from './queue-stats.ts';
