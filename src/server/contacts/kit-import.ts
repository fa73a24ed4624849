import { inArray, sql } from 'drizzle-orm';
import { CONTACT_FIELDS } from '../../shared/contacts/fields.ts';
import type { ContactFormField, ContactValues } from '../../shared/contacts/form.ts';
import type { ContactEventActor } from '../../shared/contacts/timeline.ts';
import type { KitStateSource, KitSubscriberState } from '../../shared/kit/subscriber-state.ts';
import type { Db } from '../db/client.ts';
import { changeEvents, createdEvent, recordContactEvents } from './events.ts';
import { applyKitStates } from './kit-state.ts';
import { contacts } from './schema.ts';

/*
 * Kit subscribers written to contacts (an import from Kit, a reconciliation pass), a page at a time
 * in the caller's transaction. A subscriber is matched to a contact by email without case, like the
 * contacts' unique index. The fields Kit fills replace the contact's; what Kit leaves empty keeps
 * the CRM's value, and Kit's tags are added to the contact's, never taking any away. A subscriber
 * that changes nothing writes nothing: no row, no event.
 */

type Contact = typeof contacts.$inferSelect;

export interface KitContactInput {
  /** Checked by the contact rules; `provided` are the fields Kit fills. */
  values: ContactValues;
  provided: ContactFormField[];
  /** CRM tag names (existing tags) of the subscriber's Kit tags. */
  tags: string[];
  kit_id: number;
  kit_state: KitSubscriberState;
}

export interface KitContactsWritten {
  created: number;
  updated: number;
  unchanged: number;
  /** Subscribers left out as people erased before (not contacts now). */
  erased: number;
  /** Subscribers not written, with why. */
  skipped: Array<{ email: string; reason: string }>;
}

export const KIT_WRITE_MESSAGES = {
  duplicateEmail: 'Another Kit subscriber in the same page has this email address',
  addedMeanwhile: 'A contact with this email was added meanwhile; the next pass updates it',
} as const;

const CHANGEABLE = [...CONTACT_FIELDS.map((f) => f.name).filter((name) => name !== 'email'), 'kit_id'] as const;
const differs = (a: Contact, b: Contact) =>
  CHANGEABLE.some((name) => JSON.stringify(a[name as keyof Contact]) !== JSON.stringify(b[name as keyof Contact]));

/** The contact after Kit's values: the fields Kit fills replace, tags are added, the Kit id recorded. */
function merged(before: Contact, next: KitContactInput): Contact {
  const after: Contact = { ...before, tags: [...before.tags, ...next.tags.filter((t) => !before.tags.includes(t))], kit_id: next.kit_id };
  for (const field of next.provided) if (field !== 'email' && field !== 'tags') (after as Record<string, unknown>)[field] = next.values[field];
  return after;
}

/**
 * Writes a page: new emails become contacts, known ones are updated where Kit differs, each with its
 * timeline events, and the Kit state is applied at Kit's time `at` (lists give no state time). A new
 * email among `erased` (people erased before) is left out and only counted.
 */
export async function writeKitContacts(
  tx: Db,
  page: KitContactInput[],
  source: Extract<KitStateSource, 'import' | 'reconciliation'>,
  at: Date,
  erased: ReadonlySet<string> = new Set(),
): Promise<KitContactsWritten> {
  const written: KitContactsWritten = { created: 0, updated: 0, unchanged: 0, erased: 0, skipped: [] };
  const actor: ContactEventActor = { kind: 'kit', source };
  const byEmail = new Map<string, KitContactInput>();
  for (const next of page) {
    if (byEmail.has(next.values.email)) written.skipped.push({ email: next.values.email, reason: KIT_WRITE_MESSAGES.duplicateEmail });
    else byEmail.set(next.values.email, next);
  }
  if (byEmail.size === 0) return written;

  // Locked, so a person's edit in between is never overwritten with values read before it.
  const lowerEmail = sql<string>`lower(${contacts.email})`;
  const existing = await tx
    .select()
    .from(contacts)
    .where(inArray(lowerEmail, [...byEmail.keys()]))
    .for('update');
  const existingByEmail = new Map(existing.map((c) => [c.email.toLowerCase(), c]));

  const absent = [...byEmail.values()].filter((next) => !existingByEmail.has(next.values.email));
  const fresh = absent.filter((next) => !erased.has(next.values.email.toLowerCase()));
  written.erased = absent.length - fresh.length;
  const inserted =
    fresh.length === 0
      ? []
      : await tx
          .insert(contacts)
          .values(fresh.map((next) => ({ ...next.values, tags: next.tags, kit_id: next.kit_id })))
          .onConflictDoNothing()
          .returning();
  written.created = inserted.length;
  await recordContactEvents(tx, inserted.map((contact) => createdEvent(contact, actor)));
  const insertedByEmail = new Map(inserted.map((c) => [c.email.toLowerCase(), c]));
  for (const next of fresh) if (!insertedByEmail.has(next.values.email)) written.skipped.push({ email: next.values.email, reason: KIT_WRITE_MESSAGES.addedMeanwhile });

  const changed: Array<{ before: Contact; after: Contact }> = [];
  for (const [email, before] of existingByEmail) {
    const after = merged(before, byEmail.get(email)!);
    if (differs(before, after)) changed.push({ before, after });
  }
  if (changed.length > 0) {
    // One statement for the page; each row is read as a record of the contacts table, so each value gets its column's type.
    const columns = CHANGEABLE.map((name) => sql`${sql.identifier(name)} = v.${sql.identifier(name)}`);
    await tx.execute(sql`
      update ${contacts} as c set ${sql.join(columns, sql`, `)}, updated_at = now()
      from jsonb_populate_recordset(null::${contacts}, ${JSON.stringify(changed.map((r) => r.after))}::jsonb) as v
      where c.id = v.id`);
    await recordContactEvents(tx, changed.flatMap(({ before, after }) => changeEvents(before, after, before.id, actor)));
  }

  // Only states that differ from what the contact holds are reported, so a re-run writes nothing.
  const reports = [...byEmail].flatMap(([email, next]) => {
    const contact = insertedByEmail.get(email) ?? existingByEmail.get(email);
    return contact && contact.kit_state !== next.kit_state ? [{ contact_id: contact.id, state: next.kit_state, at }] : [];
  });
  const stateChanged = await applyKitStates(tx, reports, source);

  const existingIds = new Set(existing.map((c) => c.id));
  const touched = new Set(changed.map((r) => r.before.id));
  for (const { contact_id } of stateChanged) if (existingIds.has(contact_id)) touched.add(contact_id);
  written.updated = touched.size;
  written.unchanged = existing.length - touched.size;
  return written;
}

/** Adds tags to the contacts with these Kit ids (tag holders whose subscriber the pass did not list). */
export async function addTagsByKitId(tx: Db, tagsByKitId: ReadonlyMap<number, string[]>, source: KitStateSource): Promise<number> {
  if (tagsByKitId.size === 0) return 0;
  const rows = await tx
    .select()
    .from(contacts)
    .where(inArray(contacts.kit_id, [...tagsByKitId.keys()]))
    .for('update');
  const actor: ContactEventActor = { kind: 'kit', source };
  const changed = rows.flatMap((before) => {
    const add = (tagsByKitId.get(before.kit_id!) ?? []).filter((t) => !before.tags.includes(t));
    return add.length ? [{ before, after: { ...before, tags: [...before.tags, ...add] } }] : [];
  });
  if (changed.length === 0) return 0;
  await tx.execute(sql`
    update ${contacts} as c set tags = v.tags, updated_at = now()
    from jsonb_populate_recordset(null::${contacts}, ${JSON.stringify(changed.map((r) => r.after))}::jsonb) as v
    where c.id = v.id`);
  await recordContactEvents(tx, changed.flatMap(({ before, after }) => changeEvents(before, after, before.id, actor)));
  return changed.length;
}
