import { bulkSyncSkippedMessage, KIT_MESSAGES } from '../../shared/kit/messages.ts';
import type { ContactSelection } from '../../shared/contacts/bulk.ts';
import type { SyncResult } from '../../shared/kit/api.ts';
import { getContactById } from '../contacts/service.ts';
import { AppError, notFound } from '../http/errors.ts';
import { interactiveKitClient, type KitContext } from './connection.ts';
import { completeJob, countFinalKitStates, enqueueBatch, failJob, getBatchProgress, parkJobUntilNewKey, retryFailedJobs, startJobNow } from './queue.ts';
import { KitNotConfiguredError, readKitApiKey } from './settings.ts';
import { checkContactInKit, isKeyRefused, syncContactToKit } from './sync.ts';

/* The staff's sync requests: one contact now, or many queued for the worker. */

const BATCH_NOT_FOUND = 'Sync batch not found';

export async function checkContact(ctx: KitContext, contactId: string) {
  const { kit_id, subscriber } = await checkContactInKit(ctx.db, await interactiveKitClient(ctx), contactId);
  return { kit_id, subscriber };
}

/** The sync modal: runs now, recorded as a job, so the contact's sync state shows it. */
export async function syncContactNow(ctx: KitContext, contactId: string, tagNames: string[]): Promise<SyncResult> {
  const client = await interactiveKitClient(ctx);
  if (!(await getContactById(ctx.db, contactId))) throw notFound(KIT_MESSAGES.contactNotFound);
  const job = await startJobNow(ctx.db, contactId, tagNames);
  try {
    const outcome = await syncContactToKit(ctx.db, client, contactId, tagNames);
    await completeJob(ctx.db, job);
    return { ...outcome, message: KIT_MESSAGES.syncSucceeded };
  } catch (error) {
    const message = (error as Error).message || KIT_MESSAGES.syncFailed;
    if (isKeyRefused(error)) await parkJobUntilNewKey(ctx.db, job, message);
    else await failJob(ctx.db, job, message, { final: true });
    throw error;
  }
}

async function requireSavedKey(ctx: KitContext): Promise<void> {
  if (!(await readKitApiKey(ctx.db, ctx.secret))) throw new KitNotConfiguredError();
}

/** Bulk "Sync N to Kit": queued, paced and retried by the worker; the screen polls the progress. */
export async function startSyncBatch(ctx: KitContext, selection: ContactSelection, tagNames: string[]) {
  await requireSavedKey(ctx);
  const batch = await enqueueBatch(ctx.db, selection, tagNames);
  if (batch.total === 0 && batch.skipped > 0) throw new AppError(422, 'kit_sync_all_skipped', bulkSyncSkippedMessage(batch.skipped));
  if (batch.total === 0) throw notFound(KIT_MESSAGES.contactNotFound);
  return batch;
}

/** The bulk sync dialog, before it starts: how many of the selection it would skip. */
export async function previewSyncBatch(ctx: KitContext, selection: ContactSelection) {
  return { skipped: await countFinalKitStates(ctx.db, selection) };
}

export async function syncBatchProgress(ctx: KitContext, batchId: string) {
  const progress = await getBatchProgress(ctx.db, batchId);
  if (!progress) throw notFound(BATCH_NOT_FOUND);
  return progress;
}

export async function retrySyncBatch(ctx: KitContext, batchId: string) {
  await requireSavedKey(ctx);
  if (!(await getBatchProgress(ctx.db, batchId))) throw notFound(BATCH_NOT_FOUND);
  return retryFailedJobs(ctx.db, batchId);
}
