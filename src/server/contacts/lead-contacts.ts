import { sql } from 'drizzle-orm';
import type { ContactSource } from '../../shared/contacts.ts';
import type { Db } from '../db/client.ts';

/*
 * The contact side of public sign-ups (leads/service.ts runs them inside its sign-up transaction).
 * Each is one upsert on the unique index over lower(email), so simultaneous sign-ups with one email
 * make one contact.
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

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

/**
 * A campaign sign-up (spec 002, section 4):
 * - no contact with the email: create it (status lead, the source and the tag);
 * - a contact without the tag: add the tag, keep its phone unless a new one is given, store the URL parameters;
 * - a contact with the tag: only store the URL parameters, when there are any.
 */
export async function upsertLeadContact(tx: Db, input: LeadContactInput): Promise<{ id: string; created: boolean; newly_tagged: boolean }> {
  const { email, tag } = input;
  const params = JSON.stringify(input.url_parameters);
  const [upserted] = rowsOf<{ id: string; created: boolean }>(
    await tx.execute(sql`
      insert into contacts (email, full_name, first_name, last_name, phone, source, status, tags, url_parameters)
      values (${email}, ${input.full_name}, ${input.first_name}, ${input.last_name}, ${input.phone},
              ${input.source}::contact_source, 'lead', array[${tag}::text], ${params}::jsonb)
      on conflict (lower(email)) do update set
        tags = array_append(contacts.tags, ${tag}::text),
        phone = coalesce(excluded.phone, contacts.phone),
        url_parameters = contacts.url_parameters || excluded.url_parameters,
        updated_at = now()
      where not (contacts.tags @> array[${tag}::text])
      returning id, (xmax = 0) as created`),
  );
  if (upserted) return { id: upserted.id, created: upserted.created === true, newly_tagged: upserted.created !== true };
  // No row back: the contact already has the tag (and is locked by the statement above).
  const id = await touchTaggedContact(tx, email, params, Object.keys(input.url_parameters).length > 0);
  return { id, created: false, newly_tagged: false };
}

async function touchTaggedContact(tx: Db, email: string, params: string, hasParams: boolean): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    hasParams
      ? await tx.execute(sql`
          update contacts set url_parameters = url_parameters || ${params}::jsonb, updated_at = now()
          where lower(email) = ${email} returning id`)
      : await tx.execute(sql`select id from contacts where lower(email) = ${email}`),
  );
  if (!row) throw new Error('the contact vanished inside its own sign-up transaction');
  return row.id;
}

/** The fields of a landing page's form that a contact has (the rest stay in the submission only). */
export const LANDING_PAGE_CONTACT_FIELDS = ['full_name', 'first_name', 'last_name', 'phone', 'address', 'country', 'linkedin'] as const;
export type LandingPageContactFields = Record<(typeof LANDING_PAGE_CONTACT_FIELDS)[number], string | null>;

/**
 * A landing page's form (spec 002, "Viewer html form"): creates the contact (source landing_page,
 * status lead) or updates the known one with what the visitor gave (a field left empty keeps its value).
 */
export async function upsertLandingPageContact(
  tx: Db,
  { email, fields, url_parameters }: { email: string; fields: LandingPageContactFields; url_parameters: Record<string, string> },
): Promise<{ id: string }> {
  const params = JSON.stringify(url_parameters);
  const [contact] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into contacts (email, full_name, first_name, last_name, phone, address, country, linkedin, source, status, url_parameters)
      values (${email}, ${fields.full_name}, ${fields.first_name}, ${fields.last_name}, ${fields.phone}, ${fields.address},
              ${fields.country}, ${fields.linkedin}, 'landing_page'::contact_source, 'lead', ${params}::jsonb)
      on conflict (lower(email)) do update set
        full_name = coalesce(excluded.full_name, contacts.full_name),
        first_name = coalesce(excluded.first_name, contacts.first_name),
        last_name = coalesce(excluded.last_name, contacts.last_name),
        phone = coalesce(excluded.phone, contacts.phone),
        address = coalesce(excluded.address, contacts.address),
        country = coalesce(excluded.country, contacts.country),
        linkedin = coalesce(excluded.linkedin, contacts.linkedin),
        url_parameters = contacts.url_parameters || excluded.url_parameters,
        updated_at = now()
      returning id`),
  );
  return { id: contact!.id };
}
