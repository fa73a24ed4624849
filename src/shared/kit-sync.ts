export const KIT_SYNC_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type KitSyncJobStatus = (typeof KIT_SYNC_JOB_STATUSES)[number];
