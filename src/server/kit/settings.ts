import type { Db } from '../db/client.ts';
import { readSetting, writeSetting } from '../settings/service.ts';
import { KIT_MESSAGES } from '../../shared/kit/messages.ts';
import { decryptSecret, encryptSecret, loadSecretKey } from './secret-box.ts';

/** The app_settings row that holds the Kit API key (spec 000, section 3), encrypted. */
export const KIT_API_KEY_SETTING = 'kit_api_key';

export class KitNotConfiguredError extends Error {
  constructor() {
    super(KIT_MESSAGES.notConfigured);
  }
}

export class KitKeyUnreadableError extends Error {
  constructor() {
    super(KIT_MESSAGES.keyUnreadable);
  }
}

/** The key as the browser may see it. */
export interface KitKeyStatus {
  configured: boolean;
  /** The last four characters only, e.g. "••••••••3f9a". */
  masked_key: string | null;
  updated_at: string | null;
  /** Set when a value is stored but cannot be decrypted with this server's secret. */
  error?: string;
}

/** Reads the secret lazily (first use), so a server that never touches Kit never creates secret.key. */
export function secretKeyProvider(dataDir: string, fromEnv: string | undefined): () => Buffer {
  let key: Buffer | undefined;
  return () => (key ??= loadSecretKey(dataDir, fromEnv));
}

export function maskApiKey(apiKey: string): string {
  return '•'.repeat(8) + (apiKey.length >= 12 ? apiKey.slice(-4) : '');
}

const readRow = (db: Db) => readSetting(db, KIT_API_KEY_SETTING);

/** The API key in clear, or null when none is saved (an empty value means cleared). */
export async function readKitApiKey(db: Db, secret: () => Buffer): Promise<string | null> {
  const row = await readRow(db);
  if (!row?.value) return null;
  try {
    return decryptSecret(secret(), row.value, KIT_API_KEY_SETTING);
  } catch {
    throw new KitKeyUnreadableError();
  }
}

export async function requireKitApiKey(db: Db, secret: () => Buffer): Promise<string> {
  const key = await readKitApiKey(db, secret);
  if (!key) throw new KitNotConfiguredError();
  return key;
}

export async function saveKitApiKey(db: Db, secret: () => Buffer, apiKey: string): Promise<void> {
  await writeSetting(db, KIT_API_KEY_SETTING, encryptSecret(secret(), apiKey, KIT_API_KEY_SETTING));
}

/** Clearing sets the value to empty, as the original did. */
export async function clearKitApiKey(db: Db): Promise<void> {
  await writeSetting(db, KIT_API_KEY_SETTING, '');
}

export async function describeKitApiKey(db: Db, secret: () => Buffer): Promise<KitKeyStatus> {
  const row = await readRow(db);
  if (!row?.value) return { configured: false, masked_key: null, updated_at: row?.updated_at.toISOString() ?? null };
  try {
    const apiKey = decryptSecret(secret(), row.value, KIT_API_KEY_SETTING);
    return { configured: true, masked_key: maskApiKey(apiKey), updated_at: row.updated_at.toISOString() };
  } catch {
    return { configured: false, masked_key: null, updated_at: row.updated_at.toISOString(), error: KIT_MESSAGES.keyUnreadable };
  }
}
