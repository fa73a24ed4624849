import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BACKUP_PATHS, backupCreatedResponseSchema, backupListResponseSchema } from '@shared/backup/api.ts';
import { get, post } from '@web/lib/api.ts';
import { queryKeys } from '@web/lib/query-keys.ts';

/** The backup API (src/server/backup/routes.ts) as TanStack Query hooks; answers are parsed with the shared schemas. */

export function useBackups() {
  return useQuery({
    queryKey: queryKeys.backups,
    queryFn: async () => backupListResponseSchema.parse(await get<unknown>(BACKUP_PATHS.list)),
  });
}

/** A backup of everything now; the list refreshes whatever the answer (an older backup may have gone). */
export function useCreateBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => backupCreatedResponseSchema.parse(await post<unknown>(BACKUP_PATHS.list)).backup,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.backups }),
  });
}
