import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupArchiveError, type ArchiveHeader, type BackupKeySource } from '../backup/archive-header.ts';
import { openArchive, verifyArchive } from '../backup/read-backup.ts';
import { isEmptyDatabase, restoreArchive, RestoreRefusedError, type RestoreProgress } from '../backup/restore.ts';
import { loadConfig } from '../config.ts';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import { openImageStorage } from '../images/service.ts';
import { parseSecretKey, SECRET_KEY_FILE } from '../kit/secret-box.ts';
import { count, formatBytes } from './format.ts';

const USAGE = `Usage: npm run restore -- FILE [--passphrase-file PATH] [--secret-key-file PATH]

Restores a backup into an empty installation: the PostgreSQL database in DATABASE_URL, or else an
empty DATA_DIR (the embedded database). The same command moves an installation from the embedded
database to PostgreSQL: make a backup, set DATABASE_URL, restore it.

The key: a backup made with BACKUP_PASSPHRASE needs that passphrase (BACKUP_PASSPHRASE or
--passphrase-file); one made with the instance secret needs that secret (MYCRM_SECRET_KEY,
--secret-key-file, or DATA_DIR/secret.key when restoring on the machine that made it).`;

class UsageError extends Error {}

function keySource(header: ArchiveHeader, options: { passphraseFile?: string; secretKeyFile?: string }, env: { dataDir: string; secretKey?: string; passphrase?: string }): BackupKeySource {
  if (header.kdf.kind === 'passphrase') {
    const passphrase = options.passphraseFile ? fs.readFileSync(options.passphraseFile, 'utf8').replace(/\r?\n$/, '') : env.passphrase;
    if (!passphrase) throw new UsageError('This backup is encrypted with a passphrase: set BACKUP_PASSPHRASE or give --passphrase-file.');
    return { kind: 'passphrase', passphrase };
  }
  const defaultFile = path.join(env.dataDir, SECRET_KEY_FILE);
  const text = options.secretKeyFile
    ? fs.readFileSync(options.secretKeyFile, 'utf8')
    : (env.secretKey ?? (fs.existsSync(defaultFile) ? fs.readFileSync(defaultFile, 'utf8') : undefined));
  if (!text) {
    throw new UsageError(
      'This backup is encrypted with the instance secret of the server that made it: give it with MYCRM_SECRET_KEY or --secret-key-file (its DATA_DIR/secret.key).',
    );
  }
  return { kind: 'instance-secret', secret: parseSecretKey(text) };
}

const isEmptyDir = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'passphrase-file': { type: 'string' }, 'secret-key-file': { type: 'string' }, help: { type: 'boolean' } },
  });
  const file = positionals[0];
  if (values.help || !file || positionals.length > 1) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const archive = await openArchive(file, (header) =>
    keySource(header, { passphraseFile: values['passphrase-file'], secretKeyFile: values['secret-key-file'] }, {
      dataDir: config.dataDir,
      secretKey: config.kit.secretKey,
      passphrase: config.backup.passphrase,
    }),
  );
  const { header } = archive;
  console.log(`Backup of ${header.created_at}, schema version ${header.schema_version} (${header.schema_tag}), ${formatBytes(archive.size)}.`);

  // Checked before anything is created: a target in use, or an archive that fails its check, leaves no trace.
  const dbDir = path.join(config.dataDir, 'db');
  if (!config.databaseUrl && !isEmptyDir(dbDir)) {
    throw new RestoreRefusedError(`${dbDir} is not empty: restore into an empty DATA_DIR, or set DATABASE_URL to an empty PostgreSQL database.`);
  }
  const images = header.images === 'included' ? openImageStorage(config.imageStorage) : undefined;
  if (images && config.imageStorage.kind === 'local' && !isEmptyDir(config.imageStorage.dir)) {
    throw new RestoreRefusedError(`${config.imageStorage.dir} is not empty: restore into an empty DATA_DIR.`);
  }
  let database: Database | undefined;
  let createdDir = false;
  try {
    if (config.databaseUrl) {
      database = await openPostgres(config.databaseUrl, { migrate: false, poolSize: 2 });
      if (!(await isEmptyDatabase(database))) {
        throw new RestoreRefusedError('The PostgreSQL database in DATABASE_URL is not empty. Restore into a new, empty database (createdb).');
      }
    }
    process.stdout.write('Checking the whole archive (decrypting and authenticating it) ... ');
    const verified = await verifyArchive(archive);
    const rows = Object.values(verified.totals.tables).reduce((a, b) => a + b, 0);
    console.log(`intact: ${count(rows, 'row')} in ${count(Object.keys(verified.totals.tables).length, 'table')}, ${count(verified.totals.files, 'image')}.`);
    if (database) console.log('Target: the PostgreSQL database in DATABASE_URL.');
    else {
      createdDir = !fs.existsSync(dbDir);
      database = await openPglite({ dataDir: dbDir, migrate: false });
      console.log(`Target: the embedded database in ${dbDir}.`);
    }
    const started = Date.now();
    const summary = await restoreArchive(archive, { database, images }, printProgress, verified);
    createdDir = false;
    console.log(`\nRestored in ${((Date.now() - started) / 1000).toFixed(1)} s: ${count(rows, 'row')}, ${count(summary.files, 'image')} (${formatBytes(summary.file_bytes)}).`);
    if (header.images === 's3') console.log('Images: this installation kept its images in S3; point S3_BUCKET (and S3_PREFIX) at the same bucket.');
    restoreInstanceSecret(config.dataDir, config.kit.secretKey, summary.instance_secret);
  } finally {
    await database?.close();
    // A restore that failed leaves no half-made embedded database behind.
    if (createdDir) fs.rmSync(dbDir, { recursive: true, force: true });
  }
}

function printProgress(event: RestoreProgress) {
  if (event.step === 'schema') console.log(`Schema created at the backup's version ${event.version}. Loading rows:`);
  else if (event.step === 'table') console.log(`  ${event.name.padEnd(32)} ${count(event.rows, 'row').padStart(14)}`);
  else if (event.step === 'images') console.log(`  ${'images'.padEnd(32)} ${count(event.files, 'file').padStart(14)}, ${formatBytes(event.bytes)}`);
  else if (event.step === 'migrated') console.log(`Migrated to the current schema version ${event.version}.`);
}

/** The stored Kit API key is encrypted with the old server's secret: this installation needs the same one. */
function restoreInstanceSecret(dataDir: string, fromEnv: string | undefined, secret: Buffer) {
  const file = path.join(dataDir, SECRET_KEY_FILE);
  if (fromEnv) {
    if (!parseSecretKey(fromEnv).equals(secret)) {
      console.log('Note: MYCRM_SECRET_KEY is not the secret of the server the backup came from, so the stored Kit API key cannot be read: enter it again under Kit Integration.');
    }
    return;
  }
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, secret.toString('base64') + '\n', { flag: 'wx', mode: 0o600 });
    console.log(`The old server's instance secret was written to ${file}: the stored Kit API key works as before. Several instances on PostgreSQL: set MYCRM_SECRET_KEY to its contents on each.`);
  } else if (!parseSecretKey(fs.readFileSync(file, 'utf8')).equals(secret)) {
    console.log(`Note: ${file} is not the secret of the server the backup came from, so the stored Kit API key cannot be read: enter it again under Kit Integration.`);
  }
}

main().catch((error) => {
  if (error instanceof BackupArchiveError || error instanceof RestoreRefusedError || error instanceof UsageError) {
    console.error(`\n${error.message}`);
    process.exit(error instanceof BackupArchiveError ? 1 : 2);
  }
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
