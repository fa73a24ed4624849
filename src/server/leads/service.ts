import { and, gte, inArray, sql } from 'drizzle-orm';
import { LEAD_CAMPAIGNS, type LeadCampaign } from '../../shared/leads/campaigns.ts';
import { KIT_DEFAULT_TAG } from '../../shared/tags/api.ts';
import { splitFullName } from '../../shared/leads/form.ts';
import { LEAD_ERROR_CODES, LEAD_MESSAGES } from '../../shared/leads/messages.ts';
import type { Db } from '../db/client.ts';
import { countSignup } from '../metrics/service.ts';
import { leadDecoys, leadSubmissions } from './schema.ts';
import { consentRecordInsert, type SignupConsent } from '../privacy/service.ts';
import { AppError } from '../http/errors.ts';
import { campaignTagFor } from './campaign-tags.ts';
import {
  contactEventsInsert,
  LANDING_PAGE_CONTACT_FIELDS,
  upsertLandingPageContact,
  upsertLeadContact,
  type LandingPageContactFields,
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
class RolledBack extends Error {
  constructor(readonly result: unknown) {
    super('rolled back on purpose');
  }
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * A public sign-up, in one transaction: the campaign tag exists, the contact
 * is created or tagged (upsertLeadContact: one statement, so simultaneous sign-ups with one email
 * make one contact and add the tag once), and the submission is recorded.
 *
 * Every sign-up queues a sync to Kit (when a key is saved), a known contact's too: only new and
 * newly tagged contacts need one, but the visitor's modal waits for that sync, and a modal that
 * finished at once for known emails would tell anyone who is on the list. Kit's upsert and tagging
 * are idempotent, so the extra sync changes nothing there.
 */
export async function captureLead(
  db: Db,
  input: LeadInput,
  queueKitSync?: LeadKitSync['queue'],
  { keep = true }: CaptureOptions = {},
): Promise<LeadCapture & { kit_sync_queued: boolean }> {
  const { source } = LEAD_CAMPAIGNS[input.campaign];
  const { first_name, last_name } = splitFullName(input.full_name);
  try {
    const captured = await db.transaction(async (tx) => {
      // Contacts carry only tags from the tag list: the campaign's bound tag, made on first use.
      const tag = (await campaignTagFor(tx, input.campaign)).name;
      const contact = await upsertLeadContact(tx, {
        email: input.email,
        full_name: input.full_name,
        first_name,
        last_name,
        phone: input.phone,
        source,
        tag,
        url_parameters: input.url_parameters,
      }, { actor: { kind: 'form', form: input.campaign, page_id: null, page_title: null }, form_data: input.form_data });
      const submissionId = await recordSubmission(
        tx,
        { contact_id: contact.id, form_data: input.form_data },
        input.consent,
        { kind: 'form', form: input.campaign, page_id: null, page_title: null },
      );
      const capture: LeadCapture = {
        contact_id: contact.id,
        submission_id: submissionId,
        created: contact.created,
        newly_tagged: contact.newly_tagged,
        tag,
        kit_tag_names: [tag, KIT_DEFAULT_TAG],
      };
      const kitSyncQueued = queueKitSync ? await queueKitSync(tx, capture) : false;
      const result = { ...capture, kit_sync_queued: kitSyncQueued };
      if (!keep) throw new RolledBack(result);
      return result;
    });
    countSignup(input.campaign);
    return captured;
  } catch (error) {
    if (error instanceof RolledBack) return error.result as LeadCapture & { kit_sync_queued: boolean };
    throw toSignupError(error);
  }
}

/**
 * The submission, its consent record and the consent's timeline event, in one statement: a
 * sign-up's round trips stay as they were.
 */
async function recordSubmission(
  tx: Db,
  values: typeof leadSubmissions.$inferInsert,
  consent: SignupConsent,
  actor: SignupRecord['actor'],
): Promise<string> {
  const insert = tx.insert(leadSubmissions).values(values).returning({ id: leadSubmissions.id });
  const event = contactEventsInsert([
    {
      contact_id: values.contact_id,
      actor,
      data: { type: 'consent_given', kind: consent.kind, version: consent.version, language: consent.language, page_url: consent.page_url, double_opt_in: consent.kit_form_id !== null },
    },
  ]);
  const result = (await tx.execute(sql`
    with submitted as (${insert.getSQL()}),
    consented as (${consentRecordInsert(sql`submitted`, values.contact_id, consent)}),
    noted as (${event})
    select id from submitted`)) as unknown as { rows: Array<{ id: string }> };
  return result.rows[0]!.id;
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
    await db.transaction(async (tx) => {
      const actor = { kind: 'form', form: 'landing_page', page_id: pageId, page_title: pageTitle } as const;
      const contact = await upsertLandingPageContact(tx, { email, fields: given, url_parameters }, { actor, form_data: fields });
      await recordSubmission(tx, { contact_id: contact.id, landing_page_id: pageId, form_data: { ...fields, url_parameters } }, consent, actor);
      if (!keep) throw new RolledBack(undefined);
    });
    countSignup('landing_page');
  } catch (error) {
    if (error instanceof RolledBack) return;
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
