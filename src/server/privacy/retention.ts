import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_RETENTION, retentionRulesSchema, type RetentionCounts, type RetentionRules, type RetentionState } from '../../shared/privacy/retention.ts';
import type { Db } from '../db/client.ts';
import { startDailyTimer } from '../jobs/daily-timer.ts';
import { readSetting, writeSetting } from '../settings/service.ts';
import type { ContactEraser } from './erasure.ts';

/*
 * Retention: a daily job deletes what is older than the owner's rules, a batch per statement (so
 * a large backlog never holds the embedded database long), and records what it deleted.
 *
 * Unconfirmed sign-ups: only a contact that a double opt-in sign-up created and nothing else
 * touched is erased: one sign-up, its consent never confirmed, no other sign-up, import, field or
 * tag change on its timeline. Anyone with more history stays, confirmed or not.
 *
 * The job reads across features' tables by name: it is the one place that knows every table's age.
 */

const RULES_KEY = 'privacy_retention';
const LAST_RUN_KEY = 'privacy_retention_last_run';
const BATCH = 1000;
const DAY_MS = 86_400_000;

export async function readRetentionRules(db: Db): Promise<RetentionRules> {
  const stored = await readSetting(db, RULES_KEY);
  if (!stored) return DEFAULT_RETENTION;
  const parsed = retentionRulesSchema.safeParse(JSON.parse(stored.value));
  return parsed.success ? parsed.data : DEFAULT_RETENTION;
}

export async function saveRetentionRules(db: Db, rules: RetentionRules): Promise<void> {
  await writeSetting(db, RULES_KEY, JSON.stringify(rules));
}

export async function retentionState(db: Db): Promise<RetentionState> {
  const [rules, last] = await Promise.all([readRetentionRules(db), readSetting(db, LAST_RUN_KEY)]);
  const run = last ? (JSON.parse(last.value) as { at: string; deleted: RetentionCounts }) : null;
  return { rules, last_run: run ? { at: new Date(run.at), deleted: run.deleted } : null };
}

/** Deletes `from` rows matching `where`, BATCH a statement, until none is left; how many went. */
async function deleteInBatches(db: Db, table: string, where: SQL): Promise<number> {
  const t = sql.raw(table);
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`delete from ${t} where ctid in (select ctid from ${t} where ${where} limit ${BATCH})`);
    const n = Number((result as { affectedRows?: number; rowCount?: number }).affectedRows ?? (result as { rowCount?: number }).rowCount ?? 0);
    total += n;
    if (n < BATCH) return total;
  }
}

/** Contacts a never-confirmed double opt-in sign-up older than `before` made, with no other history. */
async function unconfirmedOnlyContacts(db: Db, before: Date, limit: number): Promise<string[]> {
  const result = await db.execute(sql`
    select c.id from consent_records r join contacts c on c.id = r.contact_id
    where r.kit_form_id is not null and r.confirmed_at is null and r.given_at < ${before.toISOString()}::timestamptz
      and not exists (select 1 from consent_records o where o.contact_id = c.id and o.id <> r.id)
      and (select count(*) from lead_submissions s where s.contact_id = c.id) <= 1
      and not exists (select 1 from contact_events e where e.contact_id = c.id
        and e.type not in ('created', 'kit_sync', 'kit_state_changed'))
      and not exists (select 1 from contact_events e where e.contact_id = c.id and e.type = 'created' and e.actor->>'kind' <> 'form')
    limit ${limit}`);
  return (result as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
}

/** One run at `now`: what is older than the rules is deleted, and the counts are recorded. */
export async function runRetention(db: Db, erase: ContactEraser, now: Date): Promise<RetentionCounts> {
  const rules = await readRetentionRules(db);
  const deleted: RetentionCounts = { unconfirmed_contacts: 0, page_view_days: 0, job_rows: 0 };
  if (rules.unconfirmed_days !== null) {
    const before = new Date(now.getTime() - rules.unconfirmed_days * DAY_MS);
    for (;;) {
      const ids = await unconfirmedOnlyContacts(db, before, 100);
      if (ids.length === 0) break;
      deleted.unconfirmed_contacts += (await db.transaction((tx) => erase(tx, ids, { kind: 'user', id: null, email: 'retention' }))).length;
      if (ids.length < 100) break;
    }
  }
  if (rules.page_view_months !== null) {
    const cutoff = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - rules.page_view_months, now.getUTCDate())).toISOString().slice(0, 10);
    deleted.page_view_days += await deleteInBatches(db, 'landing_page_views', sql`day < ${cutoff}::date`);
    await deleteInBatches(db, 'landing_page_visitors', sql`day < ${cutoff}::date`);
  }
  if (rules.job_history_days !== null) {
    const before = sql`${new Date(now.getTime() - rules.job_history_days * DAY_MS).toISOString()}::timestamptz`;
    for (const [table, where] of [
      ['kit_sync_jobs', sql`status in ('done', 'failed') and coalesce(finished_at, updated_at) < ${before}`],
      ['contact_bulk_jobs', sql`status <> 'running' and coalesce(finished_at, created_at) < ${before}`],
      ['contact_import_jobs', sql`status <> 'running' and coalesce(finished_at, created_at) < ${before}`],
      ['kit_import_jobs', sql`status <> 'running' and coalesce(finished_at, started_at) < ${before}`],
      ['kit_webhook_events', sql`processed_at is not null and processed_at < ${before}`],
      ['kit_unsubscribes', sql`status = 'done' and finished_at < ${before}`],
    ] as const) {
      deleted.job_rows += await deleteInBatches(db, table, where);
    }
  }
  await writeSetting(db, LAST_RUN_KEY, JSON.stringify({ at: now.toISOString(), deleted }));
  return deleted;
}

export interface RetentionLog {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * The daily run at hour:30 UTC, after the nightly backup (jobs/daily-timer.ts). Several instances
 * may run it: each delete only takes what is still there.
 */
export function startDailyRetention(db: Db, erase: ContactEraser, log: RetentionLog, { hourUtc = 3, now = () => new Date() } = {}): { stop(): Promise<void> } {
  return startDailyTimer(
    async () => log.info({ deleted: await runRetention(db, erase, now()) }, 'retention: deleted what is older than the privacy settings keep'),
    { hour: hourUtc, minute: 30, now, onError: (error) => log.error({ err: error }, 'the retention run failed') },
  );
}
