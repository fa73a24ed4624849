import { z } from 'zod';
import { timestamp } from '../http/codecs.ts';

/**
 * How long data is kept (Settings → Privacy): a daily job deletes what is older. Null keeps it
 * forever.
 */

export const RETENTION_PATHS = {
  /** GET the rules and the last run (RetentionState); PUT new rules (RetentionRules). */
  settings: '/api/privacy/retention',
} as const;

export const RETENTION_LIMITS = { unconfirmedDays: 3650, pageViewMonths: 120, jobHistoryDays: 3650 } as const;
export const RETENTION_MESSAGES = {
  whole: 'Enter a whole number of at least 1, or choose Keep forever',
  tooLong: (max: number) => `At most ${max}`,
} as const;

const period = (max: number) => z.number({ error: RETENTION_MESSAGES.whole }).int(RETENTION_MESSAGES.whole).min(1, RETENTION_MESSAGES.whole).max(max, RETENTION_MESSAGES.tooLong(max)).nullable();

export const retentionRulesSchema = z.object({
  /** Contacts made by a double opt-in sign-up never confirmed, and nothing else: erased after this many days. */
  unconfirmed_days: period(RETENTION_LIMITS.unconfirmedDays),
  /** Landing pages' daily view counts. */
  page_view_months: period(RETENTION_LIMITS.pageViewMonths),
  /** Finished syncs, bulk actions, imports, Kit's processed deliveries and confirmed unsubscribes. */
  job_history_days: period(RETENTION_LIMITS.jobHistoryDays),
});
export type RetentionRules = z.output<typeof retentionRulesSchema>;

export const DEFAULT_RETENTION: RetentionRules = { unconfirmed_days: 30, page_view_months: 24, job_history_days: 90 };

export const retentionCountsSchema = z.object({
  unconfirmed_contacts: z.number().int(),
  page_view_days: z.number().int(),
  job_rows: z.number().int(),
});
export type RetentionCounts = z.output<typeof retentionCountsSchema>;

export const retentionStateSchema = z.object({
  rules: retentionRulesSchema,
  last_run: z.object({ at: timestamp, deleted: retentionCountsSchema }).nullable(),
});
export type RetentionState = z.output<typeof retentionStateSchema>;
