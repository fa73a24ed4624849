import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idList } from '../db/sql-helpers.ts';
import { contactImportJobs, contacts } from './schema.ts';

/*
 * The contacts feature's part of an erasure (the privacy feature runs it in its transaction): the
 * contacts go, and with them (foreign keys) their timeline, sign-ups, consent records and queued
 * syncs; an import's report forgets their rows among the invalid and repeated ones.
 */

export interface ErasedContact {
  id: string;
  email: string;
  kit_id: number | null;
}

/** Deletes these contacts and returns who they were. */
export async function deleteContactsForErasure(tx: Db, ids: string[]): Promise<ErasedContact[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .delete(contacts)
    .where(sql`${contacts.id} in ${idList(ids)}`)
    .returning({ id: contacts.id, email: contacts.email, kit_id: contacts.kit_id });
  if (rows.length > 0) {
    const emails = JSON.stringify(rows.map((r) => r.email.toLowerCase()));
    const keep = (column: SQLWrapper) =>
      sql`coalesce((select jsonb_agg(item) from jsonb_array_elements(${column}) as item
        where not (lower(btrim(item->>'email')) in (select jsonb_array_elements_text(${emails}::jsonb)))), '[]'::jsonb)`;
    const mentions = (column: SQLWrapper) =>
      sql`exists (select 1 from jsonb_array_elements(${column}) as item where lower(btrim(item->>'email')) in (select jsonb_array_elements_text(${emails}::jsonb)))`;
    await tx.execute(sql`
      update ${contactImportJobs} set invalid = ${keep(contactImportJobs.invalid)}, duplicates = ${keep(contactImportJobs.duplicates)}
      where ${mentions(contactImportJobs.invalid)} or ${mentions(contactImportJobs.duplicates)}`);
  }
  return rows;
}
