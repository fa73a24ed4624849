import type { ContactEventActor } from '../../../shared/contacts/timeline.ts';
import { KIT_SUBSCRIBER_STATES, type KitSubscriberState } from '../../../shared/kit/subscriber-state.ts';
import { kitWebhookEventSchema, type KitWebhookEvent, type KitWebhookEventType } from '../../../shared/kit/webhooks.ts';
import { applyKitStates, contactsForKitSubscribers, KIT_SUBSCRIBER_ERASED, setTagOnContacts, type KitStateReport } from '../../contacts/service.ts';
import type { Db } from '../../db/client.ts';
import type { ErasedEmailFinder } from '../../privacy/service.ts';
import { tagForKitTag } from '../../tags/service.ts';
import { newerTagEventsApplied, type StoredEvent } from './inbox.ts';

/*
 * What Kit's events do to the CRM, for a batch of stored events in one transaction:
 * - every subscriber named gets its contact (found by Kit id, else email; created when unknown, as an
 *   import from Kit would create it, except a person erased before: Kit's event is no new consent);
 * - each event's state (by its type; for subscriber.created and the tag events, the subscriber's state
 *   as the event carries it) goes to applyKitStates at the event's time, so the newest wins whatever
 *   order events arrive in;
 * - tag events put on or take off the CRM tag linked to Kit's tag id (made and linked when the CRM has
 *   none); of several events for one subscriber and tag only the newest by Kit's time counts, here
 *   and against those applied before.
 */

const ACTOR: ContactEventActor = { kind: 'kit', source: 'webhook' };

const STATE_OF_TYPE: Partial<Record<KitWebhookEventType, KitSubscriberState>> = {
  'subscriber.activated': 'active',
  'subscriber.unsubscribed': 'cancelled',
  'subscriber.bounced': 'bounced',
  'subscriber.complained': 'complained',
};

const REASONS: Partial<Record<KitWebhookEventType, string>> = {
  'subscriber.created': 'Added in Kit',
  'subscriber.activated': 'Confirmed in Kit',
  'subscriber.unsubscribed': 'Unsubscribed in Kit',
  'subscriber.bounced': 'Email bounced',
  'subscriber.complained': 'Marked an email as spam',
};

const isKitState = (value: unknown): value is KitSubscriberState => KIT_SUBSCRIBER_STATES.includes(value as KitSubscriberState);

export interface EventOutcome {
  id: string;
  /** Null: applied as usual; otherwise why it changed nothing. */
  outcome: string | null;
  /** The event is about a person erased here: what it says of them is not kept. */
  forget: boolean;
}

export async function applyWebhookEvents(tx: Db, stored: StoredEvent[], erasedAmong: ErasedEmailFinder): Promise<EventOutcome[]> {
  const outcomes = new Map<string, string | null>();
  const events: Array<{ stored: StoredEvent; event: KitWebhookEvent }> = [];
  for (const s of stored) {
    // Stored only after the same schema passed, so this fails only for rows written by hand.
    const parsed = kitWebhookEventSchema.safeParse(s.payload);
    if (parsed.success) events.push({ stored: s, event: parsed.data });
    else outcomes.set(s.id, 'not a Kit event');
  }

  const subscribers = new Map(events.map(({ event }) => [event.data.subscriber.id, event.data.subscriber]));
  const erased = await erasedAmong(tx, [...subscribers.values()].map((s) => s.email_address));
  const found = await contactsForKitSubscribers(
    tx,
    [...subscribers.values()].map((s) => ({ kit_id: s.id, email: s.email_address, first_name: s.first_name })),
    ACTOR,
    erased,
  );

  const reports: KitStateReport[] = [];
  const tagEvents: typeof events = [];
  for (const item of events) {
    const { event } = item;
    const contactId = found.byKitId.get(event.data.subscriber.id);
    if (!contactId) {
      outcomes.set(event.id, `skipped: ${found.skipped.get(event.data.subscriber.id) ?? 'no contact'}`);
      continue;
    }
    const type = event.type as KitWebhookEventType;
    const state = STATE_OF_TYPE[type] ?? (isKitState(event.data.subscriber.state) ? event.data.subscriber.state : undefined);
    if (state) reports.push({ contact_id: contactId, state, at: new Date(event.created), reason: REASONS[type] ?? null });
    if (type === 'subscriber.tag_added' || type === 'subscriber.tag_removed') tagEvents.push(item);
    else if (!state) outcomes.set(event.id, `skipped: ${type} is not an event the CRM applies`);
  }
  await applyKitStates(tx, reports, 'webhook');
  await applyTagEvents(tx, tagEvents, found.byKitId, outcomes);
  const forgotten = new Set(events.filter(({ event }) => found.skipped.get(event.data.subscriber.id) === KIT_SUBSCRIBER_ERASED).map(({ event }) => event.id));
  return stored.map((s) => ({ id: s.id, outcome: outcomes.get(s.id) ?? null, forget: forgotten.has(s.id) }));
}

async function applyTagEvents(
  tx: Db,
  items: Array<{ stored: StoredEvent; event: KitWebhookEvent }>,
  contactOf: Map<number, string>,
  outcomes: Map<string, string | null>,
): Promise<void> {
  const withTag = items.filter(({ event }) => {
    if (event.data.tag) return true;
    outcomes.set(event.id, 'skipped: the event names no tag');
    return false;
  });
  // Only the newest event per subscriber and tag, in this batch and against those already applied.
  const newest = new Map<string, (typeof withTag)[number]>();
  for (const item of withTag) {
    const key = `${item.event.data.subscriber.id}:${item.event.data.tag!.id}`;
    const seen = newest.get(key);
    if (!seen || seen.stored.occurred_at <= item.stored.occurred_at) {
      if (seen) outcomes.set(seen.event.id, 'skipped: a newer event for this tag came with it');
      newest.set(key, item);
    } else outcomes.set(item.event.id, 'skipped: a newer event for this tag came with it');
  }
  const stale = await newerTagEventsApplied(
    tx,
    [...newest.values()].map(({ event, stored }) => ({ kit_subscriber_id: event.data.subscriber.id, kit_tag_id: event.data.tag!.id, occurred_at: stored.occurred_at })),
  );
  for (const [key, { event }] of newest) {
    if (stale.has(key)) {
      outcomes.set(event.id, 'skipped: a newer event for this tag was applied before');
      continue;
    }
    const tag = await tagForKitTag(tx, event.data.tag!.id, event.data.tag!.name);
    if (!tag) {
      outcomes.set(event.id, `skipped: the tag name "${event.data.tag!.name.slice(0, 100)}" belongs to a CRM tag linked to another Kit tag`);
      continue;
    }
    await setTagOnContacts(tx, [contactOf.get(event.data.subscriber.id)!], tag.name, event.type === 'subscriber.tag_added', ACTOR);
  }
}
