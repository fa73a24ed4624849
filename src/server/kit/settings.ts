import type { KitKeyStatus } from '../../shared/kit/api.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { readSetting, writeSetting } from '../settings/service.ts';
import { KIT_MESSAGES } from '../../shared/kit/messages.ts';
import { resumeJobsWaitingForKey } from './queue.ts';
import { decryptSecret, encryptSecret, loadSecretKey } from './secret-box.ts';

/** The app_settings row (key kit_api_key) that holds the Kit API key, encrypted. */
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
  if (!row?.value) return { configured: false, masked_key: null, updated_at: row?.updated_at ?? null };
  try {
    const apiKey = decryptSecret(secret(), row.value, KIT_API_KEY_SETTING);
    return { configured: true, masked_key: maskApiKey(apiKey), updated_at: row.updated_at };
  } catch {
    return { configured: false, masked_key: null, updated_at: row.updated_at, error: KIT_MESSAGES.keyUnreadable };
  }
}

/** Saves a new key and answers its status; a failure to store it is the server's, with 'Failed to save API key'. */
export async function replaceKitApiKey(db: Db, secret: () => Buffer, apiKey: string): Promise<KitKeyStatus> {
  try {
    await saveKitApiKey(db, secret, apiKey);
  } catch (error) {
    throw new AppError(500, 'kit_key_save_failed', KIT_MESSAGES.saveFailed, undefined, { cause: error });
  }
  // Syncs Kit refused because of the old key run again with this one.
  await resumeJobsWaitingForKey(db);
  return describeKitApiKey(db, secret);
}
