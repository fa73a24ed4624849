import { z } from 'zod';
import { routePath } from '../http/route-path.ts';

/** The backups' HTTP contract (src/server/backup/routes.ts): paths, names, answers and messages. */

export const BACKUP_PATHS = {
  /** GET the backups in DATA_DIR/backups, newest first; POST makes one now. */
  list: '/api/backups',
  /** GET downloads one, by its file name. */
  one: routePath('/api/backups/:name'),
  /** POST from `npm run backup` on this machine while the server holds the embedded database. */
  local: '/api/backups/local',
} as const;

/** The header `npm run backup` proves itself with on the local route: a value derived from the instance secret. */
export const BACKUP_LOCAL_TOKEN_HEADER = 'x-mycrm-backup-token';

export const BACKUP_EXTENSION = '.mycrm-backup';
/** The only names a backup has: made by the server from its time, never by a user. */
export const BACKUP_NAME_PATTERN = /^mycrm-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z(?:-\d{1,3})?\.mycrm-backup$/;

export const BACKUP_MESSAGES = {
  notFound: 'There is no backup by that name.',
  badName: 'Not a backup name.',
  failed: 'The backup could not be made. The server log says why.',
  localOnly: 'This route answers only `npm run backup` on the server itself.',
} as const;

export const backupNameParamsSchema = z.object({
  name: z.string().max(100).regex(BACKUP_NAME_PATTERN, BACKUP_MESSAGES.badName),
});

export const backupSchema = z.object({
  name: z.string(),
  /** Bytes on disk. */
  size: z.number().int().min(0),
  created_at: z.iso.datetime({ offset: true }),
});
export type BackupFile = z.infer<typeof backupSchema>;

export const backupListResponseSchema = z.object({
  backups: z.array(backupSchema),
  /** How many the server keeps (BACKUP_KEEP); older ones go after each new backup. */
  keep: z.number().int().min(1),
  /** The hour (UTC) of the nightly backup, or null when it is switched off. */
  nightly_hour_utc: z.number().int().min(0).max(23).nullable(),
  /** What the backups are encrypted with: the instance secret, or the passphrase in BACKUP_PASSPHRASE. */
  key: z.enum(['instance-secret', 'passphrase']),
  /** Uploaded images are inside the archive (local storage) or stay in the S3 bucket. */
  images: z.enum(['included', 's3']),
});
export type BackupList = z.infer<typeof backupListResponseSchema>;

export const backupCreatedResponseSchema = z.object({ backup: backupSchema });
