import { and, count, desc, eq, getTableColumns, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { CONTACT_MESSAGES, type ContactValues } from '../../shared/contacts/form.ts';
import {
  searchTerms,
  TOTAL_CAP_SHORT_SEARCH,
  PREFIX_SEARCH_MAX,
  type ContactFilters,
  type ContactListQuery,
} from '../../shared/contacts/list.ts';
import type { ContactListResponse, ContactStats } from '../../shared/contacts/api.ts';
import type { ContactEventActor } from '../../shared/contacts/timeline.ts';
import type { ContactSelection } from '../../shared/contacts/bulk.ts';
import type { Db } from '../db/client.ts';
import { changeEvents, createdEvent, recordContactEvents } from './events.ts';
import { contacts } from './schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import { lockTagNames } from '../tags/service.ts';
import { afterCursor, contactFilterWhere, cursorColumns, decodeCursor, encodeCursor, orderBy, resolveOrder, selectionWhere, sortKeys } from './query.ts';
import { isUniqueViolation, isUuid } from '../db/sql-helpers.ts';

export type Contact = typeof contacts.$inferSelect;

export const EMAIL_UNIQUE = 'contacts_email_lower_key';
const emailTaken = () => new AppError(409, 'email_taken', CONTACT_MESSAGES.emailTaken, { email: CONTACT_MESSAGES.emailTaken });
const contactNotFound = () => notFound(CONTACT_MESSAGES.notFound);

export async function getContactById(db: Db, id: string): Promise<Contact | undefined> {
  if (!isUuid(id)) return undefined;
  const [contact] = await db.select().from(contacts).where(eq(contacts.id, id));
  return contact;
}

/** Records the Kit subscriber id (null: Kit has no such subscriber). Undefined when the contact is gone. */
export async function setContactKitId(db: Db, id: string, kitId: number | null): Promise<Contact | undefined> {
  if (!isUuid(id)) return undefined;
  const [contact] = await db.update(contacts).set({ kit_id: kitId, updated_at: sql`now()` }).where(eq(contacts.id, id)).returning();
  return contact;
}

/** The email of each of these contacts (a deleted one is absent). */
export async function getContactEmails(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: contacts.id, email: contacts.email }).from(contacts).where(inArray(contacts.id, ids));
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** Tags come only from the configured list; they stay locked until the contact is written. */
async function requireKnownTags(tx: Db, names: string[]): Promise<void> {
  const known = await lockTagNames(tx, names);
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    const message = CONTACT_MESSAGES.tagsUnknown(unknown);
    throw new AppError(400, 'validation', message, { tags: message });
  }
}

export async function createContact(db: Db, values: ContactValues, actor: ContactEventActor): Promise<Contact> {
  return db.transaction(async (tx) => {
    await requireKnownTags(tx, values.tags);
    const [contact] = await tx.insert(contacts).values(values).onConflictDoNothing().returning();
    if (!contact) throw emailTaken();
    await recordContactEvents(tx, [createdEvent(contact, actor)]);
    return contact;
  });
}

/** Replaces every form field; url_parameters and kit_id are never touched here. The timeline gets what changed. */
export async function updateContact(db: Db, id: string, values: ContactValues, actor: ContactEventActor): Promise<Contact> {
  if (!isUuid(id)) throw contactNotFound();
  try {
    return await db.transaction(async (tx) => {
      await requireKnownTags(tx, values.tags);
      const [before] = await tx.select().from(contacts).where(eq(contacts.id, id)).for('update');
      if (!before) throw contactNotFound();
      const [contact] = await tx
        .update(contacts)
        .set({ ...values, updated_at: sql`now()` })
        .where(eq(contacts.id, id))
        .returning();
      await recordContactEvents(tx, changeEvents(before, contact!, id, actor));
      return contact!;
    });
  } catch (error) {
    if (isUniqueViolation(error, EMAIL_UNIQUE)) throw emailTaken();
    throw error;
  }
}

export async function deleteContact(db: Db, id: string): Promise<void> {
  if (!isUuid(id)) throw contactNotFound();
  const deleted = await db.delete(contacts).where(eq(contacts.id, id)).returning({ id: contacts.id });
  if (deleted.length === 0) throw contactNotFound();
}

export async function getContactStats(db: Db): Promise<ContactStats> {
  // One scan for all three figures (measured faster on PGlite than GROUP BY status).
  const [row] = await db
    .select({
      total: count(),
      customers: sql<number>`count(*) filter (where ${contacts.status} = 'customer')`.mapWith(Number),
      prospects: sql<number>`count(*) filter (where ${contacts.status} = 'prospect')`.mapWith(Number),
    })
    .from(contacts);
  return row!;
}

/** The dashboard's contact figures: all contacts, those created in the last `days`, and the newest of those. */
export async function getRecentContactFigures(db: Db, { days, limit }: { days: number; limit: number }) {
  const since = sql`now() - make_interval(days => ${days})`;
  const [[total], [recent], recentContacts] = await Promise.all([
    db.select({ n: count() }).from(contacts),
    // Its own query, so the created_at index answers it (a filter inside the total's scan tests every row).
    db.select({ n: count() }).from(contacts).where(gte(contacts.created_at, since)),
    db
      .select({
        id: contacts.id,
        email: contacts.email,
        first_name: contacts.first_name,
        last_name: contacts.last_name,
        full_name: contacts.full_name,
        source: contacts.source,
        created_at: contacts.created_at,
      })
      .from(contacts)
      .where(gte(contacts.created_at, since))
      // NULLS LAST matches contacts_created_at_idx, so this reads `limit` index entries.
      .orderBy(sql`${contacts.created_at} desc nulls last`, desc(contacts.id))
      .limit(limit),
  ]);
  return { total: total!.n, recent: recent!.n, recent_contacts: recentContacts };
}

type Page = Array<Contact & { cursor: string[] }>;

function fetchPage(db: Db, where: SQL | undefined, keys: ReturnType<typeof sortKeys>, after: string[] | undefined, limit: number): Promise<Page> {
  // The inner query picks the rows; the outer one computes their cursors. Computed in one query,
  // PostgreSQL would format the cursor of every row it sorts, not only of the rows it returns.
  // Aliased "contacts", the page answers to the same column references as the table.
  const page = db
    .select()
    .from(contacts)
    .where(and(where, after ? afterCursor(keys, after) : undefined))
    .orderBy(...orderBy(keys))
    .limit(limit)
    .as('contacts');
  return db
    .select({ ...getTableColumns(contacts), cursor: cursorColumns(keys) })
    .from(page)
    .orderBy(...orderBy(keys));
}

const withoutCursor = ({ cursor: _cursor, ...contact }: Page[number]): Contact => contact;

/** How many contacts match; with a short term (PREFIX_SEARCH_MAX), counting stops at a cap. */
export async function countContacts(db: Db, filters: ContactFilters): Promise<{ total: number; total_capped: boolean }> {
  const where = contactFilterWhere(filters);
  if (!searchTerms(filters.search).some((term) => term.length <= PREFIX_SEARCH_MAX)) {
    const [row] = await db.select({ n: count() }).from(contacts).where(where);
    return { total: row!.n, total_capped: false };
  }
  const matches = db.select({ one: sql`1` }).from(contacts).where(where).limit(TOTAL_CAP_SHORT_SEARCH + 1).as('matches');
  const [row] = await db.select({ n: count() }).from(matches);
  return { total: Math.min(row!.n, TOTAL_CAP_SHORT_SEARCH), total_capped: row!.n > TOTAL_CAP_SHORT_SEARCH };
}

/**
 * One page of the list (keyset pagination: a deep page costs what the first one does). The total
 * comes with the first page only: it is the one expensive part, and the screen needs it once per view.
 */
export async function listContacts(db: Db, query: ContactListQuery): Promise<Omit<ContactListResponse, 'contacts'> & { contacts: Contact[] }> {
  const { sort, order } = resolveOrder(query);
  const keys = sortKeys(sort, order);
  const after = query.cursor ? decodeCursor(query.cursor, sort, order) : undefined;
  const [rows, totals] = await Promise.all([
    fetchPage(db, contactFilterWhere(query), keys, after, query.limit + 1),
    after ? { total: null, total_capped: false } : countContacts(db, query),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    contacts: page.map(withoutCursor),
    ...totals,
    next_cursor: rows.length > query.limit && last ? encodeCursor(sort, order, last.cursor) : null,
  };
}

/** Every contact of a selection in the list's order, a batch at a time (for the CSV export). */
export async function* contactBatches(db: Db, selection: ContactSelection, ordering: Pick<ContactFilters, 'sort' | 'order'>, batchSize = 1000): AsyncGenerator<Contact[]> {
  const { sort, order } = resolveOrder(ordering);
  const keys = sortKeys(sort, order);
  const where = selectionWhere(selection);
  let after: string[] | undefined;
  for (;;) {
    const rows = await fetchPage(db, where, keys, after, batchSize);
    if (rows.length > 0) yield rows.map(withoutCursor);
    if (rows.length < batchSize) return;
    after = rows.at(-1)!.cursor;
  }
}

/** The ids of a selection's contacts, as a subquery: Kit's bulk sync queues them all in one statement. */
export const selectedContactIds = (selection: ContactSelection) =>
  sql`select ${contacts.id} from ${contacts} where ${selectionWhere(selection) ?? sql`true`}`;

/** Of a selection, the contacts a sync must leave alone: Kit says they unsubscribed, bounced or complained. */
export const selectedFinalKitStateIds = (selection: ContactSelection) =>
  sql`select ${contacts.id} from ${contacts} where ${selectionWhere(selection) ?? sql`true`} and ${contacts.kit_state} in ('cancelled', 'bounced', 'complained')`;

// Contacts store tag names: the tags service renames or removes a tag on every contact inside its own transaction.
export { removeTagFromContacts, renameTagOnContacts } from './tag-names.ts';

// Public sign-ups create or update contacts inside the leads feature's transaction.
export {
  knownLeadContact,
  LANDING_PAGE_CONTACT_FIELDS,
  leadContactByEmail,
  newLeadContact,
  upsertLandingPageContact,
  upsertLeadContact,
  type LandingPageContactFields,
  type LeadContactInput,
  type SignupRecord,
} from './lead-contacts.ts';

// The contact page's timeline; Kit records each sync's result there.
export { contactEventFor, contactEventsInsert, listContactEvents, recordKitSyncEvent, type NewContactEvent } from './events.ts';
export { applyKitStates, type AppliedKitState, type KitStateReport } from './kit-state.ts';
// Kit's webhook events find (or make) the contacts of Kit's subscribers and set the tags Kit reports.
export { contactsForKitSubscribers, KIT_SUBSCRIBER_ERASED, setTagOnContacts, type KitSubscriberContacts, type KitSubscriberRef } from './kit-subscribers.ts';
// An import from Kit and its reconciliation passes write Kit's subscribers as contacts.
export { addTagsByKitId, writeKitContacts, type KitContactInput, type KitContactsWritten } from './kit-import.ts';
// An erasure (privacy feature) deletes contacts and their traces in its own transaction.
export { deleteContactsForErasure, type ErasedContact } from './erase.ts';

/** Running CSV imports' and bulk actions' progress, for the metrics. */
export { runningJobsProgress, type RunningJobsProgress } from './job-stats.ts';
