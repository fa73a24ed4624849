import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FakeKit } from '../../../tests/fakes/fake-kit.ts';
import type { Db } from '../db/client.ts';
import { contacts, kitSyncJobs, tags } from '../db/schema.ts';
import type { KitConfig } from '../config.ts';
import type { WorkerLog } from './worker.ts';

/* Shared set-up for the Kit tests (not a test file itself). */

export const silentLog: WorkerLog = { info() {}, warn() {}, error() {} };

export function kitEnvFor(kit: FakeKit): KitConfig {
  return { apiBase: kit.url, rateLimit: kit.rateLimit.limit, rateWindowMs: kit.rateLimit.windowMs, secretKey: randomBytes(32).toString('base64') };
}

export async function seedContacts(db: Db, count: number, prefix = 'contact'): Promise<Array<typeof contacts.$inferSelect>> {
  const rows = Array.from({ length: count }, (_, i) => ({
    email: `${prefix}${i}-${randomBytes(3).toString('hex')}@example.com`,
    first_name: `First${i}`,
    last_name: `Last${i}`,
    phone: '+49 30 1234',
    source: 'landing_page' as const,
  }));
  return db.insert(contacts).values(rows).returning();
}

export async function seedTag(db: Db, name: string, kit: { kit_tag_name?: string | null; kit_tag_id?: number | null } = {}) {
  const [tag] = await db.insert(tags).values({ name, ...kit }).returning();
  return tag!;
}

export async function tagRow(db: Db, name: string) {
  const [tag] = await db.select().from(tags).where(eq(tags.name, name));
  return tag;
}

export async function jobsOf(db: Db, contactIds: string[]) {
  return db.select().from(kitSyncJobs).where(inArray(kitSyncJobs.contact_id, contactIds));
}

/** Polls until `check` holds (or fails after `timeoutMs`). */
export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 15_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
