import type { z } from 'zod';
import { KIT_CUSTOM_FIELD_KEYS } from '../../shared/kit/messages.ts';
import type { ConnectionResult, kitSubscriberQuerySchema } from '../../shared/kit/api.ts';
import { AppError } from '../http/errors.ts';
import { KitApiError } from './client.ts';
import { interactiveKitClient, kitClientForKey, type KitContext } from './connection.ts';
import { primeKitTagCache } from './tag-ids.ts';

/* What the Kit screen reads from Kit itself, for the saved key (or a key typed in). */

/** Tests the saved key, or a key typed in but not saved yet. Never throws for Kit's answer: `ok` says how it went. */
export async function testKitConnection(ctx: KitContext, typedKey?: string): Promise<ConnectionResult> {
  const client = typedKey ? kitClientForKey(ctx.env, typedKey, { priority: 'interactive', maxAttempts: 2 }) : await interactiveKitClient(ctx);
  const result = await client.testConnection();
  if (!result.ok) return { ok: false, error: result.error };
  const { account, user } = result.account;
  return { ok: true, account: { name: account.name, email: account.primary_email_address || user.email } };
}

export async function kitSubscriberCounts(ctx: KitContext) {
  const client = await interactiveKitClient(ctx);
  const [total, active] = await Promise.all([client.countSubscribers('all'), client.countSubscribers('active')]);
  return { total_subscribers: total, active_subscribers: active };
}

export async function listKitForms(ctx: KitContext) {
  return (await interactiveKitClient(ctx)).listAllForms();
}

/** Kit's tags; listing them also primes the tag-id cache, so syncing to one of them costs no lookup. */
export async function listKitTags(ctx: KitContext) {
  const client = await interactiveKitClient(ctx);
  const tags = await client.listAllTags();
  primeKitTagCache(client, tags);
  return tags;
}

export async function listKitSubscribers(ctx: KitContext, { per_page, after, before, email, status }: z.output<typeof kitSubscriberQuerySchema>) {
  const client = await interactiveKitClient(ctx);
  try {
    // Newest first, as the screen says: Kit's ids grow with each new subscriber, and Kit sorts only when told how.
    return await client.listSubscribers({ per_page, after, before, email_address: email, status, sort_field: 'id', sort_order: 'desc' });
  } catch (error) {
    // Kit refusing what the browser asked for (a stale or made-up cursor) is no failure of Kit's.
    if (error instanceof KitApiError && (error.status === 400 || error.status === 422)) throw new AppError(400, 'kit_request_refused', error.message);
    throw error;
  }
}

/** Creates the custom fields the sync writes (last_name, phone, …), skipping those that exist. */
export async function createMissingCustomFields(ctx: KitContext): Promise<{ created: string[]; existing: string[] }> {
  const client = await interactiveKitClient(ctx);
  const existing = new Set((await client.listCustomFields()).map((f) => f.key));
  const created: string[] = [];
  for (const key of KIT_CUSTOM_FIELD_KEYS) {
    if (existing.has(key)) continue;
    await client.createCustomField(key);
    created.push(key);
  }
  return { created, existing: KIT_CUSTOM_FIELD_KEYS.filter((key) => existing.has(key)) };
}
