import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { readSetting, writeSetting } from '../../settings/service.ts';
import { decryptSecret, encryptSecret } from '../secret-box.ts';

/**
 * The webhook endpoint the CRM registered in Kit: Kit's id for it (to remove it), the random token in
 * its URL, and its signing secret, encrypted like the API key (the setting's name is bound into the
 * ciphertext). One app_settings row; an empty value means live updates are off.
 */
export const KIT_WEBHOOK_SETTING = 'kit_webhook_endpoint';

export interface WebhookEndpoint {
  kit_endpoint_id: number;
  token: string;
  secret: string;
  url: string;
  enabled_at: string;
}

type Stored = Omit<WebhookEndpoint, 'secret'> & { secret: string };

export const newEndpointToken = () => randomBytes(24).toString('base64url');

export async function readWebhookEndpoint(db: Db, key: () => Buffer): Promise<WebhookEndpoint | null> {
  const row = await readSetting(db, KIT_WEBHOOK_SETTING);
  if (!row?.value) return null;
  const stored = JSON.parse(row.value) as Stored;
  return { ...stored, secret: decryptSecret(key(), stored.secret, KIT_WEBHOOK_SETTING) };
}

export async function saveWebhookEndpoint(db: Db, key: () => Buffer, endpoint: WebhookEndpoint): Promise<void> {
  const stored: Stored = { ...endpoint, secret: encryptSecret(key(), endpoint.secret, KIT_WEBHOOK_SETTING) };
  await writeSetting(db, KIT_WEBHOOK_SETTING, JSON.stringify(stored));
}

export async function clearWebhookEndpoint(db: Db): Promise<void> {
  await writeSetting(db, KIT_WEBHOOK_SETTING, '');
}

/** Compares a path's token with the endpoint's in constant time (a guess learns nothing from the time). */
export function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
