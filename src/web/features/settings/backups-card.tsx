import { DatabaseBackup, Download, RefreshCw } from 'lucide-react';
import { BACKUP_PATHS, type BackupList } from '@shared/backup/api.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { DateText } from '@web/components/ui/date-text.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { Table, TableScroll, Td, Th } from '@web/components/ui/table.tsx';
import { ApiError } from '@web/lib/api.ts';
import { notifyError, notifySuccess } from '@web/lib/notify.tsx';
import { useBackups, useCreateBackup } from './backups-api.ts';

const LOAD_FAILED = 'Failed to load the backups. Please try again.';

/** "820 B", "240 KB", "1.4 MB", "2.1 GB" (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

/** When and how the server backs up, in words: the settings live in its environment, not here. */
function policy(list: BackupList): string {
  const when = list.nightly_hour_utc === null ? 'When you ask' : `Every night at ${String(list.nightly_hour_utc).padStart(2, '0')}:00 UTC and when you ask`;
  const key =
    list.key === 'passphrase'
      ? 'Encrypted with your backup passphrase (BACKUP_PASSPHRASE): without it a backup cannot be restored.'
      : 'Encrypted with this server’s secret key (MYCRM_SECRET_KEY or secret.key in the data folder): keep a copy of it apart from the backups, or set BACKUP_PASSPHRASE.';
  const images = list.images === 'included' ? 'Uploaded images are included.' : 'Uploaded images stay in your S3 bucket and are not included.';
  return `${when}; the newest ${list.keep} are kept on the server. ${key} ${images}`;
}

/**
 * The server's backups of everything (contacts, pages, settings, images): made now on request,
 * listed newest first with their time and size, downloaded as the encrypted archive `npm run restore` reads.
 */
export function BackupsCard() {
  const backups = useBackups();
  const create = useCreateBackup();
  const list = backups.data?.backups ?? [];

  const backUpNow = () =>
    create.mutate(undefined, {
      onSuccess: (backup) => notifySuccess(`Backup made (${formatBytes(backup.size)}). Download it to keep a copy off this server.`),
      onError: (error) => {
        console.error('Making a backup failed', error);
        notifyError(error instanceof ApiError ? error.message : 'The backup could not be made. Please try again.');
      },
    });

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle id="backups-title">Backups</CardTitle>
          <p className="mt-1 text-sm text-gray-600">{backups.data ? policy(backups.data) : 'Copies of all your data, to restore with npm run restore.'}</p>
        </div>
        <Button onClick={backUpNow} disabled={create.isPending} className="shrink-0">
          {create.isPending ? <Spinner className="size-4" /> : <DatabaseBackup aria-hidden />}
          {create.isPending ? 'Backing up...' : 'Back up now'}
        </Button>
      </CardHeader>

      {backups.isPending ? (
        <div role="status" className="flex items-center justify-center gap-2 px-6 py-10 text-sm text-gray-600">
          <Spinner className="size-5" /> Loading backups...
        </div>
      ) : backups.isError ? (
        <div role="alert" className="flex flex-col items-center gap-4 px-6 py-10 text-center">
          <p className="text-sm text-red-700">{LOAD_FAILED}</p>
          <Button variant="secondary" onClick={() => backups.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="px-6 py-6 text-sm text-gray-600">No backups yet. Make one now, or wait for the nightly one.</p>
      ) : (
        <TableScroll label="Backups" className="relative">
          <Table aria-labelledby="backups-title">
            <thead>
              <tr>
                <Th className="pl-6">Made</Th>
                <Th>Size</Th>
                <Th className="pr-6 text-right">
                  <span className="sr-only">Download</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {list.map((backup) => (
                <tr key={backup.name}>
                  <Td className="pl-6 font-medium whitespace-nowrap text-gray-900">
                    <DateText value={backup.created_at} format="datetime" />
                  </Td>
                  <Td className="whitespace-nowrap tabular-nums">{formatBytes(backup.size)}</Td>
                  <Td className="pr-6 text-right">
                    {/* A plain link: the browser streams the archive to disk instead of holding it in the page. */}
                    <Button asChild variant="ghost" size="sm">
                      <a href={BACKUP_PATHS.one.path({ name: backup.name })} download={backup.name} aria-label={`Download the backup ${backup.name}`}>
                        <Download aria-hidden /> <span className="hidden sm:inline">Download</span>
                      </a>
                    </Button>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
    </Card>
  );
}
