import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contacts } from './schema.ts';

/**
 * Contacts store tag names, so the tags service calls these inside its own transaction when a tag
 * is renamed or deleted: the tag and every contact change together or not at all.
 */

export async function renameTagOnContacts(tx: Db, from: string, to: string): Promise<void> {
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
  await tx
    .update(contacts)
    .set({ tags: sql`array_remove(${contacts.tags}, ${name}::text)`, updated_at: sql`now()` })
    .where(sql`${contacts.tags} @> array[${name}]::text[]`);
}
