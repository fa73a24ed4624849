import { createDecipheriv } from 'node:crypto';
import fs from 'node:fs';
import { Transform } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { readFrames, type ArchiveTotals, type Frame } from './archive-frames.ts';
import { BackupArchiveError, HEADER_READ_BYTES, keyFor, parseHeader, TAG_BYTES, type ArchiveHeader, type BackupKeySource } from './archive-header.ts';

export interface OpenedArchive {
  file: string;
  header: ArchiveHeader;
  headerBytes: Buffer;
  key: Buffer;
  size: number;
}

/**
 * Reads a backup's header and derives its key from what `keySource` offers for it (the header says
 * whether a passphrase or an instance secret encrypted it); a file that is no backup, or a wrong key,
 * is refused here.
 */
export async function openArchive(file: string, keySource: BackupKeySource | ((header: ArchiveHeader) => BackupKeySource)): Promise<OpenedArchive> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(Math.min(HEADER_READ_BYTES, size)), position: 0 });
    const { header, bytes } = parseHeader(buffer.subarray(0, bytesRead), size);
    const source = typeof keySource === 'function' ? keySource(header) : keySource;
    return { file, header, headerBytes: bytes, key: keyFor(header, source), size };
  } finally {
    await handle.close();
  }
}

const DAMAGED = 'This backup is damaged, cut short or was altered: it fails its authentication check. Nothing was restored.';

/**
 * The archive's frames, decrypted and gunzip'd as they stream. GCM checks the tag only at the end:
 * frames read before it are not yet proven, so a restore reads the whole archive once through
 * `verifyArchive` before it writes anything, and reads it again to load it.
 */
export async function* archiveFrames(archive: OpenedArchive): AsyncGenerator<Frame> {
  const bodyEnd = archive.size - TAG_BYTES;
  const tag = Buffer.alloc(TAG_BYTES);
  const handle = await fs.promises.open(archive.file, 'r');
  try {
    await handle.read({ buffer: tag, position: bodyEnd });
  } finally {
    await handle.close();
  }
  const decipher = createDecipheriv('aes-256-gcm', archive.key, Buffer.from(archive.header.iv, 'base64'));
  decipher.setAAD(archive.headerBytes);
  decipher.setAuthTag(tag);
  const decrypt = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, decipher.update(chunk));
    },
    flush(done) {
      try {
        done(null, decipher.final());
      } catch {
        done(new BackupArchiveError(DAMAGED));
      }
    },
  });
  const body = fs.createReadStream(archive.file, { start: archive.headerBytes.length, end: bodyEnd - 1, highWaterMark: 256 * 1024 });
  const gunzip = createGunzip();
  body.on('error', (error) => decrypt.destroy(error));
  decrypt.on('error', (error) => gunzip.destroy(error));
  body.pipe(decrypt).pipe(gunzip);
  try {
    yield* readFrames(gunzip);
  } catch (error) {
    if (error instanceof BackupArchiveError) throw error;
    // gzip meets the altered bytes before the tag is checked: the same damage, said the same way.
    if ((error as { code?: string }).code?.startsWith('Z_')) throw new BackupArchiveError(DAMAGED);
    throw error;
  } finally {
    body.destroy();
    gunzip.destroy();
  }
}

export interface VerifiedArchive {
  totals: ArchiveTotals;
  instanceSecret: Buffer;
}

/** Reads the whole archive and checks its tag and totals, writing nothing. */
export async function verifyArchive(archive: OpenedArchive): Promise<VerifiedArchive> {
  let totals: ArchiveTotals | undefined;
  let instanceSecret: Buffer | undefined;
  for await (const frame of archiveFrames(archive)) {
    if (frame.type === 'meta') instanceSecret = Buffer.from(frame.meta.instance_secret, 'base64');
    else if (frame.type === 'end') totals = frame.totals;
  }
  if (!totals || !instanceSecret) throw new BackupArchiveError(DAMAGED);
  return { totals, instanceSecret };
}
