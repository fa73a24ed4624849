import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  KIT_IMPORT_MESSAGES,
  KIT_IMPORT_PAGE_SIZE,
  KIT_IMPORT_SUBSCRIBER_PAGE_SIZE,
  KIT_IMPORT_SKIPPED_LISTED,
  type KitImportJob,
  type KitImportKind,
  type KitImportSkipped,
  type KitImportState,
} from '../../../shared/kit/import.ts';
import type { KitTag } from '../../../shared/kit/api.ts';
import { DEFAULT_TAG_COLOR } from '../../../shared/tags/api.ts';
import { addTagsByKitId, writeKitContacts, type KitContactInput } from '../../contacts/service.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/sql-helpers.ts';
import { AppError } from '../../http/errors.ts';
import type { ErasedEmailFinder } from '../../privacy/service.ts';
import { createTag, crmTagNameOfKitTag, listTags, setTagKitLink, type Tag } from '../../tags/service.ts';
import type { KitClient } from '../client.ts';
import { kitImportJobs, kitImportMemberships } from '../schema.ts';
import { subscriberValues } from './subscriber-values.ts';

/*
 * An import from Kit, or a reconciliation pass, as a durable job. Requests are kept few: Kit's tags
 * (one request per 1,000), one paged pass per tag over its holders (kept aside in
 * kit_import_memberships), then one paged pass over the subscribers in every state, a page per transaction.
 * Each page is written in one transaction together with the job's cursor and counts, so a job
 * taken over after a crash goes on from the last page written, and nothing is written twice. Kit's
 * 429s pause the job in the client's rate limiter; the heartbeat shows the pause on the job.
 *
 * A reconciliation reads only what changed since the previous pass began (`updated_after`, and
 * `tagged_after` for the tag passes) and writes it the same way.
 */

type JobRow = typeof kitImportJobs.$inferSelect;

export interface ClaimedImportJob {
  job: JobRow;
  token: string;
}

/**
 * Starts a job; only one runs at a time. People erased before are left out unless the owner chose
 * to bring them back (`includeErased`, an import only: a reconciliation pass runs unasked).
 */
export async function startKitImportJob(db: Db, kind: KitImportKind, since: Date | null = null, includeErased = false): Promise<JobRow> {
  try {
    const [job] = await db.insert(kitImportJobs).values({ kind, since, include_erased: kind === 'import' && includeErased }).returning();
    return job!;
  } catch (error) {
    if (isUniqueViolation(error, 'kit_import_jobs_one_running')) throw new AppError(409, 'kit_import_running', KIT_IMPORT_MESSAGES.alreadyRunning);
    throw error;
  }
}

/** Takes the running job whose lease is free or ran out (its instance stopped or died). */
export async function claimKitImportJob(db: Db, leaseMs: number): Promise<ClaimedImportJob | null> {
  const token = randomUUID();
  const [job] = await db
    .update(kitImportJobs)
    .set({ lock_token: token, locked_at: sql`now()` })
    .where(
      and(
        eq(kitImportJobs.status, 'running'),
        sql`(${kitImportJobs.locked_at} is null or ${kitImportJobs.locked_at} < now() - ${leaseMs}::integer * interval '1 millisecond')`,
      ),
    )
    .returning();
  return job ? { job, token } : null;
}

/** Renews the lease and shows a rate-limit pause; false when the job is no longer this holder's. */
export async function renewKitImportLease(db: Db, claimed: ClaimedImportJob, pausedUntil: number | null): Promise<boolean> {
  const rows = await db
    .update(kitImportJobs)
    .set({ locked_at: sql`now()`, paused_until: pausedUntil === null ? null : new Date(pausedUntil) })
    .where(and(eq(kitImportJobs.id, claimed.job.id), eq(kitImportJobs.lock_token, claimed.token), eq(kitImportJobs.status, 'running')))
    .returning({ id: kitImportJobs.id });
  return rows.length > 0;
}

/** Gives the lease back (the server stops): another instance, or this one restarted, goes on at once. */
export async function releaseKitImportJob(db: Db, claimed: ClaimedImportJob): Promise<void> {
  await db
    .update(kitImportJobs)
    .set({ lock_token: null, locked_at: null, paused_until: null })
    .where(and(eq(kitImportJobs.id, claimed.job.id), eq(kitImportJobs.lock_token, claimed.token)));
}

export async function failKitImportJob(db: Db, claimed: ClaimedImportJob, message: string): Promise<void> {
  await db
    .update(kitImportJobs)
    .set({ status: 'failed', error: message, lock_token: null, paused_until: null, finished_at: sql`now()` })
    .where(and(eq(kitImportJobs.id, claimed.job.id), eq(kitImportJobs.lock_token, claimed.token)));
}

/**
 * Runs one step in a transaction that first checks the lease, then saves the job's new position with
 * the step's writes. Null: the job is no longer this holder's, nothing was written.
 */
async function step<T>(db: Db, claimed: ClaimedImportJob, work: (tx: Db) => Promise<{ result: T; job: Partial<JobRow> & Record<string, unknown> }>) {
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ id: kitImportJobs.id })
      .from(kitImportJobs)
      .where(and(eq(kitImportJobs.id, claimed.job.id), eq(kitImportJobs.lock_token, claimed.token), eq(kitImportJobs.status, 'running')))
      .for('update');
    if (!held) return null;
    const { result, job } = await work(tx);
    const [row] = await tx
      .update(kitImportJobs)
      .set({ ...job, locked_at: sql`now()` })
      .where(eq(kitImportJobs.id, claimed.job.id))
      .returning();
    claimed.job = row!;
    return { result };
  });
}

/**
 * Every Kit tag stands for a CRM tag: the one linked to its id, else the tag of its name (or linked
 * to its name), else a new one; each is linked to the Kit tag by id.
 */
async function linkKitTags(db: Db, kitTags: KitTag[]): Promise<void> {
  const crm = await listTags(db);
  const byKitId = new Map(crm.filter((t) => t.kit_tag_id !== null).map((t) => [t.kit_tag_id!, t]));
  const byName = new Map<string, Tag>();
  for (const t of crm) {
    if (t.kit_tag_name) byName.set(t.kit_tag_name.toLowerCase(), t);
  }
  for (const t of crm) byName.set(t.name.toLowerCase(), t);
  for (const kitTag of kitTags) {
    if (byKitId.has(kitTag.id)) continue;
    const name = crmTagNameOfKitTag(kitTag.name);
    const found = byName.get(kitTag.name.toLowerCase()) ?? byName.get(name.toLowerCase());
    if (found && found.kit_tag_id === null) {
      byName.set(name.toLowerCase(), await setTagKitLink(db, found.id, kitTag.name, kitTag.id));
      continue;
    }
    // A tag of that name linked to another Kit tag: the new one gets the Kit tag's id in its name.
    const free = found ? `${name.slice(0, 90)} (${kitTag.id})` : name;
    try {
      byName.set(free.toLowerCase(), await createTag(db, { name: free, description: null, color: DEFAULT_TAG_COLOR, kit_tag_name: kitTag.name, kit_tag_id: kitTag.id }));
    } catch (error) {
      // Created by someone else meanwhile: link that one.
      if (!(error instanceof AppError && error.statusCode === 409)) throw error;
      const [existing] = (await listTags(db)).filter((t) => t.name.toLowerCase() === free.toLowerCase());
      if (existing && existing.kit_tag_id === null) await setTagKitLink(db, existing.id, kitTag.name, kitTag.id);
    }
  }
}

/** CRM tag names by Kit tag id (read for each page, so a resumed job needs nothing kept in memory). */
async function tagNamesByKitId(db: Db): Promise<Map<number, string>> {
  return new Map((await listTags(db)).filter((t) => t.kit_tag_id !== null).map((t) => [t.kit_tag_id!, t.name]));
}

const sinceParam = (job: JobRow) => job.since?.toISOString();

/** 'done', or 'lost' when the job was taken from this holder (stopped, or its lease ran out). */
export async function runKitImportJob(db: Db, client: KitClient, claimed: ClaimedImportJob, erasedAmong: ErasedEmailFinder): Promise<'done' | 'lost'> {
  for (;;) {
    const { job } = claimed;
    if (job.status !== 'running') return 'done';
    let ok: unknown;
    switch (job.phase) {
      case 'tags':
        ok = await readTags(db, client, claimed);
        break;
      case 'memberships':
        ok = await readMemberships(db, client, claimed);
        break;
      case 'subscribers':
        ok = await readSubscribers(db, client, claimed, erasedAmong);
        break;
      case 'leftover_tags':
        ok = await applyLeftoverTags(db, claimed);
        break;
      case 'done':
        ok = await step(db, claimed, async () => ({ result: true, job: { status: 'done', finished_at: new Date(), lock_token: null, paused_until: null } }));
        break;
    }
    if (!ok) return 'lost';
  }
}

async function readTags(db: Db, client: KitClient, claimed: ClaimedImportJob) {
  const before = claimed.job.requests;
  const kitTags = await client.listAllTags();
  await linkKitTags(db, kitTags);
  return step(db, claimed, async () => ({
    result: true,
    job: { phase: 'memberships', kit_tag_ids: kitTags.map((t) => t.id), tag_index: 0, cursor: null, requests: before + Math.max(1, Math.ceil(kitTags.length / 1000)) },
  }));
}

async function readMemberships(db: Db, client: KitClient, claimed: ClaimedImportJob) {
  while (claimed.job.tag_index < claimed.job.kit_tag_ids.length) {
    const tagId = claimed.job.kit_tag_ids[claimed.job.tag_index]!;
    const pages = client.tagSubscriberPages(tagId, {
      status: 'all',
      per_page: KIT_IMPORT_PAGE_SIZE,
      after: claimed.job.cursor ?? undefined,
      tagged_after: sinceParam(claimed.job),
    });
    for await (const page of pages) {
      const saved = await step(db, claimed, async (tx) => {
        if (page.items.length > 0) {
          await tx
            .insert(kitImportMemberships)
            .values(page.items.map((s) => ({ job_id: claimed.job.id, kit_subscriber_id: s.id, kit_tag_ids: [tagId] })))
            .onConflictDoUpdate({
              target: [kitImportMemberships.job_id, kitImportMemberships.kit_subscriber_id],
              set: {
                kit_tag_ids: sql`case when ${tagId}::bigint = any(${kitImportMemberships.kit_tag_ids}) then ${kitImportMemberships.kit_tag_ids} else ${kitImportMemberships.kit_tag_ids} || excluded.kit_tag_ids end`,
              },
            });
        }
        const last = page.next === null;
        return {
          result: true,
          job: { cursor: page.next, tag_index: last ? claimed.job.tag_index + 1 : claimed.job.tag_index, requests: claimed.job.requests + 1 },
        };
      });
      if (!saved) return null;
    }
  }
  return step(db, claimed, async () => ({ result: true, job: { phase: 'subscribers', cursor: null } }));
}

function listedSkipped(job: JobRow, more: KitImportSkipped[]) {
  const room = KIT_IMPORT_SKIPPED_LISTED - job.skipped_items.length;
  return room > 0 && more.length > 0 ? { skipped_items: [...job.skipped_items, ...more.slice(0, room)] } : {};
}

async function readSubscribers(db: Db, client: KitClient, claimed: ClaimedImportJob, erasedAmong: ErasedEmailFinder) {
  const pages = client.subscriberPages({
    status: 'all',
    per_page: KIT_IMPORT_SUBSCRIBER_PAGE_SIZE,
    after: claimed.job.cursor ?? undefined,
    updated_after: sinceParam(claimed.job),
    include_total_count: true,
  });
  for await (const page of pages) {
    const tagNames = await tagNamesByKitId(db);
    const saved = await step(db, claimed, async (tx) => {
      const ids = page.items.map((s) => s.id);
      const held =
        ids.length === 0
          ? []
          : await tx
              .delete(kitImportMemberships)
              .where(and(eq(kitImportMemberships.job_id, claimed.job.id), inArray(kitImportMemberships.kit_subscriber_id, ids)))
              .returning();
      const tagsOf = new Map(held.map((m) => [m.kit_subscriber_id, m.kit_tag_ids.map((id) => tagNames.get(id)).filter((n): n is string => !!n)]));
      const inputs: KitContactInput[] = [];
      const skipped: KitImportSkipped[] = [];
      for (const subscriber of page.items) {
        const value = subscriberValues(subscriber, tagsOf.get(subscriber.id) ?? []);
        if ('reason' in value) skipped.push(value);
        else inputs.push(value);
      }
      // Only counted, never listed: the job names no one who was erased.
      const erased = claimed.job.include_erased ? new Set<string>() : await erasedAmong(tx, inputs.map((i) => i.values.email));
      const written = await writeKitContacts(tx, inputs, claimed.job.kind, claimed.job.started_at, erased);
      skipped.push(...written.skipped);
      const { job } = claimed;
      return {
        result: true,
        job: {
          cursor: page.next,
          ...(page.next === null ? { phase: 'leftover_tags' as const } : {}),
          total: page.total_count ?? job.total,
          done: job.done + page.items.length,
          created: job.created + written.created,
          updated: job.updated + written.updated,
          unchanged: job.unchanged + written.unchanged,
          skipped: job.skipped + skipped.length,
          erased: job.erased + written.erased,
          ...listedSkipped(job, skipped),
          requests: job.requests + 1,
        },
      };
    });
    if (!saved) return null;
  }
  // Kit listed nothing (the cursor was on the last page already): go on.
  if (claimed.job.phase === 'subscribers') return step(db, claimed, async () => ({ result: true, job: { phase: 'leftover_tags' } }));
  return true;
}

/** Tag holders whose subscriber the pass did not list (tagged, but not otherwise changed): tags added by Kit id. */
async function applyLeftoverTags(db: Db, claimed: ClaimedImportJob) {
  for (;;) {
    const tagNames = await tagNamesByKitId(db);
    let more = false;
    const saved = await step(db, claimed, async (tx) => {
      const batch = await tx
        .select()
        .from(kitImportMemberships)
        .where(eq(kitImportMemberships.job_id, claimed.job.id))
        .orderBy(kitImportMemberships.kit_subscriber_id)
        .limit(KIT_IMPORT_PAGE_SIZE);
      more = batch.length === KIT_IMPORT_PAGE_SIZE;
      const tagsByKitId = new Map(batch.map((m) => [m.kit_subscriber_id, m.kit_tag_ids.map((id) => tagNames.get(id)).filter((n): n is string => !!n)]));
      const changed = await addTagsByKitId(tx, tagsByKitId, claimed.job.kind);
      if (batch.length > 0) {
        await tx
          .delete(kitImportMemberships)
          .where(and(eq(kitImportMemberships.job_id, claimed.job.id), inArray(kitImportMemberships.kit_subscriber_id, batch.map((m) => m.kit_subscriber_id))));
      }
      return { result: true, job: { updated: claimed.job.updated + changed, ...(more ? {} : { phase: 'done' as const }) } };
    });
    if (!saved) return null;
    if (!more) return true;
  }
}

/** The latest job of a kind, as the screen shows it. */
async function latest(db: Db, kind: KitImportKind): Promise<KitImportJob | null> {
  const [job] = await db.select().from(kitImportJobs).where(eq(kitImportJobs.kind, kind)).orderBy(desc(kitImportJobs.started_at)).limit(1);
  if (!job) return null;
  const { lock_token: _token, locked_at: _lockedAt, kit_tag_ids: _tags, tag_index: _index, cursor: _cursor, since: _since, ...shown } = job;
  return shown;
}

export async function getKitImportState(db: Db): Promise<KitImportState> {
  return { import: await latest(db, 'import'), reconciliation: await latest(db, 'reconciliation') };
}

/** Where a reconciliation pass starts reading: the previous pass's start, else the last import's; null: nothing imported yet. */
export async function reconciliationSince(db: Db): Promise<Date | null> {
  const [last] = await db
    .select({ started_at: kitImportJobs.started_at })
    .from(kitImportJobs)
    .where(eq(kitImportJobs.status, 'done'))
    .orderBy(desc(kitImportJobs.started_at))
    .limit(1);
  return last?.started_at ?? null;
}

/** When the latest reconciliation pass began (null: none yet). */
export async function lastReconciliationStart(db: Db): Promise<Date | null> {
  const [last] = await db
    .select({ started_at: kitImportJobs.started_at })
    .from(kitImportJobs)
    .where(eq(kitImportJobs.kind, 'reconciliation'))
    .orderBy(desc(kitImportJobs.started_at))
    .limit(1);
  return last?.started_at ?? null;
}
