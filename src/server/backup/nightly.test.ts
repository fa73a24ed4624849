import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { backupName, startNightlyBackups, type Backups } from './service.ts';
import { BACKUP_NAME_PATTERN } from '../../shared/backup/api.ts';

const log = { error: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;

describe('the nightly backup', () => {
  afterEach(() => vi.useRealTimers());

  it('makes one backup a night, goes on after a failure, and stops on close without keeping the process alive', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T02:00:00Z') });
    const create = vi.fn<Backups['create']>().mockRejectedValueOnce(new Error('disk full')).mockResolvedValue({} as never);
    const backups = { create, idle: () => Promise.resolve() } as unknown as Backups;
    const nightly = startNightlyBackups(backups, 3, log);
    await vi.advanceTimersByTimeAsync(59 * 60_000);
    expect(create).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(create).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith(expect.anything(), 'the nightly backup failed');
    await vi.advanceTimersByTimeAsync(24 * 3_600_000);
    expect(create).toHaveBeenCalledTimes(2);
    await nightly.stop();
    await vi.advanceTimersByTimeAsync(3 * 24 * 3_600_000);
    expect(create).toHaveBeenCalledTimes(2);
  });

  it('names backups by their time, in the one shape the download route accepts', () => {
    const name = backupName(new Date('2026-03-01T03:00:00.042Z'));
    expect(name).toBe('mycrm-backup-2026-03-01T03-00-00-042Z.mycrm-backup');
    expect(BACKUP_NAME_PATTERN.test(name)).toBe(true);
    expect(BACKUP_NAME_PATTERN.test(backupName(new Date(), 2))).toBe(true);
  });
});
