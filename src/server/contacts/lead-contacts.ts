import { eq, sql } from 'drizzle-orm';
import type { ContactSource } from '../../shared/contacts.ts';
import { CONTACT_FIELDS, leadFormContactFields, type LeadFormContactField } from '../../shared/contacts/fields.ts';
import type { ContactEventActor } from '../../shared/contacts/timeline.ts';
import type { Db } from '../db/client.ts';
import { changeEvents, createdEvent, recordContactEvents } from './events.ts';
import { contactEvents, contacts } from './schema.ts';

/*
 * The contact side of public sign-ups (leads/service.ts runs them inside its sign-up transaction).
 * Each records itself on the contact's timeline in the same transaction.
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

const lockByEmail = async (tx: Db, email: string): Promise<Contact | undefined> =>
  (await tx.select().from(contacts).where(sql`lower(${contacts.email}) = ${email}`).for('update'))[0];

/**
 * A new contact with `values` and its 'created' event, or the one with this email, locked until the
 * sign-up commits. The insert is one statement on the unique index over lower(email), so
 * simultaneous sign-ups with one email make one contact: the second waits for the first and then
 * finds its row. A new email (most sign-ups) is one statement: the event is written by the insert's
 * own statement, from the values inserted (what they leave out is empty in the row too).
 */
async function findOrCreate(tx: Db, values: typeof contacts.$inferInsert, signup: SignupRecord, url_parameters: Record<string, string>): Promise<{ id: string } | { existing: Contact }> {
  const insert = tx.insert(contacts).values(values).onConflictDoNothing().returning({ id: contacts.id });
  const { actor, data } = createdEvent({ ...values, id: '' } as Contact, signup.actor, { form_data: signup.form_data, url_parameters });
  const [inserted] = (
    (await tx.execute(sql`
      with inserted as (${insert.getSQL()}),
      recorded as (
        insert into ${contactEvents} (contact_id, type, actor, data)
        select id, 'created', ${JSON.stringify(actor)}::jsonb, ${JSON.stringify(data)}::jsonb from inserted
      )
      select id from inserted`)) as unknown as { rows: Array<{ id: string }> }
  ).rows;
  if (inserted) return { id: inserted.id };
  const existing = await lockByEmail(tx, values.email);
  if (!existing) throw new Error('the contact vanished inside its own sign-up transaction');
  return { existing };
}

/**
 * Writes a known contact's new values (when any differ) and records the sign-up on its timeline,
 * with what it changed: nothing a public form does goes unseen.
 */
async function applySignup(tx: Db, before: Contact, next: Partial<Contact>, signup: SignupRecord, url_parameters: Record<string, string>): Promise<void> {
  const after = { ...before, ...next };
  const changes = changeEvents(before, after, before.id, signup.actor);
  if (changes.length > 0) await tx.update(contacts).set({ ...next, updated_at: sql`now()` }).where(eq(contacts.id, before.id));
  await recordContactEvents(tx, [
    { contact_id: before.id, actor: signup.actor, data: { type: 'signed_up', form_data: signup.form_data, url_parameters } },
    ...changes,
  ]);
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
  const { email, tag, url_parameters } = input;
  const found = await findOrCreate(
    tx,
    {
      email,
      full_name: input.full_name,
      first_name: input.first_name,
      last_name: input.last_name,
      phone: input.phone,
      source: input.source,
      status: 'lead',
      tags: [tag],
      url_parameters,
    },
    signup,
    url_parameters,
  );
  if ('id' in found) return { id: found.id, created: true, newly_tagged: false };
  const contact = found.existing;
  const newlyTagged = !contact.tags.includes(tag);
  const params = { ...contact.url_parameters, ...url_parameters };
  await applySignup(
    tx,
    contact,
    newlyTagged ? { tags: [...contact.tags, tag], phone: input.phone ?? contact.phone, url_parameters: params } : { url_parameters: params },
    signup,
    url_parameters,
  );
  return { id: contact.id, created: false, newly_tagged: newlyTagged };
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
