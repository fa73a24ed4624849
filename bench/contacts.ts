/**
 * Contacts at 100,000 rows, measured through the HTTP layer (app.inject on buildApp), as the
 * browser gets them: p50/p95 of the list's first and a deep page, a search, a 1- and 2-letter search, a filtered search and
 * the dashboard, on PGlite and (with BENCH_DATABASE_URL) on PostgreSQL, side by side.
 *
 *   npx tsx bench/contacts.ts
 *   BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/postgres npx tsx bench/contacts.ts
 *
 * PostgreSQL runs in a fresh database created on that server and dropped afterwards (the role
 * needs CREATEDB); the PGlite database lives in a temporary directory. Budget: p95 of
 * a search or a page under 50 ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { upsertUser } from '../src/server/auth/users.ts';
import { loadConfig } from '../src/server/config.ts';
import { openPglite, type Database } from '../src/server/db/client.ts';
import { encodeCursor } from '../src/server/contacts/query.ts';
import { IMPORT_JOB_PATHS } from '../src/shared/contacts/import-job.ts';
import { generateContacts, seedContacts } from './seed-contacts.ts';
import { withBenchPostgres } from './helpers/postgres.ts';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const WARMUP = 20;
const EMAIL = 'bench@example.com';
const PASSWORD = 'bench password that is long enough';

const SEARCHES = ['schmidt', 'anna', 'gmail', 'müller', 'thomas', 'web.de', 'weber', 'julia', 'koch', 'coaching'];
const SHORT_SEARCHES = ['a', 'an', 'm', 'sc', 'er', 'zq', 'q', 'jo'];
const FILTERED = [
  'search=anna&status=customer',
  'search=schmidt&tag=vip',
  'search=gmail&source=landing_page&status=lead',
  'search=müller&tag=newsletter&status=prospect',
  'search=thomas&source=webinar_signup',
];

interface Scenario {
  name: string;
  samples: number;
  /** The i-th request's URL: scenarios rotate through several queries. */
  url: (i: number) => string;
}

interface Result {
  name: string;
  p50: number;
  p95: number;
  samples: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function benchDatabase(label: string, database: Database): Promise<{ results: Result[]; notes: string[] }> {
  const notes: string[] = [];
  const db = database.db;
  let started = performance.now();
  await seedContacts(db, CONTACTS);
  await db.execute(sql`analyze`); // PostgreSQL's autovacuum would do this on its own; PGlite has none.
  notes.push(`seeded ${CONTACTS.toLocaleString('en-US')} contacts in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir() });
  const app = await buildApp({ config, database });
  await app.ready();
  await upsertUser(db, EMAIL, PASSWORD);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: EMAIL, password: PASSWORD } });
  // In production the cookie is __Host-mycrm_session.
  const session = login.cookies.find((c) => c.name.endsWith('mycrm_session'));
  if (!session) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
  const headers = { cookie: `${session.name}=${session.value}` };

  // A real cursor 90 % down the default order: a deep page.
  const deepRows = (await db.execute(
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at, id::text as id
        from contacts order by created_at desc nulls last, id desc offset ${Math.floor(CONTACTS * 0.9)} limit 1`,
  )) as unknown as { rows: Array<{ created_at: string; id: string }> };
  const deep = deepRows.rows[0]!;
  const deepCursor = encodeURIComponent(encodeCursor('created_at', 'desc', [deep.created_at, deep.id]));

  const scenarios: Scenario[] = [
    { name: 'contacts: first page (50)', samples: SAMPLES, url: () => '/api/contacts' },
    { name: 'contacts: deep page (row 90 %)', samples: SAMPLES, url: () => `/api/contacts?cursor=${deepCursor}` },
    { name: 'contacts: search', samples: SAMPLES, url: (i) => `/api/contacts?search=${encodeURIComponent(SEARCHES[i % SEARCHES.length]!)}` },
    // One or two letters match the start of the email or a name (PREFIX_SEARCH_MAX): common, rare and absent starts.
    { name: 'contacts: 1- and 2-letter search', samples: SAMPLES, url: (i) => `/api/contacts?search=${SHORT_SEARCHES[i % SHORT_SEARCHES.length]}` },
    { name: 'contacts: filtered search', samples: SAMPLES, url: (i) => `/api/contacts?${FILTERED[i % FILTERED.length]!.replace('müller', encodeURIComponent('müller'))}` },
    { name: 'contacts: tag filter only', samples: SAMPLES, url: (i) => `/api/contacts?tag=${['vip', 'beta-tester', 'podcast'][i % 3]}` },
    { name: 'dashboard', samples: SAMPLES, url: () => '/api/dashboard' },
    // Beyond the budget's list: figures worth knowing.
    { name: '(contacts stats)', samples: SAMPLES, url: () => '/api/contacts/stats' },

    { name: '(sort by email)', samples: 50, url: () => '/api/contacts?sort=email' },
    { name: '(sort by status)', samples: 50, url: () => '/api/contacts?sort=status' },
    { name: '(sort by name, no index)', samples: 50, url: () => '/api/contacts?sort=name' },
  ];

  const results: Result[] = [];
  for (const scenario of scenarios) {
    const times: number[] = [];
    for (let i = 0; i < WARMUP + scenario.samples; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: scenario.url(i), headers });
      const elapsed = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${scenario.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (i >= WARMUP) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    results.push({ name: scenario.name, p50: percentile(times, 50), p95: percentile(times, 95), samples: times.length });
    process.stdout.write(`  ${label}: ${scenario.name} done\n`);
  }

  started = performance.now();
  const csv = await app.inject({ method: 'GET', url: '/api/contacts/export.csv', headers });
  notes.push(`CSV export of all ${CONTACTS.toLocaleString('en-US')} contacts: ${((performance.now() - started) / 1000).toFixed(1)} s, ${(csv.rawPayload.length / 1e6).toFixed(1)} MB`);

  const rows = generateContacts(10_000, 7).map((c, i) => ({ email: `import${i}.${c.email}`, first: c.first_name ?? '', last: c.last_name ?? '', tags: c.tags?.join(';') ?? '' }));
  const mapping = { email: 'email', first_name: 'first', last_name: 'last', tags: 'tags' };
  started = performance.now();
  const imported = await app.inject({ method: 'POST', url: '/api/contacts/import', headers: { ...headers, origin: 'http://localhost', host: 'localhost' }, payload: { rows, mapping } });
  // The import goes on in the background, a batch at a time: followed to its end, as the screen does.
  let job = imported.json().job;
  while (job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 50));
    job = (await app.inject({ method: 'GET', url: IMPORT_JOB_PATHS.job.path({ id: job.id }), headers })).json().job;
  }
  notes.push(`CSV import of 10,000 new rows: ${((performance.now() - started) / 1000).toFixed(1)} s (created ${job.created}, invalid ${job.invalid})`);

  await app.close();
  return { results, notes };
}

async function withPglite<T>(run: (database: Database) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-bench-'));
  const database = await openPglite({ dataDir: dir });
  try {
    return await run(database);
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (ms: number | undefined) => (ms === undefined ? '' : ms.toFixed(1));

async function main() {
  const runs: Array<{ label: string; results: Result[]; notes: string[] }> = [];
  console.log(`Seeding ${CONTACTS.toLocaleString('en-US')} contacts and measuring ${SAMPLES} samples per scenario after ${WARMUP} warm-up requests...`);
  runs.push({ label: 'PGlite', ...(await withPglite((d) => benchDatabase('PGlite', d))) });
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) runs.push({ label: 'PostgreSQL', ...(await withBenchPostgres(pgUrl, (d) => benchDatabase('PostgreSQL', d))) });

  const header = ['scenario (ms)', 'n', ...runs.flatMap((r) => [`${r.label} p50`, `${r.label} p95`])];
  const lines = runs[0]!.results.map((first, i) => [first.name, String(first.samples), ...runs.flatMap((r) => [fmt(r.results[i]?.p50), fmt(r.results[i]?.p95)])]);
  const widths = header.map((h, c) => Math.max(h.length, ...lines.map((l) => l[c]!.length)));
  const row = (cells: string[]) => cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  console.log(`\n${row(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const line of lines) console.log(row(line));
  for (const r of runs) for (const note of r.notes) console.log(`${r.label}: ${note}`);
  if (!pgUrl) console.log('(set BENCH_DATABASE_URL to measure PostgreSQL side by side)');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
