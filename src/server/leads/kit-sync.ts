import { contactSyncJobs, enqueueContactSync, getSyncStates, hasSingleSyncsQueuedBy, isKitConfigured, kitJobsQueuedBy, queueContactSyncIn } from '../kit/service.ts';
import type { LeadKitSync } from './service.ts';

/**
 * Public sign-ups sync to Kit through the durable queue, and only when a Kit API key is saved.
 * The job is written in the sign-up's own transaction (or statement): both commit, or
 * neither, so a lead is never captured without its sync, and a Kit failure never fails the sign-up.
 */
export const leadKitSync: LeadKitSync = {
  async queue(tx, capture) {
    if (!(await isKitConfigured(tx))) return false;
    await enqueueContactSync(tx, capture.contact_id, capture.kit_tag_names);
    return true;
  },
  queueIn: queueContactSyncIn,
  jobs: contactSyncJobs,
  queuedBy: kitJobsQueuedBy,
  isConfigured: isKitConfigured,
  async isPending(db, contactId) {
    const state = (await getSyncStates(db, [contactId]))[contactId]?.state;
    return state === 'queued' || state === 'running';
  },
  isQueueBusySince: hasSingleSyncsQueuedBy,
};
