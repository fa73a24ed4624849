import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appSettings } from './schema.ts';

/*
 * Single stored values by key (table app_settings). Each key belongs to the feature that names it
 * (kit: the API key; auth: the setup link's token); this file only stores and reads them.
 */

export interface StoredSetting {
  value: string;
  updated_at: Date;
}

/** Whether the setting holds a value (an empty one means cleared), as a condition in SQL. */
export const settingIsSet = (key: string): SQL => sql`exists (select 1 from ${appSettings} where ${appSettings.key} = ${key} and ${appSettings.value} <> '')`;

export async function readSetting(db: Db, key: string): Promise<StoredSetting | undefined> {
  const [row] = await db.select({ value: appSettings.value, updated_at: appSettings.updated_at }).from(appSettings).where(eq(appSettings.key, key));
  return row;
}

/** The setting, locked until the transaction ends (of two simultaneous writers, the second waits). */
export async function readSettingForUpdate(tx: Db, key: string): Promise<StoredSetting | undefined> {
  const [row] = await tx
    .select({ value: appSettings.value, updated_at: appSettings.updated_at })
    .from(appSettings)
    .where(eq(appSettings.key, key))
    .for('update');
  return row;
}

export async function writeSetting(db: Db, key: string, value: string): Promise<void> {
  const updated_at = new Date();
  await db.insert(appSettings).values({ key, value, updated_at }).onConflictDoUpdate({ target: appSettings.key, set: { value, updated_at } });
}

export async function deleteSetting(db: Db, key: string): Promise<void> {
  await db.delete(appSettings).where(eq(appSettings.key, key));
}
