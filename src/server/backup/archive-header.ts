import { createHmac, hkdfSync, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/*
 * A backup file: MAGIC, a 4-byte length, the header as JSON (plain, so a restore can say what it
 * holds and how to decrypt it), then the body encrypted with AES-256-GCM and its 16-byte tag last.
 * The header is the cipher's associated data: changing a byte of it fails the tag like a changed
 * body byte does. The body is a gzip'd frame stream (archive-frames.ts).
 */

export const MAGIC = Buffer.from('MYCRMBAK');
export const FORMAT_VERSION = 1;
export const TAG_BYTES = 16;
const HEADER_MAX = 64 * 1024;
const SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;

export class BackupArchiveError extends Error {}

/** What encrypts a backup: the instance secret (MYCRM_SECRET_KEY or DATA_DIR/secret.key) or the owner's passphrase. */
export type BackupKeySource = { kind: 'instance-secret'; secret: Buffer } | { kind: 'passphrase'; passphrase: string };

const b64 = z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/);
const headerSchema = z.object({
  format: z.literal(FORMAT_VERSION),
  /** Migrations applied to the database it was made from, and the last one's tag. */
  schema_version: z.number().int().min(1),
  schema_tag: z.string(),
  created_at: z.iso.datetime(),
  cipher: z.literal('aes-256-gcm'),
  kdf: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('instance-secret'), salt: b64 }),
    z.object({ kind: z.literal('passphrase'), salt: b64, N: z.number().int(), r: z.number().int(), p: z.number().int() }),
  ]),
  iv: b64,
  /** An HMAC of a fixed text under the key: tells a wrong key apart from a damaged file. */
  key_check: b64,
  images: z.enum(['included', 's3']),
});
export type ArchiveHeader = z.infer<typeof headerSchema>;

export interface NewHeader {
  header: ArchiveHeader;
  /** MAGIC, length and header JSON: the file's first bytes and the cipher's associated data. */
  bytes: Buffer;
  key: Buffer;
  iv: Buffer;
}

export function newHeader(source: BackupKeySource, fields: Pick<ArchiveHeader, 'schema_version' | 'schema_tag' | 'images'>): NewHeader {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const kdf: ArchiveHeader['kdf'] =
    source.kind === 'instance-secret' ? { kind: 'instance-secret', salt: salt.toString('base64') } : { kind: 'passphrase', salt: salt.toString('base64'), ...SCRYPT };
  const key = deriveKey(source, kdf);
  const header: ArchiveHeader = {
    format: FORMAT_VERSION,
    ...fields,
    created_at: new Date().toISOString(),
    cipher: 'aes-256-gcm',
    kdf,
    iv: iv.toString('base64'),
    key_check: keyCheck(key).toString('base64'),
  };
  return { header, bytes: encodeHeader(header), key, iv };
}

function encodeHeader(header: ArchiveHeader): Buffer {
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([MAGIC, length, json]);
}

/** Reads the header from a file's first bytes; `fileSize` tells a cut-short file. */
export function parseHeader(start: Buffer, fileSize: number): { header: ArchiveHeader; bytes: Buffer } {
  if (start.length < MAGIC.length + 4 || !start.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new BackupArchiveError('This file is not a mycrm backup (it does not start like one).');
  }
  const length = start.readUInt32BE(MAGIC.length);
  const end = MAGIC.length + 4 + length;
  if (length > HEADER_MAX || end > start.length || end + TAG_BYTES > fileSize) {
    throw new BackupArchiveError('This backup is cut short: its header is incomplete. Nothing was restored.');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(start.subarray(MAGIC.length + 4, end).toString('utf8'));
  } catch {
    throw new BackupArchiveError('This backup is damaged: its header cannot be read. Nothing was restored.');
  }
  const format = (parsed as { format?: unknown } | null)?.format;
  if (typeof format === 'number' && format > FORMAT_VERSION) {
    throw new BackupArchiveError(`This backup was made by a newer mycrm (archive format ${format}); update mycrm to restore it.`);
  }
  const header = headerSchema.safeParse(parsed);
  if (!header.success) throw new BackupArchiveError('This backup is damaged: its header is not valid. Nothing was restored.');
  return { header: header.data, bytes: start.subarray(0, end) };
}

/** The header's size from the file's first bytes, so a reader knows how much to read before parseHeader. */
export const HEADER_READ_BYTES = MAGIC.length + 4 + HEADER_MAX;

/** The body's key, checked against the header: a wrong secret or passphrase is said as such. */
export function keyFor(header: ArchiveHeader, source: BackupKeySource): Buffer {
  if (header.kdf.kind !== source.kind) {
    throw new BackupArchiveError(
      header.kdf.kind === 'passphrase'
        ? 'This backup is encrypted with a passphrase: give it with --passphrase or BACKUP_PASSPHRASE.'
        : 'This backup is encrypted with the instance secret of the server that made it (MYCRM_SECRET_KEY or DATA_DIR/secret.key): give it with --secret-key-file or MYCRM_SECRET_KEY, not a passphrase.',
    );
  }
  const key = deriveKey(source, header.kdf);
  const expected = Buffer.from(header.key_check, 'base64');
  const actual = keyCheck(key);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    throw new BackupArchiveError(
      source.kind === 'passphrase'
        ? 'Wrong passphrase: this backup cannot be decrypted with it. Nothing was restored.'
        : 'Wrong secret key: this backup was encrypted with another instance secret. Nothing was restored.',
    );
  }
  return key;
}

function deriveKey(source: BackupKeySource, kdf: ArchiveHeader['kdf']): Buffer {
  const salt = Buffer.from(kdf.salt, 'base64');
  if (source.kind === 'instance-secret') return Buffer.from(hkdfSync('sha256', source.secret, salt, 'mycrm backup v1', 32));
  if (kdf.kind !== 'passphrase') throw new Error('unreachable');
  if (kdf.N > 2 ** 20 || kdf.r > 16 || kdf.p > 4) throw new BackupArchiveError('This backup asks for key derivation work beyond what mycrm makes; refused.');
  return scryptSync(source.passphrase.normalize('NFC'), salt, 32, { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * kdf.N * kdf.r * 2 });
}

const keyCheck = (key: Buffer) => createHmac('sha256', key).update('mycrm backup key check').digest().subarray(0, 16);
