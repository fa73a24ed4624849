import { randomUUID } from 'node:crypto';
import { and, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { LEAD_CAMPAIGNS, type LeadCampaign } from '../../shared/leads/campaigns.ts';
import { KIT_DEFAULT_TAG } from '../../shared/tags/api.ts';
import { splitFullName } from '../../shared/leads/form.ts';
import { LEAD_ERROR_CODES, LEAD_MESSAGES } from '../../shared/leads/messages.ts';
import type { Db } from '../db/client.ts';
import { plannedOnce } from '../db/sql-helpers.ts';
import { countSignup } from '../metrics/service.ts';
import { leadDecoys, leadSubmissions } from './schema.ts';
import { consentRecordInsert, type SignupConsent } from '../privacy/service.ts';
import { AppError } from '../http/errors.ts';
import type { Tag } from '../tags/service.ts';
import { boundCampaignTag, campaignTagFor, campaignTagHeldAs } from './campaign-tags.ts';
import {
  contactEventFor,
  knownLeadContact,
  LANDING_PAGE_CONTACT_FIELDS,
  leadContactByEmail,
  newLeadContact,
  upsertLandingPageContact,
  upsertLeadContact,
  type LandingPageContactFields,
  type LeadContactInput,
  type SignupRecord,
} from '../contacts/service.ts';

export interface LeadInput {
  campaign: LeadCampaign;
  full_name: string;
  /** Already normalised (trimmed, lower case). */
  email: string;
  phone: string | null;
  url_parameters: Record<string, string>;
  /** The submitted form, kept as it came in lead_submissions.form_data. */
  form_data: Record<string, unknown>;
  /** The statement the form showed, and where: recorded with the submission. */
  consent: SignupConsent;
}

/** What a sign-up did. Only the server sees it: the visitor's answer never tells these apart. */
export interface LeadCapture {
  contact_id: string;
  submission_id: string;
  /** No contact had this email: one was created with status lead, the source and the tag. */
  created: boolean;
  /** The contact existed without the campaign tag and has it now. */
  newly_tagged: boolean;
  /** The campaign's bound tag (by default LEM_Waiting_List or webinar202509_2), by its current name. */
  tag: string;
  tag_id: string;
  /** The tags a sync to Kit carries: the campaign tag (its Kit link decides the Kit tag) and via_mycrm. */
  kit_tag_names: string[];
}

/** How sign-ups reach Kit; wired in app.ts to the Kit feature's durable queue. */
export interface LeadKitSync {
  /**
   * Runs inside the sign-up's transaction, after the contact and the submission are written, so a
   * queued sync and the sign-up are committed together or not at all. Returns whether it queued one.
   */
  queue(tx: Db, capture: LeadCapture): Promise<boolean>;
  /**
   * The same as CTEs of a sign-up's single statement, `when` the condition holds; `jobs` selects
   * the jobs they queued, and `queuedBy` is told of them once the statement has run.
   */
  queueIn(contactId: string, tagNames: string[], when: SQL): SQL;
  jobs: SQL;
  queuedBy(jobs: readonly string[]): void;
  /** Whether sign-ups are synced at all (a Kit API key is saved). */
  isConfigured(db: Db): Promise<boolean>;
  /** Whether the contact's latest sync to Kit is still waiting or running. */
  isPending(db: Db, contactId: string): Promise<boolean>;
  /** Whether sign-ups' syncs queued by then are still waiting: one made then would be waiting too. */
  isQueueBusySince(db: Db, since: Date): Promise<boolean>;
}

/**
 * What a filled honeypot's pretend sync to Kit takes when no sync is queued before it: about what a
 * real one takes then (the worker starts it at once; one upsert, then a tagging call per tag).
 */
const DECOY_SYNC_MS = { min: 1_000, max: 3_000 } as const;

/** Ends a rehearsal's transaction once all its work is done, carrying what it would have returned. */
class RolledBack<T> extends Error {
  constructor(readonly result: T) {
    super('rolled back on purpose');
  }
}

/**
 * `work` kept, in a transaction of its own unless `transaction` is false (statements that stand on
 * their own); or with `keep` false run in full in a transaction that is rolled back (a filled honeypot).
 */
async function rehearsable<T>(db: Db, keep: boolean, work: (on: Db) => Promise<T>, { transaction = true } = {}): Promise<T> {
  if (keep) return transaction ? db.transaction(work) : work(db);
  try {
    await db.transaction(async (tx) => {
      throw new RolledBack(await work(tx));
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.result as T;
    throw error;
  }
  throw new Error('unreachable: the rehearsal always rolls back');
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** `kit_jobs`: the syncs queued by the sign-up's own statements, for the queue's worker to be woken once they are written. */
type Captured = LeadCapture & { kit_sync_queued: boolean; kit_jobs: string[] };
type BoundTag = Pick<Tag, 'id' | 'name'>;

/**
 * Each campaign's tag as the last sign-up on this database found it, so the next one can name it in
 * its statements without reading it first; they check that it still is, and lock it. Per database:
 * tests and tools open several.
 */
const lastBoundTags = new WeakMap<Db, Map<LeadCampaign, BoundTag>>();
const boundTagsOf = (db: Db) => lastBoundTags.get(db) ?? lastBoundTags.set(db, new Map()).get(db)!;

/**
 * A public sign-up, without a transaction of its own in the common case: a new email is one
 * statement (the contact, its events, the submission, its consent record, the sync to Kit), a known
 * one a read and then one statement that writes only if the contact still holds what was read. A
 * burst of sign-ups then queues in the database, not in this process. A campaign's first sign-up,
 * a tag renamed meanwhile, or a contact changed meanwhile takes the general path in a transaction
 * (captureLeadInTransaction); the statements before it wrote nothing.
 *
 * Every sign-up queues a sync to Kit (when a key is saved), a known contact's too: only new and
 * newly tagged contacts need one, but the visitor's modal waits for that sync, and a modal that
 * finished at once for known emails would tell anyone who is on the list. Kit's upsert and tagging
 * are idempotent, so the extra sync changes nothing there.
 */
export async function captureLead(db: Db, input: LeadInput, kitSync?: LeadKitSync, { keep = true }: CaptureOptions = {}): Promise<Captured> {
  const boundTags = boundTagsOf(db);
  try {
    const known = boundTags.get(input.campaign) ?? (await boundCampaignTag(db, input.campaign));
    // A filled honeypot runs the same statements, in a transaction that is rolled back.
    const quick = known ? await rehearsable(db, keep, (on) => captureInStatements(on, input, known, kitSync), { transaction: false }) : 'general';
    if (quick === 'tag changed') boundTags.delete(input.campaign);
    const captured = typeof quick === 'object' ? quick : await rehearsable(db, keep, (tx) => captureLeadInTransaction(tx, input, kitSync));
    if (!keep) return captured;
    boundTags.set(input.campaign, { id: captured.tag_id, name: captured.tag });
    kitSync?.queuedBy(captured.kit_jobs);
    countSignup(input.campaign);
    return captured;
  } catch (error) {
    throw toSignupError(error);
  }
}

/**
 * The sign-up in statements of its own, with the campaign's tag as `tag`, which each statement
 * checks it still is and locks like campaignTagFor. 'tag changed' when it is not; 'general' when the
 * contact changed between the read and the write (or was removed): nothing was written then.
 */
async function captureInStatements(db: Db, input: LeadInput, tag: BoundTag, kitSync: LeadKitSync | undefined): Promise<Captured | 'general' | 'tag changed'> {
  const actor = signupActor(input.campaign);
  const contactInput = leadContactInput(input, tag.name);
  const signup = { actor, form_data: input.form_data };
  const kit_tag_names = [tag.name, KIT_DEFAULT_TAG];
  /** The statement: `head` (CTEs after `held`) makes or finds the contact as the relation `from`, and its events as `recorded`; the submission and the sync follow. */
  const write = async (contactId: string, head: SQL, from: 'inserted' | 'current') => {
    const submission = submissionRecording(
      sql`insert into ${leadSubmissions} (contact_id, form_data) select distinct contact_id, ${JSON.stringify(input.form_data)}::jsonb from recorded returning id, contact_id`,
      contactId,
      input.consent,
      actor,
    );
    const [row] = rowsOf<{ held: number; contact: number; submission_id: string | null; jobs: string[] }>(
      await db.execute(plannedOnce(sql`
        with held as (${campaignTagHeldAs(input.campaign, tag)}),
        ${head},
        ${submission}${kitSync ? sql`,
        ${kitSync.queueIn(contactId, kit_tag_names, sql`exists (select 1 from ${sql.raw(from)})`)}` : sql``}
        select (select count(*)::int from held) as held, (select count(*)::int from ${sql.raw(from)}) as contact,
          (select id from submitted) as submission_id, ${kitSync ? kitSync.jobs : sql`'{}'::uuid[]`} as jobs`)),
    );
    if (row!.held === 0) return 'tag changed';
    return row!.contact === 0 ? undefined : { submission_id: row!.submission_id!, jobs: row!.jobs };
  };
  const capture = (contact_id: string, created: boolean, newly_tagged: boolean, { submission_id, jobs }: { submission_id: string; jobs: string[] }): Captured => ({
    contact_id,
    submission_id,
    created,
    newly_tagged,
    tag: tag.name,
    tag_id: tag.id,
    kit_tag_names,
    kit_jobs: jobs,
    kit_sync_queued: jobs.length > 0,
  });

  const id = randomUUID();
  const created = await write(id, newLeadContact(id, contactInput, signup, sql`held`), 'inserted');
  if (created === 'tag changed') return created;
  if (created) return capture(id, true, false, created);
  // The email is known (nothing was written): read the contact, then write only if it still holds what was read.
  const before = await leadContactByEmail(db, input.email);
  if (!before) return 'general';
  const { ctes, newly_tagged } = knownLeadContact(db, before, contactInput, signup, sql`held`);
  const updated = await write(before.id, ctes, 'current');
  if (updated === 'tag changed') return updated;
  return updated ? capture(before.id, false, newly_tagged, updated) : 'general';
}

const signupActor = (campaign: LeadCampaign) => ({ kind: 'form', form: campaign, page_id: null, page_title: null }) as const;

const leadContactInput = (input: LeadInput, tag: string): LeadContactInput => ({
  email: input.email,
  full_name: input.full_name,
  ...splitFullName(input.full_name),
  phone: input.phone,
  source: LEAD_CAMPAIGNS[input.campaign].source,
  tag,
  url_parameters: input.url_parameters,
});

/**
 * A sign-up in the caller's transaction: the campaign tag (bound on first use), the contact created
 * or tagged (upsertLeadContact: one statement, so simultaneous sign-ups with one email make one
 * contact and add the tag once), the submission, and the sync to Kit.
 */
async function captureLeadInTransaction(tx: Db, input: LeadInput, kitSync: LeadKitSync | undefined): Promise<Captured> {
  // Contacts carry only tags from the tag list: the campaign's bound tag, made on first use.
  const tag = await campaignTagFor(tx, input.campaign);
  const actor = signupActor(input.campaign);
  const contact = await upsertLeadContact(tx, leadContactInput(input, tag.name), { actor, form_data: input.form_data });
  const submissionId = await recordSubmission(tx, { contact_id: contact.id, form_data: input.form_data }, input.consent, actor);
  const capture: LeadCapture = {
    contact_id: contact.id,
    submission_id: submissionId,
    created: contact.created,
    newly_tagged: contact.newly_tagged,
    tag: tag.name,
    tag_id: tag.id,
    kit_tag_names: [tag.name, KIT_DEFAULT_TAG],
  };
  const queued = kitSync ? await kitSync.queue(tx, capture) : false;
  return { ...capture, kit_sync_queued: queued, kit_jobs: [] };
}

/**
 * The CTEs `submitted` (what `insert` writes to lead_submissions, returning id and contact_id),
 * `consented` (its consent record) and `noted` (the consent's timeline event): a sign-up's round
 * trips stay as they were.
 */
function submissionRecording(insert: SQL, contactId: string, consent: SignupConsent, actor: SignupRecord['actor']): SQL {
  const data = { type: 'consent_given', kind: consent.kind, version: consent.version, language: consent.language, page_url: consent.page_url, double_opt_in: consent.kit_form_id !== null } as const;
  return sql`submitted as (${insert}),
    consented as (${consentRecordInsert(sql`submitted`, contactId, consent)}),
    noted as (${contactEventFor(sql`select contact_id from submitted`, actor, data)})`;
}

/** The submission, its consent record and the consent's timeline event, in one statement. */
async function recordSubmission(tx: Db, values: typeof leadSubmissions.$inferInsert, consent: SignupConsent, actor: SignupRecord['actor']): Promise<string> {
  const insert = tx.insert(leadSubmissions).values(values).returning({ id: leadSubmissions.id, contact_id: leadSubmissions.contact_id });
  const [row] = rowsOf<{ id: string }>(await tx.execute(sql`with ${submissionRecording(insert.getSQL(), values.contact_id, consent, actor)} select id from submitted`));
  return row!.id;
}

export interface CaptureOptions {
  /**
   * false: a filled honeypot. Every statement of a real sign-up runs, in its transaction, and the
   * transaction is rolled back: nothing is kept, and the bot waits exactly as long as a person.
   */
  keep?: boolean;
}

/**
 * The made-up sign-up of a filled honeypot, when a real one would have queued a sync: its
 * submission id and when its pretend sync ends (DECOY_SYNC_MS from now). Decoys older than a day go
 * in the same statement.
 */
export async function recordDecoy(db: Db, submissionId: string): Promise<void> {
  const syncMs = DECOY_SYNC_MS.min + Math.random() * (DECOY_SYNC_MS.max - DECOY_SYNC_MS.min);
  await db.execute(sql`
    with pruned as (delete from ${leadDecoys} where ${leadDecoys.created_at} < now() - interval '1 day')
    insert into ${leadDecoys} (id, synced_after) values (${submissionId}::uuid, now() + ${Math.round(syncMs)} * interval '1 millisecond')`);
}

/**
 * The sign-up's error codes (LEAD_ERROR_CODES), decided on the database's own error (never on the query text, which
 * holds what the visitor typed): a duplicate key, then any violated constraint, then anything else.
 */
function toSignupError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const m = LEAD_MESSAGES.en;
  const dbError = databaseErrorOf(error);
  if (dbError?.code === '23505' || /duplicate key/i.test(dbError?.message ?? '')) {
    return new AppError(409, LEAD_ERROR_CODES.emailRegistered, m.emailRegistered);
  }
  if (dbError?.message.includes('violates')) return new AppError(400, LEAD_ERROR_CODES.invalidData, m.invalidData);
  return new AppError(500, LEAD_ERROR_CODES.failed, m.generic, undefined, { cause: error });
}

/** The PostgreSQL error (it has a five-character SQLSTATE code) inside the driver's and drizzle's wrappers. */
function databaseErrorOf(error: unknown): { code: string; message: string } | undefined {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return { code: e.code, message: String(e.message ?? '') };
  }
  return undefined;
}

/**
 * Whether the sync a submission queued has finished (done, or given up: a sign-up never fails
 * because of Kit). A filled honeypot's made-up id reads like a real one: waiting until its pretend
 * sync ends, and while sign-ups queued before it still wait their turn. An id we never gave has
 * nothing waiting, so it answers the same as a finished one.
 */
export async function submissionSyncState(db: Db, kitSync: LeadKitSync | undefined, submissionId: string): Promise<{ synced: boolean }> {
  const [row] = rowsOf<{ contact_id: string | null; created_at: string | Date | null; pretending: boolean | null }>(
    await db.execute(sql`
      select contact_id, null::timestamptz as created_at, null::boolean as pretending from ${leadSubmissions} where id = ${submissionId}::uuid
      union all
      select null, ${leadDecoys.created_at}, ${leadDecoys.synced_after} > now() from ${leadDecoys} where id = ${submissionId}::uuid`),
  );
  if (!row || !kitSync) return { synced: true };
  if (row.contact_id) return { synced: !(await kitSync.isPending(db, row.contact_id)) };
  return { synced: !row.pretending && !(await kitSync.isQueueBusySince(db, new Date(row.created_at!))) };
}

/** Sign-ups per landing page since `since`, for the pages' figures (pages without any are absent). */
export async function countSubmissionsByPage(db: Db, pageIds: string[], since: Date): Promise<Map<string, number>> {
  if (pageIds.length === 0) return new Map();
  const rows = await db
    .select({ page_id: leadSubmissions.landing_page_id, count: sql<number>`count(*)`.mapWith(Number) })
    .from(leadSubmissions)
    .where(and(inArray(leadSubmissions.landing_page_id, pageIds), gte(leadSubmissions.created_at, since)))
    .groupBy(leadSubmissions.landing_page_id);
  return new Map(rows.map((r) => [r.page_id!, r.count]));
}

/**
 * A landing page's form: creates the contact (source landing_page,
 * status lead) or updates the known one with what the visitor gave, and records the submission with
 * its page, in one transaction. One upsert on lower(email), so two simultaneous submissions make one contact.
 */
export async function captureLandingPageLead(
  db: Db,
  {
    pageId,
    pageTitle,
    fields,
    url_parameters,
    consent,
  }: { pageId: string; pageTitle: string; fields: Record<string, string>; url_parameters: Record<string, string>; consent: SignupConsent },
  { keep = true }: CaptureOptions = {},
): Promise<void> {
  const email = fields.email!.trim().toLowerCase();
  const given = Object.fromEntries(LANDING_PAGE_CONTACT_FIELDS.map((name) => [name, fields[name]?.trim() || null])) as LandingPageContactFields;
  if (given.full_name && !given.first_name && !given.last_name) Object.assign(given, splitFullName(given.full_name));
  try {
    await rehearsable(db, keep, async (tx) => {
      const actor = { kind: 'form', form: 'landing_page', page_id: pageId, page_title: pageTitle } as const;
      const contact = await upsertLandingPageContact(tx, { email, fields: given, url_parameters }, { actor, form_data: fields });
      await recordSubmission(tx, { contact_id: contact.id, landing_page_id: pageId, form_data: { ...fields, url_parameters } }, consent, actor);
    });
    if (keep) countSignup('landing_page');
  } catch (error) {
    throw toSignupError(error);
  }
}

/** A contact's sign-ups, oldest first (the privacy export hands them to the person). */
export async function submissionsOfContact(db: Db, contactId: string) {
  return db
    .select({ id: leadSubmissions.id, landing_page_id: leadSubmissions.landing_page_id, form_data: leadSubmissions.form_data, created_at: leadSubmissions.created_at })
    .from(leadSubmissions)
    .where(sql`${leadSubmissions.contact_id} = ${contactId}`)
    .orderBy(leadSubmissions.created_at, leadSubmissions.id);
}
