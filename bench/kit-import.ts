/*
 * Import-from-Kit benchmark: `npx tsx bench/kit-import.ts` (npm run bench:kit-import).
 *
 * 10,000 subscribers in every state with 20 tags (0 to 4 each) in the fake Kit, imported into an
 * empty CRM on the embedded database by the real job, runner, rate limiter and client, with the CRM
 * in a child process as the server would be. The import needs few requests (about 80), so its time
 * is mostly the CRM's own writes, which a scaled clock would not shrink: it runs at Kit's real limit
 * of 120 requests per 60 s, unscaled, and the times printed are real. Run twice: once straight
 * through, once with the child killed (SIGKILL) halfway through the subscribers and started again,
 * which takes the job over once its 30 s lease has run out and goes on from its last page.
 *
 * Goals: under 5 minutes at Kit's real limit; every subscriber a contact with its state and tags;
 * 0 lost, 0 duplicated (each contact created once, every subscriber counted once).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { startFakeKit, type FakeKit } from '../tests/fakes/fake-kit.ts';
import { openPglite } from '../src/server/db/client.ts';
import { contactEvents, contacts, kitImportJobs } from '../src/server/db/schema.ts';
import { getKitImportState, startKitImportJob } from '../src/server/kit/import/job.ts';
import { startKitImportRunner } from '../src/server/kit/import/runner.ts';
import { parseSecretKey } from '../src/server/kit/secret-box.ts';
import { saveKitApiKey } from '../src/server/kit/settings.ts';

const SUBSCRIBERS = Number(process.env.BENCH_KIT_SUBSCRIBERS ?? 10_000);
const TAGS = 20;
const LIMIT = 120;
const REAL_WINDOW_MS = 60_000;
const WINDOW_MS = REAL_WINDOW_MS;
const STATES = ['active', 'inactive', 'cancelled', 'bounced', 'complained'] as const;

/** The child: the CRM's side, on the data directory it is given, until it is killed or the import ends. */
async function child() {
  const { BENCH_DATA_DIR: dataDir, BENCH_KIT_URL: apiBase, BENCH_KIT_KEY: apiKey, BENCH_SECRET: secretKey } = process.env;
  const database = await openPglite({ dataDir: dataDir! });
  const db = database.db;
  const kit = { apiBase: apiBase!, rateLimit: LIMIT, rateWindowMs: WINDOW_MS, secretKey: secretKey!, reconcileIntervalMs: 0 };
  if ((await db.select().from(kitImportJobs)).length === 0) {
    await saveKitApiKey(db, () => parseSecretKey(secretKey!), apiKey!);
    await startKitImportJob(db, 'import');
  }
  const log = { info() {}, warn: (o: object, m?: string) => console.error(m), error: (o: object, m?: string) => console.error(m, o) };
  const runner = startKitImportRunner({ db, config: { dataDir: dataDir!, kit }, log, pollMs: 100 });
  for (;;) {
    const job = (await getKitImportState(db)).import!;
    process.stdout.write(`${JSON.stringify({ phase: job.phase, done: job.done, status: job.status })}\n`);
    if (job.status !== 'running') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await runner.stop();
  const [counts] = (
    (await db.execute(sql`select
      (select count(*)::int from ${contacts}) as contacts,
      (select count(distinct lower(email))::int from ${contacts}) as emails,
      (select count(*)::int from ${contactEvents} where type = 'created') as created_events`)) as unknown as {
      rows: Array<{ contacts: number; emails: number; created_events: number }>;
    }
  ).rows;
  const rows = await db.select({ email: contacts.email, tags: contacts.tags, kit_state: contacts.kit_state }).from(contacts);
  const job = (await getKitImportState(db)).import!;
  process.stdout.write(`RESULT ${JSON.stringify({ job, counts, rows })}\n`);
  await database.close();
}

interface Result {
  job: { created: number; updated: number; unchanged: number; skipped: number; done: number; total: number; status: string; requests: number };
  counts: { contacts: number; emails: number; created_events: number };
  rows: Array<{ email: string; tags: string[]; kit_state: string }>;
}

function spawnChild(env: Record<string, string>, onLine: (line: string) => void): { child: ChildProcess; exit: Promise<number | null> } {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'bench/kit-import.ts'], { env: { ...process.env, ...env, BENCH_CHILD: '1' }, stdio: ['ignore', 'pipe', 'inherit'] });
  let buffer = '';
  proc.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
      onLine(buffer.slice(0, i));
      buffer = buffer.slice(i + 1);
    }
  });
  return { child: proc, exit: new Promise((resolve) => proc.once('exit', (code) => resolve(code))) };
}

function seed(kit: FakeKit) {
  const tagNames = Array.from({ length: TAGS }, (_, i) => `topic-${String(i + 1).padStart(2, '0')}`);
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const tags = tagNames.filter((_, t) => (i * 7 + t * 13) % 23 < 3).slice(0, 4);
    kit.state.addSubscriber({
      email_address: `subscriber${i}@example.com`,
      first_name: `Sub ${i}`,
      state: STATES[i % 17 === 0 ? 2 + (i % 3) : i % 10 === 0 ? 1 : 0],
      fields: { last_name: `Kit ${i}` },
      tags,
    });
  }
}

async function run(label: string, killHalfway: boolean) {
  const kit = await startFakeKit({ rateLimit: { limit: LIMIT, windowMs: WINDOW_MS }, customFields: ['Last Name'] });
  seed(kit);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-bench-kit-import-'));
  const env = { BENCH_DATA_DIR: dataDir, BENCH_KIT_URL: kit.url, BENCH_KIT_KEY: kit.apiKey, BENCH_SECRET: randomBytes(32).toString('base64') };
  const started = Date.now();
  let result: Result | undefined;
  let killedAt = null as number | null;
  const first = spawnChild(env, (line) => {
    if (line.startsWith('RESULT ')) result = JSON.parse(line.slice(7)) as Result;
    else if (killHalfway && killedAt === null) {
      const progress = JSON.parse(line) as { phase: string; done: number };
      if (progress.phase === 'subscribers' && progress.done >= SUBSCRIBERS / 2) {
        killedAt = progress.done;
        first.child.kill('SIGKILL');
      }
    }
  });
  await first.exit;
  let restartedAfterMs = 0;
  if (killedAt !== null) {
    const restart = Date.now();
    const second = spawnChild(env, (line) => {
      if (line.startsWith('RESULT ')) result = JSON.parse(line.slice(7)) as Result;
    });
    await second.exit;
    restartedAfterMs = Date.now() - restart;
  }
  const seconds = (Date.now() - started) / 1000;
  const stats = kit.stats();
  await kit.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (!result) throw new Error(`${label}: the CRM process gave no result`);

  const expected = new Map([...kit.state.subscribers.values()].map((s) => [s.email_address, s]));
  const tagName = new Map([...kit.state.tags.values()].map((t) => [t.id, t.name]));
  const got = new Map(result.rows.map((r) => [r.email, r]));
  const lost = [...expected.keys()].filter((email) => !got.has(email)).length;
  const wrong = [...expected.values()].filter((s) => {
    const row = got.get(s.email_address);
    if (!row) return false;
    const want = [...s.tag_ids].map((id) => tagName.get(id)!).sort();
    return row.kit_state !== s.state || JSON.stringify([...row.tags].sort()) !== JSON.stringify(want);
  }).length;
  const counted = result.job.created + result.job.updated + result.job.unchanged + result.job.skipped;
  const duplicated = result.counts.contacts - result.counts.emails + (result.counts.created_events - result.counts.contacts) + (counted - SUBSCRIBERS);

  console.log(`\n${label}`);
  console.log(`  subscribers: ${SUBSCRIBERS.toLocaleString('en-US')} with ${TAGS} tags; job: ${result.job.status}, created ${result.job.created}, updated ${result.job.updated}, unchanged ${result.job.unchanged}, skipped ${result.job.skipped}`);
  if (killedAt !== null) console.log(`  killed (SIGKILL) at ${killedAt.toLocaleString('en-US')} subscribers written; the restarted process finished in ${(restartedAfterMs / 1000).toFixed(1)} s (30 s of it waiting for the dead process's lease)`);
  console.log(`  requests to Kit: ${stats.requests} (429s: ${stats.rateLimited}; most in one window: ${stats.maxInWindow} of ${LIMIT})`);
  console.log(`  time at Kit's real limit: ${seconds.toFixed(1)} s = ${(seconds / 60).toFixed(1)} min (goal: under 5 min)`);
  console.log(`  contacts: ${result.counts.contacts.toLocaleString('en-US')}; lost ${lost}, duplicated ${duplicated}, wrong state or tags ${wrong}`);
  return { ok: lost === 0 && duplicated === 0 && wrong === 0 && result.job.status === 'done' && seconds / 60 < 5 };
}

async function main() {
  console.log(`Kit import benchmark at Kit's real limit: ${LIMIT} requests per ${WINDOW_MS / 1000} s`);
  const clean = await run('Straight through', false);
  const crash = await run('Killed halfway and restarted', true);
  if (!clean.ok || !crash.ok) process.exitCode = 1;
}

(process.env.BENCH_CHILD ? child() : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
