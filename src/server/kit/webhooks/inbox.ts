import { sql } from 'drizzle-orm';
import type { KitWebhookDelivery } from '../../../shared/kit/webhooks.ts';
import type { Db } from '../../db/client.ts';
import { kitWebhookEvents } from '../schema.ts';

/*
 * The webhook events as received and not yet applied: a durable inbox. A delivery is stored in one
 * statement (an event id already stored is skipped: retries and duplicates change nothing), the
 * request is answered, and the worker applies the events from here. Several instances share it:
 * a claim locks rows with SKIP LOCKED and a lease, so an event is worked on by one worker at a time.
 */

const listeners = new Set<() => void>();
export function onWebhookEventsStored(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Stores a delivery's events; answers how many were new. */
export async function storeDelivery(db: Db, delivery: KitWebhookDelivery): Promise<number> {
  const rows = delivery.events.map((e) => ({
    id: e.id,
    type: e.type,
    occurred_at: e.created,
    kit_subscriber_id: e.data.subscriber.id,
    kit_tag_id: e.data.tag?.id ?? null,
    delivery_id: String(delivery.delivery_id),
    payload: e,
  }));
  const stored = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into ${kitWebhookEvents} (id, type, occurred_at, kit_subscriber_id, kit_tag_id, delivery_id, payload)
      select (e->>'id')::uuid, e->>'type', (e->>'occurred_at')::timestamptz, (e->>'kit_subscriber_id')::bigint,
             (e->>'kit_tag_id')::bigint, e->>'delivery_id', e->'payload'
      from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) e
      on conflict (id) do nothing
      returning id`),
  );
  if (stored.length > 0) listeners.forEach((listener) => listener());
  return stored.length;
}

export interface StoredEvent {
  id: string;
  type: string;
  occurred_at: Date;
  kit_subscriber_id: number;
  kit_tag_id: number | null;
  payload: unknown;
  attempts: number;
}

/**
 * Claims up to `limit` unapplied events, oldest by Kit's time first, leased for `leaseMs`; an event
 * whose worker died is claimed again once its lease ran out.
 */
export async function claimEvents(db: Db, limit: number, leaseMs: number): Promise<StoredEvent[]> {
  const rows = rowsOf<StoredEvent & { occurred_at: string | Date; kit_subscriber_id: string | number; kit_tag_id: string | number | null }>(
    await db.execute(sql`
      update ${kitWebhookEvents} set locked_at = now(), attempts = attempts + 1
      where id in (
        select id from ${kitWebhookEvents}
        where processed_at is null and (locked_at is null or locked_at < now() - ${Math.round(leaseMs)}::integer * interval '1 millisecond')
        order by occurred_at, id
        limit ${limit}
        for update skip locked)
      returning id, type, occurred_at, kit_subscriber_id, kit_tag_id, payload, attempts`),
  );
  return rows
    .map((r) => ({ ...r, occurred_at: new Date(r.occurred_at), kit_subscriber_id: Number(r.kit_subscriber_id), kit_tag_id: r.kit_tag_id === null ? null : Number(r.kit_tag_id) }))
    .sort((a, b) => a.occurred_at.getTime() - b.occurred_at.getTime() || a.id.localeCompare(b.id));
}

/** Marks events applied, with what applying them did when it was not the usual; in the applying transaction. */
export async function finishEvents(tx: Db, outcomes: Array<{ id: string; outcome: string | null; forget?: boolean }>): Promise<void> {
  if (outcomes.length === 0) return;
  // An event about a person erased here keeps its ids and outcome, not what Kit said about them (their email, their name).
  await tx.execute(sql`
    update ${kitWebhookEvents} k set processed_at = now(), locked_at = null, outcome = e->>'outcome',
      payload = case when (e->>'forget')::boolean then '{}'::jsonb else k.payload end
    from jsonb_array_elements(${JSON.stringify(outcomes)}::jsonb) e
    where k.id = (e->>'id')::uuid`);
}

/** Gives claimed events back (the worker stops, or applying them failed and will be tried again). */
export async function releaseEvents(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update ${kitWebhookEvents} set locked_at = null where id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid)`);
}

/**
 * Among tag events of one subscriber and tag, only the newest by Kit's time counts: answers the
 * (subscriber, tag) pairs of these events for which a newer event was already applied.
 */
export async function newerTagEventsApplied(tx: Db, events: Array<{ kit_subscriber_id: number; kit_tag_id: number; occurred_at: Date }>): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  const input = JSON.stringify(events.map((e) => ({ s: e.kit_subscriber_id, t: e.kit_tag_id, at: e.occurred_at.toISOString() })));
  const rows = rowsOf<{ s: string | number; t: string | number }>(
    await tx.execute(sql`
      select distinct (e->>'s')::bigint as s, (e->>'t')::bigint as t
      from jsonb_array_elements(${input}::jsonb) e
      where exists (
        select 1 from ${kitWebhookEvents} k
        where k.kit_subscriber_id = (e->>'s')::bigint and k.kit_tag_id = (e->>'t')::bigint
          and k.processed_at is not null and k.occurred_at > (e->>'at')::timestamptz)`),
  );
  return new Set(rows.map((r) => `${Number(r.s)}:${Number(r.t)}`));
}

/** Applied events older than this are forgotten: Kit retries a delivery for far less long. */
export async function forgetOldEvents(db: Db, olderThanDays: number): Promise<void> {
  await db.execute(sql`delete from ${kitWebhookEvents} where processed_at < now() - ${olderThanDays}::integer * interval '1 day'`);
}

/** Figures for the Live updates card. */
export async function inboxFigures(db: Db): Promise<{ last_received_at: Date | null; pending: number; applied_last_day: number }> {
  const [row] = rowsOf<{ last_received_at: string | Date | null; pending: string | number; applied_last_day: string | number }>(
    await db.execute(sql`
      select (select max(received_at) from ${kitWebhookEvents}) as last_received_at,
             (select count(*) from ${kitWebhookEvents} where processed_at is null) as pending,
             (select count(*) from ${kitWebhookEvents} where processed_at > now() - interval '1 day') as applied_last_day`),
  );
  return {
    last_received_at: row?.last_received_at ? new Date(row.last_received_at) : null,
    pending: Number(row?.pending ?? 0),
    applied_last_day: Number(row?.applied_last_day ?? 0),
  };
}
