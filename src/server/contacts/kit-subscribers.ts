import { sql } from 'drizzle-orm';
import { isValidEmail } from '../../shared/contacts.ts';
import type { ContactEventActor } from '../../shared/contacts/timeline.ts';
import type { Db } from '../db/client.ts';
import { createdEvent, recordContactEvents } from './events.ts';
import { contacts } from './schema.ts';

/*
 * Contacts for Kit's subscribers, as Kit's events name them (a subscriber id and an email). The CRM
 * mirrors the list the owner keeps in Kit, so a subscriber it does not know yet becomes a contact
 * (source 'email': the list is an email list), as an import from Kit would make it.
 */

export interface KitSubscriberRef {
  kit_id: number;
  email: string;
  first_name?: string | null;
}

export interface KitSubscriberContacts {
  /** Contact id per Kit subscriber id. */
  byKitId: Map<number, string>;
  /** Subscribers left out, with why (an address the CRM's email rule refuses). */
  skipped: Map<number, string>;
  created: number;
}

/** Why a Kit subscriber got no contact: the person was erased here before (their email is not given). */
export const KIT_SUBSCRIBER_ERASED = 'erased before';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
// Kit's text reaches the CRM's one-line fields only without control characters, and not endlessly long.
const cleanName = (name: string | null | undefined) => name?.replace(/[\p{Cc}\p{Cf}]/gu, '').trim().slice(0, 200) || null;

/**
 * Finds each subscriber's contact by Kit id, else by email (and then records the Kit id on it), and
 * creates the missing ones with a 'created' timeline event. Runs in the caller's transaction.
 */
export async function contactsForKitSubscribers(
  tx: Db,
  subscribers: KitSubscriberRef[],
  actor: ContactEventActor,
  erased: ReadonlySet<string> = new Set(),
): Promise<KitSubscriberContacts> {
  const result: KitSubscriberContacts = { byKitId: new Map(), skipped: new Map(), created: 0 };
  const wanted = new Map<number, KitSubscriberRef>();
  for (const s of subscribers) {
    if (!isValidEmail(s.email)) result.skipped.set(s.kit_id, 'Kit’s email address is not one the CRM accepts');
    else wanted.set(s.kit_id, s);
  }
  if (wanted.size === 0) return result;
  const input = JSON.stringify([...wanted.values()].map((s) => ({ kit_id: s.kit_id, email: s.email.toLowerCase() })));
  // Matched by Kit id first; by email only where the contact has no Kit id yet or the same one.
  const found = rowsOf<{ kit_id: string | number; id: string; by_email: boolean }>(
    await tx.execute(sql`
      with input as (select (e->>'kit_id')::bigint as kit_id, e->>'email' as email from jsonb_array_elements(${input}::jsonb) e)
      select distinct on (input.kit_id) input.kit_id, c.id, c.kit_id is null as by_email
      from input join ${contacts} c on c.kit_id = input.kit_id or (lower(c.email) = input.email and c.kit_id is null)
      order by input.kit_id, (c.kit_id = input.kit_id) desc nulls last`),
  );
  const linkByEmail: Array<{ id: string; kit_id: number }> = [];
  for (const row of found) {
    result.byKitId.set(Number(row.kit_id), row.id);
    if (row.by_email) linkByEmail.push({ id: row.id, kit_id: Number(row.kit_id) });
  }
  if (linkByEmail.length > 0) {
    await tx.execute(sql`
      update ${contacts} c set kit_id = (e->>'kit_id')::bigint, updated_at = now()
      from jsonb_array_elements(${JSON.stringify(linkByEmail)}::jsonb) e
      where c.id = (e->>'id')::uuid and c.kit_id is null`);
  }
  const unknown = [...wanted.values()].filter((s) => !result.byKitId.has(s.kit_id));
  // A person erased before is not created again from Kit (who only says what happened there).
  const missing = unknown.filter((s) => !erased.has(s.email.trim().toLowerCase()));
  for (const s of unknown) if (!missing.includes(s)) result.skipped.set(s.kit_id, KIT_SUBSCRIBER_ERASED);
  if (missing.length === 0) return result;
  const created = await tx
    .insert(contacts)
    .values(missing.map((s) => ({ email: s.email, first_name: cleanName(s.first_name), kit_id: s.kit_id, source: 'email' as const })))
    .onConflictDoNothing()
    .returning();
  await recordContactEvents(
    tx,
    created.map((contact) => createdEvent(contact, actor)),
  );
  for (const contact of created) result.byKitId.set(contact.kit_id!, contact.id);
  result.created = created.length;
  // An email another contact holds under another Kit id: left as it is.
  for (const s of missing) if (!result.byKitId.has(s.kit_id)) result.skipped.set(s.kit_id, 'another contact has this email under another Kit subscriber');
  return result;
}

/** Puts a tag on (or takes it off) these contacts, with a timeline event for each that changed. */
export async function setTagOnContacts(tx: Db, contactIds: string[], tagName: string, present: boolean, actor: ContactEventActor): Promise<string[]> {
  if (contactIds.length === 0) return [];
  const ids = JSON.stringify(contactIds);
  const changed = rowsOf<{ id: string }>(
    await tx.execute(
      present
        ? sql`update ${contacts} set tags = array_append(tags, ${tagName}), updated_at = now()
              where id in (select (jsonb_array_elements_text(${ids}::jsonb))::uuid) and not (${tagName} = any(tags)) returning id`
        : sql`update ${contacts} set tags = array_remove(tags, ${tagName}), updated_at = now()
              where id in (select (jsonb_array_elements_text(${ids}::jsonb))::uuid) and ${tagName} = any(tags) returning id`,
    ),
  );
  await recordContactEvents(
    tx,
    changed.map((row) => ({ contact_id: row.id, actor, data: { type: present ? 'tags_added' : 'tags_removed', tags: [tagName] } })),
  );
  return changed.map((row) => row.id);
}
