import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDriver } from '../../../tests/helpers/test-db-config.ts';
import { openScratchPostgres } from '../../../tests/helpers/test-db.ts';
import { openPglite, type Database } from '../db/client.ts';
import { openImageStorage } from '../images/service.ts';
import { BackupArchiveError, type BackupKeySource } from './archive-header.ts';
import { appliedSchemaVersion, currentSchema, migrateTo, rowsOf } from './database-shape.ts';
import { openArchive } from './read-backup.ts';
import { isEmptyDatabase, restoreArchive, RestoreRefusedError } from './restore.ts';
import { fileFingerprints, seedBackupData, tableFingerprints } from './test-helpers.ts';
import { writeBackup } from './write-backup.ts';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-backup-test-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const secret = randomBytes(32);
const bySecret: BackupKeySource = { kind: 'instance-secret', secret };

/** A new PostgreSQL database, empty or migrated, dropped by close(). */
const emptyPostgres = (migrate: boolean) => openScratchPostgres({ migrate, poolSize: 2 });

const emptyPglite = () => openPglite({ migrate: false });

interface Source {
  database: Database;
  uploads: string;
  archive: string;
}

async function seededSource(open: () => Promise<Database>, label: string): Promise<Source> {
  const database = await open();
  const uploads = path.join(work, `${label}-uploads`);
  await seedBackupData(database.db, { contacts: 2_500, images: 12, uploadsDir: uploads });
  const archive = path.join(work, `${label}.mycrm-backup`);
  await writeBackup({ database, key: bySecret, instanceSecret: secret, images: { kind: 'local', dir: uploads } }, archive);
  return { database, uploads, archive };
}

async function expectRoundTrip(source: Source, openTarget: () => Promise<Database>) {
  const target = await openTarget();
  const targetUploads = path.join(work, `target-${randomBytes(4).toString('hex')}`);
  try {
    const archive = await openArchive(source.archive, bySecret);
    const summary = await restoreArchive(archive, { database: target, images: openImageStorage({ kind: 'local', dir: targetUploads }) });
    const before = await tableFingerprints(source.database.db);
    const after = await tableFingerprints(target.db);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const [table, fingerprint] of Object.entries(before)) {
      expect({ table, rows: after[table]!.rows }).toEqual({ table, rows: fingerprint.rows });
      expect(after[table]!.checksums, table).toEqual(fingerprint.checksums);
    }
    expect(before.contacts!.rows).toBe(2_500);
    // The indexes a restore drops for the load are all back, as they were.
    const indexes = (db: Database['db']) =>
      rowsOf<{ indexname: string; indexdef: string }>(db, sql`select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`);
    expect(await indexes(target.db)).toEqual(await indexes(source.database.db));
    expect(fileFingerprints(targetUploads)).toEqual(fileFingerprints(source.uploads));
    expect(Object.keys(fileFingerprints(targetUploads))).toHaveLength(12);
    expect(summary).toMatchObject({ files: 12, schema_version: currentSchema().version });
    expect(summary.instance_secret.equals(secret)).toBe(true);
    // The identity sequence continues after the restored ids, so the next event does not collide.
    const [{ id } = { id: 0 }] = await rowsOf<{ id: number | string }>(
      target.db,
      sql`insert into contact_events (contact_id, type, actor, data) select id, 'created', '{}'::jsonb, '{}'::jsonb from contacts limit 1 returning id`,
    );
    expect(Number(id)).toBe(before.contact_events!.rows + 1);
  } finally {
    await target.close();
  }
}

describe('backup and restore', () => {
  let fromPglite: Source;
  beforeAll(async () => {
    fromPglite = await seededSource(() => openPglite(), 'pglite');
  }, 120_000);
  afterAll(() => fromPglite?.database.close());

  it('round-trips PGlite → PGlite: every table row for row, every image byte for byte', async () => {
    await expectRoundTrip(fromPglite, emptyPglite);
  }, 120_000);

  it.runIf(testDriver === 'postgres')('round-trips PGlite → PostgreSQL: the move to PostgreSQL', async () => {
    await expectRoundTrip(fromPglite, () => emptyPostgres(false));
  }, 120_000);

  it.runIf(testDriver === 'postgres')('round-trips PostgreSQL → PGlite', async () => {
    const fromPostgres = await seededSource(() => emptyPostgres(true), 'postgres');
    try {
      await expectRoundTrip(fromPostgres, emptyPglite);
    } finally {
      await fromPostgres.database.close();
    }
  }, 120_000);

  it('holds no readable personal data: the archive is encrypted', () => {
    const bytes = fs.readFileSync(fromPglite.archive);
    expect(bytes.includes(Buffer.from('owner@example.com'))).toBe(false);
    expect(bytes.includes(Buffer.from('Frühling'))).toBe(false);
  });

  describe('a damaged archive fails with a clear message and changes nothing', () => {
    const damaged = (name: string, change: (bytes: Buffer) => Buffer) => {
      const file = path.join(work, `${name}.mycrm-backup`);
      fs.writeFileSync(file, change(fs.readFileSync(fromPglite.archive)));
      return file;
    };
    const cases: Array<[string, (bytes: Buffer) => Buffer, RegExp]> = [
      ['one body byte changed', (b) => flip(b, Math.floor(b.length / 2)), /damaged, cut short or was altered/],
      ['the last byte (the tag) changed', (b) => flip(b, b.length - 1), /damaged, cut short or was altered/],
      ['cut short by a third', (b) => b.subarray(0, Math.floor((b.length * 2) / 3)), /damaged, cut short or was altered/],
      ['cut short by one byte', (b) => b.subarray(0, b.length - 1), /damaged, cut short or was altered/],
      ['the header changed (its date)', (b) => Buffer.from(b.toString('latin1').replace(/"created_at":"2/, '"created_at":"1'), 'latin1'), /damaged, cut short or was altered/],
      ['cut inside the header', (b) => b.subarray(0, 20), /cut short/],
      ['not a backup at all', () => Buffer.from('PK\u0003\u0004 a zip file, not ours'), /not a mycrm backup/],
    ];
    it.each(cases)('%s', async (name, change, message) => {
      const file = damaged(name.replace(/\W+/g, '-'), change);
      const target = await emptyPglite();
      const uploads = path.join(work, `damaged-${randomBytes(4).toString('hex')}`);
      try {
        const failure = await openArchive(file, bySecret)
          .then((archive) => restoreArchive(archive, { database: target, images: openImageStorage({ kind: 'local', dir: uploads }) }))
          .then(
            () => undefined,
            (error: unknown) => error,
          );
        expect(failure).toBeInstanceOf(BackupArchiveError);
        expect((failure as Error).message).toMatch(message);
        expect(await isEmptyDatabase(target)).toBe(true);
        expect(fs.existsSync(uploads)).toBe(false);
      } finally {
        await target.close();
      }
    });
  });

  it('refuses a wrong secret, and a passphrase backup without its passphrase, saying which', async () => {
    await expect(openArchive(fromPglite.archive, { kind: 'instance-secret', secret: randomBytes(32) })).rejects.toThrow(/Wrong secret key/);
    await expect(openArchive(fromPglite.archive, { kind: 'passphrase', passphrase: 'x' })).rejects.toThrow(/encrypted with the instance secret/);
    const file = path.join(work, 'passphrase.mycrm-backup');
    await writeBackup({ database: fromPglite.database, key: { kind: 'passphrase', passphrase: 'tulip lantern orbit' }, instanceSecret: secret, images: { kind: 's3' } }, file);
    await expect(openArchive(file, { kind: 'passphrase', passphrase: 'tulip lantern orbiT' })).rejects.toThrow(/Wrong passphrase/);
    await expect(openArchive(file, bySecret)).rejects.toThrow(/encrypted with a passphrase/);
    const archive = await openArchive(file, { kind: 'passphrase', passphrase: 'tulip lantern orbit' });
    expect(archive.header.images).toBe('s3');
    const target = await emptyPglite();
    try {
      const summary = await restoreArchive(archive, { database: target, images: undefined });
      expect(summary).toMatchObject({ files: 0, images: 's3' });
      expect((await tableFingerprints(target.db)).contacts!.rows).toBe(2_500);
    } finally {
      await target.close();
    }
  }, 60_000);

  it('restores a backup made at an older schema version into that version, then migrates it to the current one', async () => {
    const older = currentSchema().version - 1;
    const old = await openPglite({ migrate: false });
    const file = path.join(work, 'older.mycrm-backup');
    try {
      await migrateTo(old, older);
      await old.db.execute(sql`insert into contacts (email, tags) values ('old@example.com', '{vip}')`);
      await writeBackup({ database: old, key: bySecret, instanceSecret: secret, images: { kind: 's3' } }, file);
    } finally {
      await old.close();
    }
    const archive = await openArchive(file, bySecret);
    expect(archive.header.schema_version).toBe(older);
    const target = await emptyPglite();
    try {
      const summary = await restoreArchive(archive, { database: target, images: undefined });
      expect(summary).toMatchObject({ from_schema_version: older, schema_version: currentSchema().version });
      expect(await appliedSchemaVersion(target.db)).toBe(currentSchema().version);
      const rows = await rowsOf<{ email: string; tags: string[] }>(target.db, sql`select email, tags from contacts`);
      expect(rows).toEqual([{ email: 'old@example.com', tags: ['vip'] }]);
    } finally {
      await target.close();
    }
  }, 60_000);

  it('refuses a target that is not empty, before writing anything', async () => {
    const target = await openPglite();
    try {
      const archive = await openArchive(fromPglite.archive, bySecret);
      await expect(restoreArchive(archive, { database: target, images: undefined })).rejects.toThrow(RestoreRefusedError);
      const [count] = await rowsOf<{ n: number }>(target.db, sql`select count(*)::int as n from contacts`);
      expect(count?.n).toBe(0);
    } finally {
      await target.close();
    }
  }, 60_000);
});

function flip(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[at] = copy[at]! ^ 0x01;
  return copy;
}
