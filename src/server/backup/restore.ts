import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { ImageStorage } from '../images/service.ts';
import type { ArchiveTotals } from './archive-frames.ts';
import { BackupArchiveError } from './archive-header.ts';
import { appliedSchemaVersion, currentSchema, migrateTo, quoteIdent, rowsOf, tablesInLoadOrder, type TableShape } from './database-shape.ts';
import { archiveFrames, verifyArchive, type OpenedArchive, type VerifiedArchive } from './read-backup.ts';

/** The target is not empty, or cannot take this archive: said before anything is written. */
export class RestoreRefusedError extends Error {}

export interface RestoreTarget {
  database: Database;
  /** Where the archive's images go; undefined when the archive holds none (they stayed in S3). */
  images: ImageStorage | undefined;
}

export interface RestoreSummary extends ArchiveTotals {
  /** The archive's schema version, and the version the restored database was migrated to after. */
  from_schema_version: number;
  schema_version: number;
  images: 'included' | 's3';
  /** The instance secret of the server the backup came from (the stored Kit API key is encrypted with it). */
  instance_secret: Buffer;
}

export type RestoreProgress =
  | { step: 'verified'; totals: ArchiveTotals }
  | { step: 'schema'; version: number }
  | { step: 'table'; name: string; rows: number }
  | { step: 'images'; files: number; bytes: number }
  | { step: 'migrated'; version: number };

/** True when the database has no tables of its own and no migrations: the only kind a restore fills. */
export async function isEmptyDatabase(database: Database): Promise<boolean> {
  const [tables] = await rowsOf<{ count: number | string }>(
    database.db,
    sql`select count(*) as count from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p')`,
  );
  return Number(tables?.count ?? 0) === 0 && (await appliedSchemaVersion(database.db)) === 0;
}

/**
 * Restores an archive into an empty database: checks the whole archive first (tag and totals; a
 * damaged file fails here and nothing is written), builds the schema at the archive's version, loads
 * every table and image in one transaction (images written are removed again if it fails), sets the
 * sequences past the restored ids, then migrates to the current version.
 */
export async function restoreArchive(
  archive: OpenedArchive,
  target: RestoreTarget,
  onProgress: (event: RestoreProgress) => void = () => {},
  /** The archive already read through by verifyArchive (the command line checks it before it creates a database). */
  verifiedBefore?: VerifiedArchive,
): Promise<RestoreSummary> {
  const fromVersion = archive.header.schema_version;
  const current = currentSchema().version;
  if (fromVersion > current) {
    throw new RestoreRefusedError(`This backup has schema version ${fromVersion}, newer than this mycrm's (${current}): update mycrm, then restore.`);
  }
  if (!(await isEmptyDatabase(target.database))) {
    throw new RestoreRefusedError('The target database is not empty. Restore into a new, empty PostgreSQL database or an empty DATA_DIR.');
  }
  const verified = verifiedBefore ?? (await verifyArchive(archive));
  if (verified.totals.files > 0 && !target.images) throw new RestoreRefusedError('This backup holds images, and no image storage was given to put them in.');
  onProgress({ step: 'verified', totals: verified.totals });

  await migrateTo(target.database, fromVersion);
  onProgress({ step: 'schema', version: fromVersion });
  const shapes = new Map((await tablesInLoadOrder(target.database.db)).map((t) => [t.name, t]));
  const written: string[] = [];
  let totals: ArchiveTotals | undefined;
  try {
    await target.database.db.transaction(async (tx) => {
      // Indexes are built once after the load rather than row by row during it (a trigram index
      // makes each inserted contact cost several times more); constraints' own indexes stay.
      const indexes = await rowsOf<{ name: string; definition: string }>(
        tx,
        sql`select ic.relname as name, pg_get_indexdef(i.indexrelid) as definition
            from pg_index i join pg_class ic on ic.oid = i.indexrelid join pg_namespace n on n.oid = ic.relnamespace
            where n.nspname = 'public' and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
      );
      for (const index of indexes) await tx.execute(sql.raw(`drop index ${quoteIdent(index.name)}`));
      // Rows a migration seeds (version 1 of the consent statements) are in the archive too, as
      // they were then: the archive's rows replace them.
      if (shapes.size) await tx.execute(sql.raw(`truncate ${[...shapes.keys()].map(quoteIdent).join(', ')}`));
      let table: { shape: TableShape; columns: string[]; rows: number } | undefined;
      let file: { path: string; size: number; parts: Buffer[]; received: number } | undefined;
      const finishTable = () => {
        if (table) onProgress({ step: 'table', name: table.shape.name, rows: table.rows });
        table = undefined;
      };
      const putFile = async () => {
        if (!file || file.received < file.size) return;
        written.push(file.path);
        await target.images!.put(file.path, Buffer.concat(file.parts), contentType(file.path));
        file = undefined;
      };
      for await (const frame of archiveFrames(archive)) {
        if (frame.type === 'table') {
          finishTable();
          const shape = shapes.get(frame.table.name);
          const missing = frame.table.columns.filter((c) => !shape?.columns.includes(c));
          if (!shape || missing.length) {
            throw new BackupArchiveError(`This backup's table ${frame.table.name} does not match schema version ${fromVersion} (${shape ? `columns ${missing.join(', ')}` : 'no such table'}).`);
          }
          table = { shape, columns: frame.table.columns, rows: 0 };
        } else if (frame.type === 'rows' && table) {
          const columns = table.columns.map(quoteIdent).join(', ');
          const name = quoteIdent(table.shape.name);
          const overriding = table.shape.sequenced.length ? 'overriding system value' : '';
          await tx.execute(
            sql`${sql.raw(`insert into ${name} (${columns}) ${overriding} select ${columns} from json_populate_recordset(null::${name}, `)}${`[${frame.rows.join(',')}]`}${sql.raw('::json)')}`,
          );
          table.rows += frame.rows.length;
        } else if (frame.type === 'file') {
          finishTable();
          file = { path: frame.file.path, size: frame.file.size, parts: [], received: 0 };
          await putFile();
        } else if (frame.type === 'data' && file) {
          file.parts.push(frame.data);
          file.received += frame.data.length;
          await putFile();
        } else if (frame.type === 'end') {
          finishTable();
          totals = frame.totals;
        }
      }
      for (const index of indexes) await tx.execute(sql.raw(index.definition));
      // Identity and serial columns continue after the highest restored value.
      for (const shape of shapes.values()) {
        for (const column of shape.sequenced) {
          await tx.execute(
            sql.raw(
              `select setval(pg_get_serial_sequence('${quoteIdent(shape.name)}', '${column}'), coalesce((select max(${quoteIdent(column)}) from ${quoteIdent(shape.name)}), 0) + 1, false)`,
            ),
          );
        }
      }
    });
  } catch (error) {
    await Promise.all(written.map((key) => target.images!.delete(key).catch(() => undefined)));
    throw error;
  }
  if (!totals) throw new BackupArchiveError('This backup ends early. Nothing was restored.');
  if (totals.files) onProgress({ step: 'images', files: totals.files, bytes: totals.file_bytes });
  await migrateTo(target.database);
  onProgress({ step: 'migrated', version: current });
  return { ...totals, from_schema_version: fromVersion, schema_version: current, images: archive.header.images, instance_secret: verified.instanceSecret };
}

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', avif: 'image/avif' };
const contentType = (key: string) => CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';
