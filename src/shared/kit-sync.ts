/** waiting: Kit refused the saved key (401, 403); the job runs again once a key is saved. */
export const KIT_SYNC_JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'waiting'] as const;
export type KitSyncJobStatus = (typeof KIT_SYNC_JOB_STATUSES)[number];
