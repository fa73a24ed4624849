import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { ContactEventActor, ContactEventData } from '../../shared/contacts/timeline.ts';
import { contactEvents, contacts } from './schema.ts';

/**
 * Contacts store tag names, so the tags service calls these inside its own transaction when a tag
 * is renamed or deleted: the tag and every contact change together or not at all.
 */

export async function renameTagOnContacts(tx: Db, from: string, to: string): Promise<void> {
  await recordOnHolders(tx, from, [
    { type: 'tags_removed', tags: [from] },
    { type: 'tags_added', tags: [to] },
  ]);
  await tx
    .update(contacts)
    .set({
      // A contact that somehow already holds the new name keeps it once.
      tags: sql`case when ${to}::text = any(${contacts.tags}) then array_remove(${contacts.tags}, ${from}::text) else array_replace(${contacts.tags}, ${from}::text, ${to}::text) end`,
      updated_at: sql`now()`,
    })
    .where(sql`${contacts.tags} @> array[${from}]::text[]`);
}

export async function removeTagFromContacts(tx: Db, name: string): Promise<void> {
  await recordOnHolders(tx, name, [{ type: 'tags_removed', tags: [name] }]);
  await tx
    .update(contacts)
    .set({ tags: sql`array_remove(${contacts.tags}, ${name}::text)`, updated_at: sql`now()` })
    .where(sql`${contacts.tags} @> array[${name}]::text[]`);
}

/** The timeline of every contact holding `tag` gets these events: one statement, however many contacts. */
async function recordOnHolders(tx: Db, tag: string, events: ContactEventData[]): Promise<void> {
  const actor: ContactEventActor = { kind: 'tags_screen' };
  for (const data of events) {
    await tx.execute(sql`
      insert into ${contactEvents} (contact_id, type, actor, data)
      select id, ${data.type}::contact_event_type, ${JSON.stringify(actor)}::jsonb, ${JSON.stringify(data)}::jsonb
      from ${contacts} where ${contacts.tags} @> array[${tag}]::text[]`);
  }
}
