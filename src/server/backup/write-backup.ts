import { createCipheriv, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { FRAME, frame, imageKeySchema, jsonFrame, type ArchiveTotals } from './archive-frames.ts';
import { newHeader, type BackupKeySource } from './archive-header.ts';
import { appliedSchemaVersion, currentSchema, quoteIdent, rowsOf, tablesInLoadOrder } from './database-shape.ts';

const ROWS_PER_FRAME = 1_000;
const CHUNK_BYTES = 256 * 1024;

export interface BackupSource {
  database: Database;
  key: BackupKeySource;
  /** Put inside the (encrypted) archive: the stored Kit API key is encrypted with it. */
  instanceSecret: Buffer;
  /** Local uploads go into the archive; images in S3 stay there and the archive says so. */
  images: { kind: 'local'; dir: string } | { kind: 's3' };
}

export interface BackupSummary extends ArchiveTotals {
  /** The archive's size on disk. */
  bytes: number;
  /** The rows as JSON text plus the images' bytes: what the archive holds before gzip. */
  raw_bytes: number;
  schema_version: number;
}

/**
 * Writes a backup of the whole database (one consistent snapshot) and the uploaded images to `file`,
 * streaming: rows go out a thousand at a time through gzip and AES-256-GCM to disk. The file appears
 * under its name only once complete (written aside, then renamed), readable by its owner only.
 */
export async function writeBackup(source: BackupSource, file: string): Promise<BackupSummary> {
  const { db } = source.database;
  const version = await appliedSchemaVersion(db);
  if (version === 0) throw new Error('This database has no schema yet: there is nothing to back up.');
  const { header, bytes: headerBytes, key, iv } = newHeader(source.key, {
    schema_version: version,
    schema_tag: currentSchema().tags[version - 1] ?? 'newer than this code',
    images: source.images.kind === 'local' ? 'included' : 's3',
  });
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.partial`);
  // Backups hold personal data: the folder and each file are the owner's alone.
  await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await fs.promises.writeFile(partial, headerBytes, { flag: 'wx', mode: 0o600 });
  const totals: ArchiveTotals = { tables: {}, files: 0, file_bytes: 0 };
  let rawBytes = 0;
  try {
    const gzip = createGzip({ level: 6 });
    const written = pipeline(gzip, encryptor(key, iv, headerBytes), fs.createWriteStream(partial, { flags: 'a' }));
    // The pipeline's failure (a full disk) ends the writing below rather than leaving it waiting.
    let failed: unknown;
    written.catch((error: unknown) => {
      failed = error ?? new Error('backup write failed');
    });
    const put = async (chunk: Buffer) => {
      if (failed) throw failed;
      if (!gzip.write(chunk)) await Promise.race([once(gzip, 'drain'), written]);
    };

    await put(jsonFrame(FRAME.meta, { instance_secret: source.instanceSecret.toString('base64') }));
    await db.transaction(async (tx) => {
      // One snapshot for every table; timestamps written in UTC, whatever the server's zone.
      await tx.execute(sql`set transaction isolation level repeatable read, read only`);
      await tx.execute(sql`select set_config('TimeZone', 'UTC', true)`);
      for (const table of await tablesInLoadOrder(tx)) {
        await put(jsonFrame(FRAME.table, { name: table.name, columns: table.columns }));
        const columns = table.columns.map(quoteIdent).join(', ');
        await tx.execute(sql.raw(`declare backup_rows no scroll cursor for select row_to_json(r)::text as r from (select ${columns} from ${quoteIdent(table.name)}) r`));
        let count = 0;
        for (;;) {
          const batch = await rowsOf<{ r: string }>(tx, sql.raw(`fetch forward ${ROWS_PER_FRAME} from backup_rows`));
          if (batch.length === 0) break;
          const text = batch.map((row) => row.r).join('\n');
          rawBytes += Buffer.byteLength(text);
          count += batch.length;
          await put(frame(FRAME.rows, text));
        }
        await tx.execute(sql`close backup_rows`);
        totals.tables[table.name] = count;
      }
    });
    if (source.images.kind === 'local') {
      for (const key of await imageKeys(source.images.dir)) {
        const handle = await fs.promises.open(path.join(source.images.dir, key), 'r');
        try {
          const { size } = await handle.stat();
          await put(jsonFrame(FRAME.file, { path: key, size }));
          for (let offset = 0; offset < size; ) {
            const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(Math.min(CHUNK_BYTES, size - offset)), position: offset });
            if (bytesRead === 0) throw new Error(`Image ${key} became shorter while it was being backed up`);
            await put(frame(FRAME.data, buffer.subarray(0, bytesRead)));
            offset += bytesRead;
          }
          totals.files += 1;
          totals.file_bytes += size;
          rawBytes += size;
        } finally {
          await handle.close();
        }
      }
    }
    await put(jsonFrame(FRAME.end, totals));
    gzip.end();
    await written;
    await fs.promises.rename(partial, file);
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
  const { size } = await fs.promises.stat(file);
  return { ...totals, bytes: size, raw_bytes: rawBytes, schema_version: header.schema_version };
}

/** AES-256-GCM over the stream, the tag appended at its end; the header is the associated data. */
function encryptor(key: Buffer, iv: Buffer, associated: Buffer): Transform {
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(associated);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, cipher.update(chunk));
    },
    flush(done) {
      this.push(cipher.final());
      done(null, cipher.getAuthTag());
    },
  });
}

/** Only names the image storage makes (anything else in the folder was not put there by mycrm). */
const isStorageKey = (key: string) => imageKeySchema.safeParse(key).success;

/** Every stored image file under the uploads folder, as its storage key; files still being written (*.tmp) are left out. */
async function imageKeys(root: string): Promise<string[]> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter(isStorageKey)
    .sort();
}
