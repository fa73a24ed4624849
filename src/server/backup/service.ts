import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { BACKUP_EXTENSION, BACKUP_NAME_PATTERN, type BackupFile } from '../../shared/backup/api.ts';
import type { BackupConfig, ImageStorageConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { startDailyTimer } from '../jobs/daily-timer.ts';
import type { BackupKeySource } from './archive-header.ts';
import { writeBackup, type BackupSummary } from './write-backup.ts';

/** Backups in DATA_DIR/backups: made one at a time, listed, opened for download, the oldest beyond BACKUP_KEEP deleted. */
export interface Backups {
  list(): Promise<BackupFile[]>;
  /** Makes a backup now (after the one running, if any) and then deletes the oldest beyond the limit. */
  create(): Promise<BackupFile & { summary: BackupSummary }>;
  /** The file of a backup by its name, or null when there is none by that name. */
  open(name: string): Promise<{ stream: fs.ReadStream; size: number } | null>;
  /** Waits for a running backup. */
  idle(): Promise<void>;
}

export interface BackupsDeps {
  database: Database;
  config: { backup: BackupConfig; imageStorage: ImageStorageConfig };
  /** The instance secret, read when a backup is made (it is put inside the archive, and encrypts it unless a passphrase does). */
  instanceSecret: () => Buffer;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

export function backupKeySource(config: BackupConfig, instanceSecret: () => Buffer): BackupKeySource {
  return config.passphrase ? { kind: 'passphrase', passphrase: config.passphrase } : { kind: 'instance-secret', secret: instanceSecret() };
}

/** A name from the time, to the millisecond (sortable: the newest sorts last), never from a request. */
export function backupName(at: Date, attempt = 0): string {
  const stamp = at.toISOString().replace(/:/g, '-').replace('.', '-');
  return `mycrm-backup-${stamp}${attempt ? `-${attempt}` : ''}${BACKUP_EXTENSION}`;
}

export function createBackups({ database, config, instanceSecret, log }: BackupsDeps): Backups {
  const dir = config.backup.dir;
  let running: Promise<unknown> = Promise.resolve();

  const list = async (): Promise<BackupFile[]> => {
    let names: string[];
    try {
      names = await fs.promises.readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const files = await Promise.all(
      names
        .filter((name) => BACKUP_NAME_PATTERN.test(name))
        .map(async (name) => {
          const stat = await fs.promises.stat(path.join(dir, name)).catch(() => undefined);
          return stat?.isFile() ? { name, size: stat.size, created_at: stat.mtime.toISOString() } : undefined;
        }),
    );
    return files.filter((f) => f !== undefined).sort((a, b) => (a.name < b.name ? 1 : -1));
  };

  const make = async () => {
    const now = new Date();
    let name = backupName(now);
    for (let attempt = 1; fs.existsSync(path.join(dir, name)); attempt++) name = backupName(now, attempt);
    const summary = await writeBackup(
      {
        database,
        key: backupKeySource(config.backup, instanceSecret),
        instanceSecret: instanceSecret(),
        images: config.imageStorage.kind === 'local' ? { kind: 'local', dir: config.imageStorage.dir } : { kind: 's3' },
      },
      path.join(dir, name),
    );
    // Old backups go only once the new one is complete.
    const all = await list();
    for (const old of all.slice(config.backup.keep)) await fs.promises.rm(path.join(dir, old.name), { force: true });
    const made = all.find((f) => f.name === name)!;
    log.info({ backup: name, bytes: summary.bytes, rows: Object.values(summary.tables).reduce((a, b) => a + b, 0), images: summary.files }, 'backup written');
    return { ...made, summary };
  };

  return {
    list,
    create() {
      const next = running.then(make, make);
      running = next.catch(() => undefined);
      return next;
    },
    async open(name) {
      if (!BACKUP_NAME_PATTERN.test(name)) return null;
      const file = path.join(dir, name);
      try {
        const handle = await fs.promises.open(file, 'r');
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    idle: () => running.then(() => undefined),
  };
}

/**
 * The nightly backup at `hourUtc`:00 (jobs/daily-timer.ts); stop() also waits for a backup asked
 * for from Settings that is under way.
 */
export function startNightlyBackups(backups: Backups, hourUtc: number, log: Pick<FastifyBaseLogger, 'error'>, now: () => Date = () => new Date()): { stop(): Promise<void> } {
  const timer = startDailyTimer(() => backups.create(), { hour: hourUtc, now, onError: (error) => log.error({ err: error }, 'the nightly backup failed') });
  return {
    async stop() {
      await timer.stop();
      await backups.idle();
    },
  };
}
