import { and, gte, inArray, sql } from 'drizzle-orm';
import { LEAD_CAMPAIGNS, type LeadCampaign } from '../../shared/leads/campaigns.ts';
import { KIT_DEFAULT_TAG } from '../../shared/tags/api.ts';
import { splitFullName } from '../../shared/leads/form.ts';
import { LEAD_ERROR_CODES, LEAD_MESSAGES } from '../../shared/leads/messages.ts';
import type { Db } from '../db/client.ts';
import { leadSubmissions } from './schema.ts';
import { AppError } from '../http/errors.ts';
import { campaignTagFor } from './campaign-tags.ts';
import {
  LANDING_PAGE_CONTACT_FIELDS,
  upsertLandingPageContact,
  upsertLeadContact,
  type LandingPageContactFields,
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
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * A public sign-up (spec 002, section 4), in one transaction: the campaign tag exists, the contact
 * is created or tagged (upsertLeadContact: one statement, so simultaneous sign-ups with one email
 * make one contact and add the tag once), and the submission is recorded.
 *
 * Every sign-up queues a sync to Kit (when a key is saved), a known contact's too: the spec syncs
 * only new and newly tagged contacts, but the visitor's modal waits for that sync, and a modal that
 * finished at once for known emails would tell anyone who is on the list. Kit's upsert and tagging
 * are idempotent, so the extra sync changes nothing there.
 */
export async function captureLead(
  db: Db,
  input: LeadInput,
  queueKitSync?: LeadKitSync['queue'],
): Promise<LeadCapture & { kit_sync_queued: boolean }> {
  const { source } = LEAD_CAMPAIGNS[input.campaign];
  const { first_name, last_name } = splitFullName(input.full_name);
  try {
    return await db.transaction(async (tx) => {
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
      const [submission] = await tx
        .insert(leadSubmissions)
        .values({ contact_id: contact.id, form_data: input.form_data })
        .returning({ id: leadSubmissions.id });
      const capture: LeadCapture = {
        contact_id: contact.id,
        submission_id: submission!.id,
        created: contact.created,
        newly_tagged: contact.newly_tagged,
        tag,
        kit_tag_names: [tag, KIT_DEFAULT_TAG],
      };
      const kitSyncQueued = queueKitSync ? await queueKitSync(tx, capture) : false;
      return { ...capture, kit_sync_queued: kitSyncQueued };
    });
  } catch (error) {
    throw toSignupError(error);
  }
}

/**
 * The spec's error catalogue, decided on the database's own error (never on the query text, which
 * holds what the visitor typed): a duplicate key, then any violated constraint, then anything else.
 */
export function toSignupError(error: unknown): AppError {
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
 * because of Kit). An unknown id has nothing waiting either, so it answers the same as a finished
 * one: the honeypot's made-up id cannot be told from a real one.
 */
export async function submissionSyncState(db: Db, kitSync: LeadKitSync | undefined, submissionId: string): Promise<{ synced: boolean }> {
  const [row] = rowsOf<{ contact_id: string }>(
    await db.execute(sql`select contact_id from lead_submissions where id = ${submissionId}::uuid`),
  );
  return { synced: !row || !kitSync || !(await kitSync.isPending(db, row.contact_id)) };
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
 * A landing page's form (spec 002, "Viewer html form"): creates the contact (source landing_page,
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
  }: { pageId: string; pageTitle: string; fields: Record<string, string>; url_parameters: Record<string, string> },
): Promise<void> {
  const email = fields.email!.trim().toLowerCase();
  const given = Object.fromEntries(LANDING_PAGE_CONTACT_FIELDS.map((name) => [name, fields[name]?.trim() || null])) as LandingPageContactFields;
  if (given.full_name && !given.first_name && !given.last_name) Object.assign(given, splitFullName(given.full_name));
  try {
    await db.transaction(async (tx) => {
      const contact = await upsertLandingPageContact(
        tx,
        { email, fields: given, url_parameters },
        { actor: { kind: 'form', form: 'landing_page', page_id: pageId, page_title: pageTitle }, form_data: fields },
      );
      await tx.insert(leadSubmissions).values({ contact_id: contact.id, landing_page_id: pageId, form_data: { ...fields, url_parameters } });
    });
  } catch (error) {
    throw toSignupError(error);
  }
}
