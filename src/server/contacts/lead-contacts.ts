import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ContactSource } from '../../shared/contacts.ts';
import { CONTACT_FIELDS, leadFormContactFields, type LeadFormContactField } from '../../shared/contacts/fields.ts';
import type { ContactEventActor } from '../../shared/contacts/timeline.ts';
import type { Db } from '../db/client.ts';
import { insertSelected } from '../db/sql-helpers.ts';
import { changeEvents, contactEventFor, contactEventsInsert, createdEvent, recordContactEvents, type NewContactEvent } from './events.ts';
import { contacts } from './schema.ts';

/*
 * The contact side of public sign-ups: parts of the sign-up's own statement (newLeadContact,
 * knownLeadContact), or steps of its transaction (upsertLeadContact, upsertLandingPageContact); see
 * leads/service.ts. Each records itself on the contact's timeline in the same statement or transaction.
 */

type Contact = typeof contacts.$inferSelect;

/** What the timeline keeps of a sign-up: which form, what was sent, with which URL parameters. */
export interface SignupRecord {
  actor: Extract<ContactEventActor, { kind: 'form' }>;
  form_data: Record<string, unknown>;
}

export interface LeadContactInput {
  /** Already normalised (trimmed, lower case). */
  email: string;
  full_name: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  source: ContactSource;
  /** The campaign's tag (it must exist in the tag list). */
  tag: string;
  url_parameters: Record<string, string>;
}

/** The contact with this email (any case; `email` is normalised): as it is now, or with `lock` locked until the transaction ends. */
export async function leadContactByEmail(db: Db, email: string, { lock = false } = {}): Promise<Contact | undefined> {
  const query = db.select().from(contacts).where(sql`lower(${contacts.email}) = ${email}`);
  return (lock ? await query.for('update') : await query)[0];
}

/**
 * The CTEs `inserted` (the id of the contact `insert` writes; none when the email is known) and
 * `recorded` (its 'created' event, from the values inserted: what they leave out is empty in the row too).
 */
function creation(insert: SQL, values: typeof contacts.$inferInsert, signup: SignupRecord, url_parameters: Record<string, string>): SQL {
  const { actor, data } = createdEvent({ ...values, id: '' } as Contact, signup.actor, { form_data: signup.form_data, url_parameters });
  return sql`inserted as (${insert} on conflict do nothing returning ${contacts.id}),
    recorded as (${contactEventFor(sql`select id as contact_id from inserted`, actor, data)})`;
}

/**
 * A new contact with `values` and its 'created' event, or the one with this email, locked until the
 * sign-up commits. The insert is one statement on the unique index over lower(email), so
 * simultaneous sign-ups with one email make one contact: the second waits for the first and then
 * finds its row. A new email (most sign-ups) is one statement: the event is written by the insert's
 * own statement, from the values inserted (what they leave out is empty in the row too).
 */
async function findOrCreate(tx: Db, values: typeof contacts.$inferInsert, signup: SignupRecord, url_parameters: Record<string, string>): Promise<{ id: string } | { existing: Contact }> {
  const insert = tx.insert(contacts).values(values).getSQL();
  const [inserted] = (
    (await tx.execute(sql`with ${creation(insert, values, signup, url_parameters)} select id from inserted`)) as unknown as { rows: Array<{ id: string }> }
  ).rows;
  if (inserted) return { id: inserted.id };
  const existing = await leadContactByEmail(tx, values.email, { lock: true });
  if (!existing) throw new Error('the contact vanished inside its own sign-up transaction');
  return { existing };
}

/**
 * What a sign-up does to a known contact: its new values (`changed`: any differ) and the timeline's
 * record of the sign-up with what it changed: nothing a public form does goes unseen.
 */
function signupOf(before: Contact, next: Partial<Contact>, signup: SignupRecord, url_parameters: Record<string, string>) {
  const changes = changeEvents(before, { ...before, ...next }, before.id, signup.actor);
  const events: NewContactEvent[] = [{ contact_id: before.id, actor: signup.actor, data: { type: 'signed_up', form_data: signup.form_data, url_parameters } }, ...changes];
  return { changed: changes.length > 0, events };
}

async function applySignup(tx: Db, before: Contact, next: Partial<Contact>, signup: SignupRecord, url_parameters: Record<string, string>): Promise<void> {
  const { changed, events } = signupOf(before, next, signup, url_parameters);
  if (changed) await tx.update(contacts).set({ ...next, updated_at: sql`now()` }).where(eq(contacts.id, before.id));
  await recordContactEvents(tx, events);
}

/**
 * A campaign sign-up's new values for a known contact:
 * - without the tag: add the tag, keep its phone unless a new one is given, store the URL parameters;
 * - with the tag: only store the URL parameters, when there are any.
 */
function leadSignupValues(contact: Contact, { tag, phone, url_parameters }: LeadContactInput): { next: Partial<Contact>; newly_tagged: boolean } {
  const newly_tagged = !contact.tags.includes(tag);
  const params = { ...contact.url_parameters, ...url_parameters };
  return { newly_tagged, next: newly_tagged ? { tags: [...contact.tags, tag], phone: phone ?? contact.phone, url_parameters: params } : { url_parameters: params } };
}

const leadContactValues = (input: LeadContactInput) => ({
  email: input.email,
  full_name: input.full_name,
  first_name: input.first_name,
  last_name: input.last_name,
  phone: input.phone,
  source: input.source,
  status: 'lead' as const,
  tags: [input.tag],
  url_parameters: input.url_parameters,
});

/**
 * A campaign sign-up of an email no contact has, for a statement of the caller's own: the CTEs
 * `inserted` (the new contact's id, `id`; none when the email is known or `source` has no row) and
 * `recorded` (its 'created' event, returning its contact_id). What the statement writes next goes on
 * from `recorded`, so its events follow the 'created' one.
 */
export function newLeadContact(id: string, input: LeadContactInput, signup: SignupRecord, source: SQL): SQL {
  const values = { id, ...leadContactValues(input) };
  return creation(insertSelected(contacts, values, source), values, signup, input.url_parameters);
}

/**
 * A campaign sign-up of the known contact `before`, for a statement of the caller's own: the CTE
 * `current` (its id, locked, when `source` has a row and the contact still holds the values this
 * sign-up changes as `before` read them; else none), then its update and `recorded`, its timeline
 * events (returning their contact_id), which happen only with `current`. What the statement writes
 * next goes on from `recorded`, so its events follow these.
 */
export function knownLeadContact(db: Db, before: Contact, input: LeadContactInput, signup: SignupRecord, source: SQL): { ctes: SQL; newly_tagged: boolean } {
  const { next, newly_tagged } = leadSignupValues(before, input);
  const { changed, events } = signupOf(before, next, signup, input.url_parameters);
  const current = sql`exists (select 1 from current)`;
  const unchanged = Object.keys(next).map((key) => {
    const column = contacts[key as keyof typeof next & keyof typeof contacts.$inferSelect] as AnyPgColumn;
    return sql` and ${column} is not distinct from ${sql.param(before[key as keyof Contact], column)}::${sql.raw(column.getSQLType())}`;
  });
  const update = db.update(contacts).set({ ...next, updated_at: sql`now()` }).where(and(eq(contacts.id, before.id), current));
  const ctes = sql`current as (
      select ${contacts.id} from ${contacts} where ${contacts.id} = ${before.id}::uuid${sql.join(unchanged)} and exists (select 1 from ${source}) for update
    ),${changed ? sql`
    updated as (${update.getSQL()}),` : sql``}
    recorded as (${contactEventsInsert(events, { when: current, returning: true })})`;
  return { ctes, newly_tagged };
}

/**
 * A campaign sign-up:
 * - no contact with the email: create it (status lead, the source and the tag);
 * - a contact without the tag: add the tag, keep its phone unless a new one is given, store the URL parameters;
 * - a contact with the tag: only store the URL parameters, when there are any.
 */
export async function upsertLeadContact(
  tx: Db,
  input: LeadContactInput,
  signup: SignupRecord,
): Promise<{ id: string; created: boolean; newly_tagged: boolean }> {
  const found = await findOrCreate(tx, leadContactValues(input), signup, input.url_parameters);
  if ('id' in found) return { id: found.id, created: true, newly_tagged: false };
  const { next, newly_tagged } = leadSignupValues(found.existing, input);
  await applySignup(tx, found.existing, next, signup, input.url_parameters);
  return { id: found.existing.id, created: false, newly_tagged };
}

/** The fields of a landing page's form that a contact has, besides its email (the rest stay in the submission only). */
export const LANDING_PAGE_CONTACT_FIELDS: ReadonlyArray<LeadFormContactField['name']> = leadFormContactFields(CONTACT_FIELDS).map((field) => field.name);
export type LandingPageContactFields = Record<LeadFormContactField['name'], string | null>;

/**
 * A landing page's form (email required, every other field optional): creates the contact (source landing_page,
 * status lead) or updates the known one with what the visitor gave (a field left empty keeps its value).
 */
export async function upsertLandingPageContact(
  tx: Db,
  { email, fields, url_parameters }: { email: string; fields: LandingPageContactFields; url_parameters: Record<string, string> },
  signup: SignupRecord,
): Promise<{ id: string }> {
  const found = await findOrCreate(tx, { email, ...fields, source: 'landing_page', status: 'lead', url_parameters }, signup, url_parameters);
  if ('id' in found) return { id: found.id };
  const contact = found.existing;
  const given = Object.fromEntries(LANDING_PAGE_CONTACT_FIELDS.map((f) => [f, fields[f] ?? contact[f]]));
  await applySignup(tx, contact, { ...given, url_parameters: { ...contact.url_parameters, ...url_parameters } }, signup, url_parameters);
  return { id: contact.id };
}
