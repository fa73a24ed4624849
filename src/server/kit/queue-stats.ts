import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { kitSyncJobs } from './schema.ts';

export interface KitQueueStats {
  /** Syncs waiting to run (due now or after a back-off). */
  queued: number;
  /** Seconds since the oldest waiting sync was queued; 0 when none waits. */
  oldestAgeSeconds: number;
}

/** One query over the queued jobs (a partial index holds just those): cheap enough for every scrape. */
export async function kitQueueStats(db: Db): Promise<KitQueueStats> {
  const [row] = await db
    .select({
      queued: count(),
      oldestAgeSeconds: sql<number>`coalesce(extract(epoch from now() - min(${kitSyncJobs.created_at})), 0)::float8`,
    })
    .from(kitSyncJobs)
    .where(eq(kitSyncJobs.status, 'queued'));
  return { queued: Number(row?.queued ?? 0), oldestAgeSeconds: Number(row?.oldestAgeSeconds ?? 0) };
}
