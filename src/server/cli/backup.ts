import path from 'node:path';
import { BACKUP_LOCAL_TOKEN_HEADER, BACKUP_PATHS, backupCreatedResponseSchema } from '../../shared/backup/api.ts';
import { localBackupToken } from '../backup/routes.ts';
import { createBackups } from '../backup/service.ts';
import { loadConfig, type Config } from '../config.ts';
import { DatabaseInUseError, openDatabase, type Database } from '../db/client.ts';
import { loadSecretKey } from '../kit/secret-box.ts';
import { count, formatBytes } from './format.ts';

/**
 * `npm run backup`: writes a backup into DATA_DIR/backups, with the server's settings (DATA_DIR or
 * DATABASE_URL, BACKUP_PASSPHRASE, BACKUP_KEEP). While the server runs on the embedded database it
 * holds it: the running server is then asked to make the backup itself.
 */
async function main() {
  const config = loadConfig();
  const instanceSecret = () => loadSecretKey(config.dataDir, config.kit.secretKey);
  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    console.log('The running server holds the embedded database: asking it to make the backup.');
    return backupThroughServer(config, instanceSecret());
  }
  try {
    const backups = createBackups({ database, config, instanceSecret, log: { info: () => undefined, error: () => undefined } });
    const started = Date.now();
    const { name, summary } = await backups.create();
    const rows = Object.values(summary.tables).reduce((a, b) => a + b, 0);
    console.log(`Backup written: ${path.join(config.backup.dir, name)}`);
    console.log(
      `  ${count(rows, 'row')} in ${count(Object.keys(summary.tables).length, 'table')}, ${count(summary.files, 'image')}; ` +
        `${formatBytes(summary.bytes)} (from ${formatBytes(summary.raw_bytes)} of data) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    console.log(`  Encrypted with ${config.backup.passphrase ? 'BACKUP_PASSPHRASE' : 'the instance secret (keep a copy of MYCRM_SECRET_KEY or DATA_DIR/secret.key apart from the backups)'}.`);
  } finally {
    await database.close();
  }
}

async function backupThroughServer(config: Config, secret: Buffer) {
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  const base = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
  let response: Response;
  try {
    response = await fetch(`${base}${BACKUP_PATHS.local}`, { method: 'POST', headers: { [BACKUP_LOCAL_TOKEN_HEADER]: localBackupToken(secret) } });
  } catch {
    console.error(`The server did not answer at ${base}. Make the backup in the app instead: Settings -> Backups -> Back up now.`);
    process.exit(3);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status !== 201) {
    const message = (body as { error?: { message?: string } } | undefined)?.error?.message ?? `status ${response.status}`;
    console.error(`The server refused the backup: ${message}\nMake it in the app instead: Settings -> Backups -> Back up now.`);
    process.exit(1);
  }
  const { backup } = backupCreatedResponseSchema.parse(body);
  console.log(`Backup written by the server: ${path.join(config.backup.dir, backup.name)} (${formatBytes(backup.size)})`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
