import { applyKitStates, getContactById, setContactKitId, type Contact } from '../contacts/service.ts';
import { pendingDoubleOptInForm } from '../privacy/service.ts';
import type { Db } from '../db/client.ts';
import type { KitSubscriber } from '../../shared/kit/api.ts';
import { KitApiError, type KitClient, type SubscriberInput } from './client.ts';
import { KIT_CUSTOM_FIELD_KEYS, KIT_MESSAGES, kitStateFinalMessage } from '../../shared/kit/messages.ts';
import { isFinalKitState } from '../../shared/kit/subscriber-state.ts';
import { KitKeyUnreadableError, KitNotConfiguredError } from './settings.ts';
import { forgetKitTag, kitTagIdByName, linkCrmTag, resolveKitTags, type ResolvedKitTag } from './tag-ids.ts';

/*
 * Syncing one contact to Kit. Looking the subscriber up, then creating or updating it, then tagging
 * costs one request more than needed: POST /subscribers is an upsert, so a sync is the upsert plus
 * one tagging call per tag, 1 + (number of tags) requests. Kit's upsert updates the first name of an
 * existing subscriber but is documented to leave its custom fields alone; an existing subscriber's
 * first and last name are updated only when they differ, so when Kit's answer shows a last_name
 * that differs, one PUT follows. That happens only for re-synced contacts whose last name changed.
 */

/** A problem with the contact itself: retrying cannot help. */
export class KitSyncError extends Error {}

export interface KitSyncOutcome {
  kit_id: number;
  /** Kit created the subscriber (false: it existed and was updated). */
  created: boolean;
  tags: Array<{ name: string; kit_tag_id: number }>;
}

/**
 * The subscriber Kit gets for a contact: active, or (double opt-in) inactive until the person
 * confirms through the email of the form they then join. Kit's upsert never changes an existing
 * subscriber's state, so someone already active stays active and is asked nothing.
 */
export function subscriberInput(contact: Contact, { doubleOptIn = false } = {}): SubscriberInput {
  const fields: Record<string, string> = {};
  for (const key of KIT_CUSTOM_FIELD_KEYS) {
    const value = contact[key];
    if (value !== null && value !== undefined && value !== '') fields[key] = String(value);
  }
  // No first name: leave the one Kit has (the upsert would overwrite it).
  const firstName = contact.first_name?.trim() ? { first_name: contact.first_name } : {};
  return { email_address: contact.email, ...firstName, state: doubleOptIn ? 'inactive' : 'active', fields };
}

async function requireContact(db: Db, contactId: string): Promise<Contact> {
  const contact = await getContactById(db, contactId);
  if (!contact) throw new KitSyncError(KIT_MESSAGES.contactNotFound);
  return contact;
}

/** Tags by email; a CRM tag whose saved Kit id no longer exists in Kit is looked up again by name once. */
async function applyTag(db: Db, client: KitClient, email: string, tag: ResolvedKitTag): Promise<ResolvedKitTag> {
  try {
    await client.tagSubscriberByEmail(tag.kit_tag_id, email);
    return tag;
  } catch (error) {
    if (!(error instanceof KitApiError && error.status === 404 && tag.crm_tag)) throw error;
    forgetKitTag(client, tag.kit_name);
    const id = await kitTagIdByName(client, tag.kit_name);
    if (id === tag.kit_tag_id) throw error;
    const relinked = { ...tag, kit_tag_id: id, crm_tag: await linkCrmTag(db, tag.crm_tag, tag.kit_name, id) };
    await client.tagSubscriberByEmail(id, email);
    return relinked;
  }
}

export async function syncContactToKit(db: Db, client: KitClient, contactId: string, tagNames: string[]): Promise<KitSyncOutcome> {
  const contact = await requireContact(db, contactId);
  if (!contact.email?.trim()) throw new KitSyncError(KIT_MESSAGES.emailRequiredForTags);
  // Checked before any request: the upsert would turn an unsubscribed, bounced or complained subscriber active again.
  if (isFinalKitState(contact.kit_state)) throw new KitSyncError(kitStateFinalMessage(contact.kit_state!));
  const tags = await resolveKitTags(db, client, tagNames);

  // A sign-up waiting for its double opt-in joins its source's Kit form, which emails the confirmation.
  const formId = await pendingDoubleOptInForm(db, contact.id);
  const input = subscriberInput(contact, { doubleOptIn: formId !== null });
  const upserted = await client.upsertSubscriber(input);
  const { created } = upserted;
  let { subscriber } = upserted;
  if (!created) await updateLastNameIfDifferent(client, subscriber, contact);
  if (formId !== null) subscriber = { ...subscriber, state: (await client.addSubscriberToForm(formId, input.email_address)).subscriber.state };

  const applied: ResolvedKitTag[] = [];
  for (const tag of tags) applied.push(await applyTag(db, client, input.email_address, tag));

  await setContactKitId(db, contact.id, subscriber.id);
  // Kit's answer carries the subscriber's state, at the time of the answer (it gives none of its own).
  await db.transaction((tx) => applyKitStates(tx, [{ contact_id: contact.id, state: subscriber.state, at: new Date() }], 'sync'));
  return { kit_id: subscriber.id, created, tags: applied.map((t) => ({ name: t.name, kit_tag_id: t.kit_tag_id })) };
}

async function updateLastNameIfDifferent(client: KitClient, subscriber: KitSubscriber, contact: Contact): Promise<void> {
  // Only a field that exists in the account appears in Kit's answer; a PUT with an unknown key would be refused.
  if (!contact.last_name || !('last_name' in subscriber.fields)) return;
  if (subscriber.fields.last_name === contact.last_name) return;
  await client.updateSubscriber(subscriber.id, { email_address: subscriber.email_address, fields: { last_name: contact.last_name } });
}

/** "Check in Kit": looks the contact up by email and records the subscriber id, or null when Kit has none. */
export async function checkContactInKit(db: Db, client: KitClient, contactId: string): Promise<{ kit_id: number | null; subscriber: KitSubscriber | null }> {
  const contact = await requireContact(db, contactId);
  const subscriber = await client.findSubscriberByEmail(contact.email);
  await setContactKitId(db, contact.id, subscriber?.id ?? null);
  return { kit_id: subscriber?.id ?? null, subscriber };
}

/** Kit refused the API key itself (wrong, revoked, or without access): the sync waits for another key. */
export function isKeyRefused(error: unknown): boolean {
  return error instanceof KitApiError && (error.status === 401 || error.status === 403);
}

/** Failures that retrying the same job cannot fix (the worker marks the job failed at once). */
export function isPermanentSyncFailure(error: unknown): boolean {
  if (error instanceof KitSyncError || error instanceof KitNotConfiguredError || error instanceof KitKeyUnreadableError) return true;
  return error instanceof KitApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}
