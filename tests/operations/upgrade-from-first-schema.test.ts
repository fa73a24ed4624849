import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, openPglite, type Database, type Db } from '../../src/server/db/client.ts';
import { latestMigrationMillis, migrationsApplied } from '../../src/server/db/migration-state.ts';
import { openScratchPostgres } from '../helpers/test-db.ts';
import { testDriver } from '../helpers/test-db-config.ts';

/*
 * An installation made by the first release (migrations 0000-0001: the extensions and the first
 * schema), with data in every table it had, upgraded to this release's schema: every row comes
 * through with its values, and the columns added since hold their defaults.
 */

/** The committed migrations up to and including the first schema, as a folder of their own. */
function firstSchemaFolder(): string {
  const source = migrationsFolder();
  const journal = JSON.parse(fs.readFileSync(path.join(source, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  const first = journal.entries.slice(0, 2);
  expect(first.map((e) => e.tag)).toEqual(['0000_extensions', '0001_schema']);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-first-schema-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: first }));
  for (const { tag } of first) fs.copyFileSync(path.join(source, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return folder;
}

const ids = {
  owner: '00000000-0000-4000-8000-000000000001',
  ada: '00000000-0000-4000-8000-000000000011',
  grace: '00000000-0000-4000-8000-000000000012',
  page: '00000000-0000-4000-8000-000000000021',
  draft: '00000000-0000-4000-8000-000000000022',
  tag: '00000000-0000-4000-8000-000000000031',
  jobQueued: '00000000-0000-4000-8000-000000000041',
  jobFailed: '00000000-0000-4000-8000-000000000042',
  submission: '00000000-0000-4000-8000-000000000051',
  session: '00000000-0000-4000-8000-000000000061',
  image: '00000000-0000-4000-8000-000000000071',
  event: '00000000-0000-4000-8000-000000000081',
};
const T1 = '2025-03-01T09:30:00.000Z';
const T2 = '2025-03-02T10:45:00.000Z';
const builderConfig = { version: 1, sections: [{ id: 's1', type: 'hero', props: { title: 'Willkommen' } }] };

/** The first release's rows, written as its schema had them. */
async function fillFirstSchema(db: Db): Promise<void> {
  await db.execute(sql`insert into users (id, email, password_hash, role, created_at, updated_at)
    values (${ids.owner}, 'owner@example.com', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g', 'admin', ${T1}, ${T2})`);
  await db.execute(sql`insert into sessions (id, user_id, token_hash, created_at, expires_at, user_agent)
    values (${ids.session}, ${ids.owner}, 'f00dfeed', ${T1}, '2025-04-01T09:30:00Z', 'Mozilla/5.0 (X11; Linux x86_64)')`);
  await db.execute(sql`insert into contacts (id, email, first_name, last_name, full_name, phone, address, country, linkedin, source, status, tags, kit_id, url_parameters, created_at, updated_at) values
    (${ids.ada}, 'ada@example.com', 'Ada', 'Lovelace', 'Ada Lovelace', '+49 30 1234567', 'Unter den Linden 1, Berlin', 'DE', 'https://www.linkedin.com/in/ada', 'lem_landing', 'customer', '{LEM_Waiting_List,VIP}', 4711, ${JSON.stringify({ utm_source: 'newsletter' })}::jsonb, ${T1}, ${T2}),
    (${ids.grace}, 'Grace@Example.com', null, null, null, null, null, null, null, 'manual', 'lead', '{}', null, '{}'::jsonb, ${T2}, ${T2})`);
  await db.execute(sql`insert into tags (id, name, description, color, kit_tag_name, kit_tag_id, created_at, updated_at)
    values (${ids.tag}, 'VIP', 'Paying customers', '#10B981', 'vip', 99, ${T1}, ${T1})`);
  await db.execute(sql`insert into kit_sync_jobs (id, contact_id, tag_names, status, attempts, run_after, locked_at, last_error, finished_at, created_at, updated_at) values
    (${ids.jobQueued}, ${ids.ada}, '{LEM_Waiting_List,via_mycrm}', 'queued', 0, ${T2}, null, null, null, ${T2}, ${T2}),
    (${ids.jobFailed}, ${ids.grace}, '{}', 'failed', 5, ${T1}, null, 'Kit answered 422', ${T2}, ${T1}, ${T2})`);
  await db.execute(sql`insert into landing_pages (id, title, slug, content, page_type, is_active, builder_config, created_at, updated_at) values
    (${ids.page}, 'Frühjahrs-Webinar', 'spring-webinar', '<h1>Willkommen</h1>', 'builder', true, ${JSON.stringify(builderConfig)}::jsonb, ${T1}, ${T2}),
    (${ids.draft}, 'Entwurf', 'draft-page', '<p>HTML</p>', 'html', false, null, ${T1}, ${T1})`);
  await db.execute(sql`insert into lead_submissions (id, contact_id, landing_page_id, form_data, created_at)
    values (${ids.submission}, ${ids.ada}, ${ids.page}, ${JSON.stringify({ email: 'ada@example.com', campaign: 'waiting_list' })}::jsonb, ${T2})`);
  await db.execute(sql`insert into uploaded_images (id, name, url, storage_key, size, uploaded_at, user_id, landing_page_id, width, height, mime_type, tags, usage_count)
    values (${ids.image}, 'hero.jpg', '/uploads/ab/hero.jpg', 'ab/hero.jpg', 123456, ${T1}, ${ids.owner}, ${ids.page}, 1600, 900, 'image/jpeg', '{hero}', 3)`);
  await db.execute(sql`insert into calendar_events (id, event_id, title, start_date, start_time, end_date, end_time, timezone, description, location, guests, organizer_name, organizer_email, reminder_enabled, reminder_minutes, recurrence_enabled, recurrence_frequency, recurrence_interval, recurrence_count, recurrence_until, source_website, source_name, created_at, updated_at, created_by)
    values (${ids.event}, 'evt-2025-spring', 'Frühjahrs-Webinar', '2025-04-10', '18:00', '2025-04-10', '19:30', 'Europe/Berlin', 'Live Q&A', 'Zoom', 'guest@example.com', 'Owner', 'owner@example.com', true, 60, true, 'MONTHLY', 1, 3, null, 'https://example.com', 'Example', ${T1}, ${T2}, ${ids.owner})`);
  await db.execute(sql`insert into app_settings (key, value, updated_at) values ('kit_api_key', 'v1:sealed-key-bytes', ${T1})`);
  await db.execute(sql`insert into auth_throttle (key, hits, window_started_at) values ('login:ip:203.0.113.9', 4, ${T2})`);
}

const rows = async (db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
const iso = (value: unknown) => new Date(value as string).toISOString();

async function checkEveryRow(db: Db): Promise<void> {
  expect(await rows(db, sql`select id, email, password_hash, role, created_at, updated_at, last_active_at from users`)).toEqual([
    { id: ids.owner, email: 'owner@example.com', password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g', role: 'admin', created_at: expect.anything(), updated_at: expect.anything(), last_active_at: null },
  ]);
  const [session] = await rows(db, sql`select * from sessions`);
  expect({ ...session, created_at: iso(session!.created_at), expires_at: iso(session!.expires_at) }).toEqual({
    id: ids.session, user_id: ids.owner, token_hash: 'f00dfeed', created_at: T1, expires_at: '2025-04-01T09:30:00.000Z', user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
  });

  const contacts = await rows(db, sql`select id, email, first_name, last_name, full_name, phone, address, country, linkedin, source, status, tags, kit_id::text as kit_id, url_parameters, kit_state, kit_state_at, created_at from contacts order by created_at`);
  expect(contacts.map((c) => ({ ...c, created_at: iso(c.created_at) }))).toEqual([
    { id: ids.ada, email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', full_name: 'Ada Lovelace', phone: '+49 30 1234567', address: 'Unter den Linden 1, Berlin', country: 'DE', linkedin: 'https://www.linkedin.com/in/ada', source: 'lem_landing', status: 'customer', tags: ['LEM_Waiting_List', 'VIP'], kit_id: '4711', url_parameters: { utm_source: 'newsletter' }, kit_state: null, kit_state_at: null, created_at: T1 },
    { id: ids.grace, email: 'Grace@Example.com', first_name: null, last_name: null, full_name: null, phone: null, address: null, country: null, linkedin: null, source: 'manual', status: 'lead', tags: [], kit_id: null, url_parameters: {}, kit_state: null, kit_state_at: null, created_at: T2 },
  ]);
  expect(await rows(db, sql`select id, name, description, color, kit_tag_name, kit_tag_id::text as kit_tag_id from tags`)).toEqual([
    { id: ids.tag, name: 'VIP', description: 'Paying customers', color: '#10B981', kit_tag_name: 'vip', kit_tag_id: '99' },
  ]);
  const jobs = await rows(db, sql`select id, contact_id, tag_names, batch_id, status::text as status, attempts, last_error, finished_at from kit_sync_jobs order by attempts`);
  expect(jobs.map((j) => ({ ...j, finished_at: j.finished_at && iso(j.finished_at) }))).toEqual([
    { id: ids.jobQueued, contact_id: ids.ada, tag_names: ['LEM_Waiting_List', 'via_mycrm'], batch_id: null, status: 'queued', attempts: 0, last_error: null, finished_at: null },
    { id: ids.jobFailed, contact_id: ids.grace, tag_names: [], batch_id: null, status: 'failed', attempts: 5, last_error: 'Kit answered 422', finished_at: T2 },
  ]);
  expect(await rows(db, sql`select id, title, slug, content, page_type, is_active, builder_config, version, updated_by, settings from landing_pages order by slug`)).toEqual([
    { id: ids.draft, title: 'Entwurf', slug: 'draft-page', content: '<p>HTML</p>', page_type: 'html', is_active: false, builder_config: null, version: 1, updated_by: null, settings: null },
    { id: ids.page, title: 'Frühjahrs-Webinar', slug: 'spring-webinar', content: '<h1>Willkommen</h1>', page_type: 'builder', is_active: true, builder_config: builderConfig, version: 1, updated_by: null, settings: null },
  ]);
  // The page history that came later starts with each page's content as version 1, of its last save.
  const versions = await rows(db, sql`select landing_page_id, version, content, page_type, created_at from landing_page_versions order by content`);
  expect(versions.map((v) => ({ ...v, created_at: iso(v.created_at) }))).toEqual([
    { landing_page_id: ids.page, version: 1, content: '<h1>Willkommen</h1>', page_type: 'builder', created_at: T2 },
    { landing_page_id: ids.draft, version: 1, content: '<p>HTML</p>', page_type: 'html', created_at: T1 },
  ]);
  expect(await rows(db, sql`select id, contact_id, landing_page_id, form_data from lead_submissions`)).toEqual([
    { id: ids.submission, contact_id: ids.ada, landing_page_id: ids.page, form_data: { email: 'ada@example.com', campaign: 'waiting_list' } },
  ]);
  // usage_count was dropped (0007): everything else is as it was.
  expect(await rows(db, sql`select * from uploaded_images`)).toEqual([
    { id: ids.image, name: 'hero.jpg', url: '/uploads/ab/hero.jpg', storage_key: 'ab/hero.jpg', size: 123456, uploaded_at: expect.anything(), user_id: ids.owner, landing_page_id: ids.page, width: 1600, height: 900, mime_type: 'image/jpeg', tags: ['hero'] },
  ]);
  expect(await rows(db, sql`select id, event_id, title, start_date::text as start_date, start_time, end_date::text as end_date, end_time, timezone, description, location, guests, organizer_name, organizer_email, reminder_enabled, reminder_minutes, recurrence_enabled, recurrence_frequency, recurrence_interval, recurrence_count, recurrence_until, source_website, source_name, created_by from calendar_events`)).toEqual([
    { id: ids.event, event_id: 'evt-2025-spring', title: 'Frühjahrs-Webinar', start_date: '2025-04-10', start_time: '18:00', end_date: '2025-04-10', end_time: '19:30', timezone: 'Europe/Berlin', description: 'Live Q&A', location: 'Zoom', guests: 'guest@example.com', organizer_name: 'Owner', organizer_email: 'owner@example.com', reminder_enabled: true, reminder_minutes: 60, recurrence_enabled: true, recurrence_frequency: 'MONTHLY', recurrence_interval: 1, recurrence_count: 3, recurrence_until: null, source_website: 'https://example.com', source_name: 'Example', created_by: ids.owner },
  ]);
  expect(await rows(db, sql`select key, value from app_settings where key = 'kit_api_key'`)).toEqual([{ key: 'kit_api_key', value: 'v1:sealed-key-bytes' }]);
  expect(await rows(db, sql`select key, hits from auth_throttle`)).toEqual([{ key: 'login:ip:203.0.113.9', hits: 4 }]);
}

async function scratchDatabase(): Promise<Database> {
  return testDriver === 'postgres' ? openScratchPostgres({ migrate: false }) : openPglite({ migrate: false });
}

describe('upgrading an installation of the first release', () => {
  it('migrates its database to the latest schema with every row intact, and it is ready then', async () => {
    const database = await scratchDatabase();
    const folder = firstSchemaFolder();
    try {
      // Both drivers' migrators run the same dialect code on the drizzle instance they are given.
      const migrator = database.db as unknown as NodePgDatabase;
      await migrate(migrator, { migrationsFolder: folder });
      expect(await migrationsApplied(database.db)).toBe(false);
      await fillFirstSchema(database.db);

      await migrate(migrator, { migrationsFolder: migrationsFolder() });
      expect(await migrationsApplied(database.db)).toBe(true);
      const [newest] = await rows(database.db, sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`);
      expect(Number(newest!.newest)).toBe(latestMigrationMillis());
      await checkEveryRow(database.db);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
      await database.close();
    }
  }, 120_000);
});
