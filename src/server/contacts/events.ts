import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ContactEventActor, ContactEventData, FieldChange, KitSyncResult, TimelineQuery } from '../../shared/contacts/timeline.ts';
import { CONTACT_FORM_FIELDS } from '../../shared/contacts/form.ts';
import type { Db } from '../db/client.ts';
import { contactEvents, contacts } from './schema.ts';

/*
 * The contact timeline's writes and reads. Every write runs inside the transaction of the change
 * it records (the caller's `tx`), so an event exists exactly when its change was committed.
 */

type Contact = typeof contacts.$inferSelect;

export interface NewContactEvent {
  contact_id: string;
  actor: ContactEventActor;
  data: ContactEventData;
}

/**
 * One statement with one JSON parameter, however many events: an import writes thousands at once,
 * and a parameter per value would cost more than the rows themselves.
 */
export async function recordContactEvents(tx: Db, events: NewContactEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.execute(contactEventsInsert(events));
}

/**
 * The insert recordContactEvents runs, for a caller that puts it in a statement of its own (a CTE):
 * only `when` a condition holds, if one is given; returning the contact ids when `returning`, so
 * what the statement writes next can follow the events (their ids are their order on the timeline).
 */
export function contactEventsInsert(events: NewContactEvent[], { when, returning = false }: { when?: SQL; returning?: boolean } = {}): SQL {
  return sql`
    insert into ${contactEvents} (contact_id, type, actor, data)
    select (e->>'contact_id')::uuid, (e->'data'->>'type')::contact_event_type, e->'actor', e->'data'
    from jsonb_array_elements(${JSON.stringify(events)}::jsonb) with ordinality as x(e, n)${when ? sql` where ${when}` : sql``}
    order by n${returning ? sql` returning contact_id` : sql``}`;
}

/**
 * The event `data` (with its actor) for each contact id `contactIds` yields (a select of one
 * `contact_id` column in the caller's statement), for a caller that writes it in a statement of its
 * own; returning the contact ids, as contactEventsInsert can.
 */
export function contactEventFor(contactIds: SQL, actor: ContactEventActor, data: ContactEventData): SQL {
  return sql`
    insert into ${contactEvents} (contact_id, type, actor, data)
    select contact_id, ${data.type}::contact_event_type, ${JSON.stringify(actor)}::jsonb, ${JSON.stringify(data)}::jsonb from (${contactIds}) as c
    returning contact_id`;
}

/** The fields a timeline compares (tags get events of their own; ids and times are not changes). */
type TrackedField = Exclude<(typeof CONTACT_FORM_FIELDS)[number], 'tags'> | 'url_parameters';
const TRACKED_FIELDS: readonly TrackedField[] = [
  ...CONTACT_FORM_FIELDS.filter((field): field is Exclude<typeof field, 'tags'> => field !== 'tags'),
  'url_parameters',
] satisfies ReadonlyArray<keyof Contact>;

type Tracked = Pick<Contact, (typeof TRACKED_FIELDS)[number] | 'tags'>;

const asValue = (v: unknown): FieldChange['old'] =>
  v === null || v === undefined ? null : typeof v === 'object' ? (v as Record<string, string>) : String(v);
const same = (a: unknown, b: unknown) => JSON.stringify(asValue(a)) === JSON.stringify(asValue(b));

/** What a change did to a contact, as events: one for the fields (old → new), one per direction of tags. */
export function changeEvents(before: Tracked, after: Tracked, contactId: string, actor: ContactEventActor): NewContactEvent[] {
  const events: NewContactEvent[] = [];
  const changes = TRACKED_FIELDS.filter((f) => !same(before[f], after[f])).map((field) => ({
    field,
    old: asValue(before[field]),
    new: asValue(after[field]),
  }));
  if (changes.length > 0) events.push({ contact_id: contactId, actor, data: { type: 'fields_changed', changes } });
  const added = after.tags.filter((t) => !before.tags.includes(t));
  const removed = before.tags.filter((t) => !after.tags.includes(t));
  if (added.length > 0) events.push({ contact_id: contactId, actor, data: { type: 'tags_added', tags: added } });
  if (removed.length > 0) events.push({ contact_id: contactId, actor, data: { type: 'tags_removed', tags: removed } });
  return events;
}

/** The 'created' event: the contact's first values (empty ones left out). */
export function createdEvent(
  contact: Contact,
  actor: ContactEventActor,
  form?: { form_data?: Record<string, unknown>; url_parameters?: Record<string, string> },
): NewContactEvent {
  const fields: Record<string, FieldChange['old']> = {};
  for (const f of [...TRACKED_FIELDS, 'tags'] as const) {
    const value = contact[f];
    // Undefined: a value an insert leaves to the column's default, empty for every field.
    const empty = value === null || value === undefined || (Array.isArray(value) && value.length === 0) || (typeof value === 'object' && Object.keys(value ?? {}).length === 0);
    if (!empty) fields[f] = Array.isArray(value) ? value : asValue(value);
  }
  return { contact_id: contact.id, actor, data: { type: 'created', fields, ...form } };
}

/**
 * One page of a contact's events, newest first (keyset: `before` is the last id of the previous page,
 * so a deep page costs what the first one does, on the index over contact and time).
 */
export async function listContactEvents(db: Db, contactId: string, { before, limit }: TimelineQuery) {
  const after = before
    ? sql`(${contactEvents.created_at}, ${contactEvents.id}) < (select created_at, id from ${contactEvents} where id = ${Number(before)} and contact_id = ${contactId})`
    : undefined;
  const rows = await db
    .select({ id: contactEvents.id, at: contactEvents.created_at, actor: contactEvents.actor, data: contactEvents.data })
    .from(contactEvents)
    .where(and(eq(contactEvents.contact_id, contactId), after))
    .orderBy(desc(contactEvents.created_at), desc(contactEvents.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    events: page.map((r) => ({ ...r, id: String(r.id) })),
    next_before: rows.length > limit ? String(page.at(-1)!.id) : null,
  };
}

/** One attempt to sync a contact to Kit, as the Kit queue stores its result (in the same transaction). */
export async function recordKitSyncEvent(
  tx: Db,
  job: { contact_id: string; tag_names: string[]; attempts: number },
  outcome: { result: KitSyncResult; error: string | null },
): Promise<void> {
  // A contact deleted while its sync ran has no timeline left to write to.
  const [exists] = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, job.contact_id)).for('key share');
  if (!exists) return;
  await recordContactEvents(tx, [
    { contact_id: job.contact_id, actor: { kind: 'kit' }, data: { type: 'kit_sync', ...outcome, tags: job.tag_names, attempt: job.attempts } },
  ]);
}
