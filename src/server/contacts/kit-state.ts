import { sql } from 'drizzle-orm';
import type { KitStateSource, KitSubscriberState } from '../../shared/kit/subscriber-state.ts';
import type { Db } from '../db/client.ts';
import { confirmConsentRecords } from '../privacy/service.ts';
import { recordContactEvents, type NewContactEvent } from './events.ts';
import { contacts } from './schema.ts';

/**
 * Kit's reports of subscriber states, applied to contacts. Reports come from an import, webhook
 * deliveries (retried, batched, out of order), reconciliation passes and syncs, so the rule is by
 * Kit's time: a report changes a contact only when it is newer than the state the contact holds.
 * A state that really changed gets a timeline event in the same statement's transaction; a report
 * of active confirms the contact's waiting double opt-in consent records there too.
 */

export interface KitStateReport {
  contact_id: string;
  state: KitSubscriberState;
  /** When Kit says the state began (the event's time, or the subscriber's as a list gives it). */
  at: Date;
  /** Kit's words where it gives any (e.g. a bounce's reason). */
  reason?: string | null;
}

export interface AppliedKitState {
  contact_id: string;
  from: KitSubscriberState | null;
  to: KitSubscriberState;
}

/**
 * One statement for any number of reports: of several for one contact the newest counts. Rows are
 * locked before they are compared, so two deliveries racing for one contact both see the winner.
 * Answers the contacts whose state changed (a newer report of the same state moves only its time).
 */
export async function applyKitStates(tx: Db, reports: KitStateReport[], source: KitStateSource): Promise<AppliedKitState[]> {
  if (reports.length === 0) return [];
  const input = JSON.stringify(reports.map((r) => ({ id: r.contact_id, state: r.state, at: r.at.toISOString(), reason: r.reason ?? null })));
  const result = (await tx.execute(sql`
    with input as (
      select (e->>'id')::uuid as id, (e->>'state')::kit_subscriber_state as state, (e->>'at')::timestamptz as at, e->>'reason' as reason, n
      from jsonb_array_elements(${input}::jsonb) with ordinality as x(e, n)
    ), newest as (
      select distinct on (id) id, state, at, reason from input order by id, at desc, n desc
    ), previous as (
      select c.id, c.kit_state from ${contacts} c join newest using (id) order by c.id for update of c
    )
    update ${contacts} c
    set kit_state = newest.state, kit_state_at = newest.at,
        updated_at = case when c.kit_state is distinct from newest.state then now() else c.updated_at end
    from newest join previous using (id)
    where c.id = newest.id and (c.kit_state_at is null or c.kit_state_at < newest.at)
    returning c.id as contact_id, previous.kit_state as "from", newest.state as "to", newest.at as changed_at, newest.reason as reason`)) as unknown as {
    rows: Array<{ contact_id: string; from: KitSubscriberState | null; to: KitSubscriberState; changed_at: string | Date; reason: string | null }>;
  };
  const changed = result.rows.filter((row) => row.from !== row.to);
  // Active in Kit: a double opt-in sign-up waiting for it is confirmed (or the person was subscribed already).
  const active = result.rows.filter((row) => row.to === 'active');
  const wasInactive = new Set(active.filter((row) => row.from === 'inactive').map((row) => row.contact_id));
  const confirmed = await confirmConsentRecords(tx, active.map((row) => ({ contact_id: row.contact_id, at: new Date(row.changed_at) })));
  await recordContactEvents(tx, [
    ...changed.map((row): NewContactEvent => ({
      contact_id: row.contact_id,
      actor: { kind: 'kit', source },
      data: { type: 'kit_state_changed', from: row.from, to: row.to, changed_at: new Date(row.changed_at).toISOString(), reason: row.reason },
    })),
    ...confirmed.map((record): NewContactEvent => ({
      contact_id: record.contact_id,
      actor: { kind: 'kit', source },
      data: { type: 'consent_confirmed', kind: record.kind, version: record.version, confirmed_at: record.confirmed_at, already_subscribed: !wasInactive.has(record.contact_id) },
    })),
  ]);
  return changed.map(({ contact_id, from, to }) => ({ contact_id, from, to }));
}
