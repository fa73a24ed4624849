import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contactBulkJobs, contactImportJobs } from './schema.ts';

export interface RunningJobsProgress {
  kind: 'import' | 'bulk';
  /** Jobs running now. */
  running: number;
  /** Their items (CSV rows, selected contacts) in all, and those handled so far. */
  total: number;
  done: number;
}

/** CSV imports and bulk jobs running now, and how far they are: one query, over the running jobs only. */
export async function runningJobsProgress(db: Db): Promise<RunningJobsProgress[]> {
  const totals = <T extends typeof contactImportJobs | typeof contactBulkJobs>(table: T) => ({
    running: sql<number>`count(*)::integer`,
    total: sql<number>`coalesce(sum(${table.total}), 0)::integer`,
    done: sql<number>`coalesce(sum(${table.done}), 0)::integer`,
  });
  const rows = await db
    .select({ kind: sql<string>`'import'`, ...totals(contactImportJobs) })
    .from(contactImportJobs)
    .where(eq(contactImportJobs.status, 'running'))
    .unionAll(db.select({ kind: sql<string>`'bulk'`, ...totals(contactBulkJobs) }).from(contactBulkJobs).where(eq(contactBulkJobs.status, 'running')));
  return rows.map((row) => ({ kind: row.kind as RunningJobsProgress['kind'], running: Number(row.running), total: Number(row.total), done: Number(row.done) }));
}
