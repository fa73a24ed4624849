import type { Readable } from 'node:stream';

/**
 * Where image files live: local disk under DATA_DIR (one instance), or an S3-compatible bucket
 * (several instances share it). Keys are ours (`images/{random}.{ext}`), never a user's file name.
 * Files are written whole (sharp hands us buffers) and read as streams.
 */
export interface ImageStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file as a stream with its length, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a file that is not there is no error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export interface StoredFile {
  body: Readable;
  size: number;
}

/** Keys are made by this feature; the check keeps any slip from reaching outside the storage root. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9/_.-]*$/.test(key) || key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`Refused storage key: ${key}`);
  }
}

/** Why storage failed, short enough for a person and free of paths or credentials. */
export function storageReason(error: unknown): string {
  const e = error as { code?: unknown; name?: unknown; Code?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : typeof e?.Code === 'string' ? e.Code : typeof e?.name === 'string' ? e.name : '';
  return code && code !== 'Error' ? code : 'storage is not reachable';
}
