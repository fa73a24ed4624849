import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { generateContacts } from '../../../bench/seed-contacts.ts';
import type { Db } from '../db/client.ts';
import { contacts, tags } from '../db/schema.ts';
import { quoteIdent, rowsOf, tablesInLoadOrder } from './database-shape.ts';

/** Data of many kinds for backup tests and the benchmark: what a restore must give back unchanged. */

export interface SeedOptions {
  contacts: number;
  images: number;
  /** The uploads folder the image files go into. */
  uploadsDir: string;
}

/**
 * Users, tags, contacts (arrays, JSON, enums, odd text), timeline events (an identity column), a
 * landing page, settings and images with their files: every kind of column the schema has.
 */
export async function seedBackupData(db: Db, options: SeedOptions): Promise<void> {
  const [user] = await rowsOf<{ id: string; email: string }>(
    db,
    sql`insert into users (email, password_hash) values ('owner@example.com', '$argon2id$not-a-real-hash') returning id, email`,
  );
  if (!user) throw new Error('no user');
  await db.insert(tags).values([{ name: 'vip', description: 'Zeilen\nmit "Anführungszeichen" & \\ Backslash' }, { name: 'newsletter' }]);
  const rows = generateContacts(options.contacts, 7, Date.UTC(2026, 0, 1));
  if (rows[0]) rows[0] = { ...rows[0], first_name: 'Zoë \u{1F600} \u202E', tags: ['vip', 'a,b', 'with "quote"'], url_parameters: { utm_source: 'x\ny', n: '{"nested":1}' } };
  for (let i = 0; i < rows.length; i += 1000) await db.insert(contacts).values(rows.slice(i, i + 1000));
  await db.execute(sql`
    insert into contact_events (contact_id, type, actor, data, created_at)
    select id, 'created', ${JSON.stringify({ kind: 'user', user_id: user.id, email: user.email })}::jsonb,
      jsonb_build_object('type', 'created', 'values', jsonb_build_object('email', email)), created_at
    from contacts order by email limit 500`);
  await db.execute(sql`
    insert into landing_pages (title, slug, content, builder_config, updated_by)
    values ('Frühling', 'fruehling-2026', '<h1>Hallo</h1>', ${JSON.stringify({ root: { children: [{ type: 'heading', text: 'Hallo' }] } })}::jsonb, ${user.id})`);
  for (let i = 0; i < options.images; i++) {
    const key = `images/${randomBytes(8).toString('hex')}.png`;
    const bytes = randomBytes(2_000 + ((i * 7919) % 60_000));
    fs.mkdirSync(path.join(options.uploadsDir, 'images'), { recursive: true });
    fs.writeFileSync(path.join(options.uploadsDir, key), bytes);
    await db.execute(sql`
      insert into uploaded_images (name, url, storage_key, size, user_id, width, height, mime_type, tags)
      values (${`photo ${i}.png`}, ${`/uploads/${key}`}, ${key}, ${bytes.length}, ${user.id}, 640, 480, 'image/png', array['team', ${`n${i}`}])`);
  }
}

/**
 * Each table's row count and a checksum of every row (md5 of its JSON, timestamps in UTC), sorted:
 * two databases with equal fingerprints hold the same rows.
 */
export async function tableFingerprints(db: Db): Promise<Record<string, { rows: number; checksums: string[] }>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('TimeZone', 'UTC', true)`);
    const result: Record<string, { rows: number; checksums: string[] }> = {};
    for (const table of await tablesInLoadOrder(tx)) {
      const checksums = await rowsOf<{ sum: string }>(tx, sql.raw(`select md5(row_to_json(t)::text) as sum from ${quoteIdent(table.name)} t order by 1`));
      result[table.name] = { rows: checksums.length, checksums: checksums.map((c) => c.sum) };
    }
    return result;
  });
}

/** Every file under a folder with the sha256 of its bytes. */
export function fileFingerprints(root: string): Record<string, string> {
  if (!fs.existsSync(root)) return {};
  const result: Record<string, string> = {};
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    result[path.relative(root, full)] = createHash('sha256').update(fs.readFileSync(full)).digest('hex');
  }
  return result;
}
