/*
 * Kit bulk-sync benchmark: `npx tsx bench/kit.ts` (npm run bench:kit).
 *
 * Syncs 1,000 contacts with one tag through the real queue, worker, rate limiter and client, against
 * the fake Kit running in its own process (as Kit would), twice: once clean, once with 10 % of
 * requests failing at random (500s, timeouts, dropped connections before and after Kit acted).
 * Kit's limit of 120 requests per 60 s is scaled to 120 per 4 s, so a run takes about 70 s instead of
 * 17 minutes; the client's and worker's time constants are scaled by the same factor. (At 120 per 2 s
 * the timing jitter of a busy machine, ~150 ms, would already be worth 8 requests of a window: a
 * scale that Kit's real 60 s window never sees.)
 *
 * Goals: 2.0 requests per contact (1 + one tag), no 429 in steady state, at least 90 %
 * of the allowance used, no contact lost or duplicated.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { openPglite, type Db } from '../src/server/db/client.ts';
import { contacts, tags } from '../src/server/db/schema.ts';
import type { KitConfig } from '../src/server/config.ts';
import { enqueueBatch, getBatchProgress } from '../src/server/kit/queue.ts';
import { parseSecretKey } from '../src/server/kit/secret-box.ts';
import { saveKitApiKey } from '../src/server/kit/settings.ts';
import { startKitWorker } from '../src/server/kit/worker.ts';

const CONTACTS = 1_000;
const LIMIT = 120;
const REAL_WINDOW_MS = 60_000;
const WINDOW_MS = 4_000;
const SCALE = REAL_WINDOW_MS / WINDOW_MS;
const TAG = 'via_mycrm';

interface FakeState {
  calls: Record<string, number>;
  stats: { requests: number; rateLimited: number; injectedFailures: number; maxInWindow: number; firstAt: number; lastAt: number };
  subscribers: Array<{ id: number; email_address: string; tag_ids: number[] }>;
  tags: Array<{ id: number; name: string }>;
  upserts_by_email: Record<string, number>;
  new_taggings: Record<string, number>;
  log: Array<{ at: number }>;
}

async function startFake(failureRate: number): Promise<{ url: string; apiKey: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/fakes/fake-kit.ts'], {
    env: {
      ...process.env,
      FAKE_KIT_PORT: '0',
      FAKE_KIT_RATE_LIMIT: String(LIMIT),
      FAKE_KIT_WINDOW_MS: String(WINDOW_MS),
      FAKE_KIT_FAILURE_RATE: String(failureRate),
      FAKE_KIT_SEED: '2024',
      FAKE_KIT_EMPTY: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('KIT_API_BASE=')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the fake Kit exited with ${code}: ${output}`)));
  });
  return { url: /running at (\S+)/.exec(output)![1]!, apiKey: /API key: (\S+)/.exec(output)![1]!, child };
}

async function fakeState(url: string, apiKey: string): Promise<FakeState> {
  const res = await fetch(url.replace(/\/v4$/, '/__fake/state'), { headers: { 'X-Kit-Api-Key': apiKey } });
  return (await res.json()) as FakeState;
}

interface RunResult {
  requestsPerContact: number;
  oneOffRequests: number;
  totalRequests: number;
  rateLimited: number;
  allowanceUsed: number;
  steadyAllowanceUsed: number;
  maxInWindow: number;
  seconds: number;
  synced: number;
  failed: number;
  lost: number;
  duplicated: number;
  repeatedUpserts: number;
  injectedFailures: number;
}

async function run(db: Db, failureRate: number, label: string): Promise<RunResult> {
  const fake = await startFake(failureRate);
  try {
    const env: KitConfig = { apiBase: fake.url, rateLimit: LIMIT, rateWindowMs: WINDOW_MS, secretKey: randomBytes(32).toString('base64') };
    await saveKitApiKey(db, () => parseSecretKey(env.secretKey!), fake.apiKey);
    // A CRM tag not linked to Kit yet: the first sync finds it in Kit by name (one request) and links it.
    await db.delete(tags).where(eq(tags.name, TAG));
    await db.insert(tags).values({ name: TAG });

    const people = await db
      .insert(contacts)
      .values(
        Array.from({ length: CONTACTS }, (_, i) => ({
          email: `${label}-${i}@bench.example`,
          first_name: `First${i}`,
          last_name: `Last${i}`,
          source: 'landing_page' as const,
        })),
      )
      .returning({ id: contacts.id, email: contacts.email });

    const worker = startKitWorker({
      db,
      config: { dataDir: '/nonexistent', kit: env },
      log: { info() {}, warn() {}, error() {} },
      // The production defaults, divided by SCALE (the per-request timeout kept at 1 s: a busy
      // benchmark machine would otherwise time out requests Kit did answer).
      pollMs: Math.round(1_000 / SCALE),
      leaseMs: Math.round((5 * 60_000) / SCALE),
      retryBaseMs: Math.round(30_000 / SCALE),
      retryMaxMs: Math.round((30 * 60_000) / SCALE),
      client: { timeoutMs: 1_000, backoffMs: Math.round(500 / SCALE), maxBackoffMs: Math.round(8_000 / SCALE) },
    });
    const { batch_id } = await enqueueBatch(db, { kind: 'ids', ids: people.map((p) => p.id) }, [TAG]);
    let progress = (await getBatchProgress(db, batch_id))!;
    let lastReport = 0;
    while (!progress.finished) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      progress = (await getBatchProgress(db, batch_id))!;
      if (Date.now() - lastReport > 5_000) {
        lastReport = Date.now();
        process.stdout.write(`  ${label}: ${progress.done + progress.failed} of ${progress.total}\n`);
      }
    }
    await worker.stop();

    const state = await fakeState(fake.url, fake.apiKey);
    const kitTag = state.tags.find((t) => t.name === TAG)!;
    const subscribersByEmail = new Map<string, Array<FakeState['subscribers'][number]>>();
    for (const s of state.subscribers) subscribersByEmail.set(s.email_address, [...(subscribersByEmail.get(s.email_address) ?? []), s]);
    const rows = await db.select({ id: contacts.id, email: contacts.email, kit_id: contacts.kit_id }).from(contacts).where(inArray(contacts.id, people.map((p) => p.id)));
    let lost = 0;
    let duplicated = 0;
    for (const row of rows) {
      const matches = subscribersByEmail.get(row.email) ?? [];
      if (matches.length > 1 || (state.new_taggings[`${row.email} ${kitTag.id}`] ?? 0) > 1) duplicated++;
      if (matches.length === 0 || !matches[0]!.tag_ids.includes(kitTag.id) || row.kit_id !== matches[0]!.id) lost++;
    }

    const perContact = (state.calls['POST /subscribers'] ?? 0) + (state.calls['POST /tags/:tag_id/subscribers'] ?? 0);
    const seconds = (state.stats.lastAt - state.stats.firstAt) / 1000;
    // Steady state: without the first and the last window (start-up, and the last jobs trickling in).
    const from = state.stats.firstAt + WINDOW_MS;
    const to = state.stats.lastAt - WINDOW_MS;
    const steadyRequests = state.log.filter((entry) => entry.at >= from && entry.at < to).length;
    return {
      requestsPerContact: perContact / CONTACTS,
      oneOffRequests: state.stats.requests - perContact,
      totalRequests: state.stats.requests,
      rateLimited: state.stats.rateLimited,
      allowanceUsed: state.stats.requests / ((seconds * 1000 * LIMIT) / WINDOW_MS),
      steadyAllowanceUsed: steadyRequests / (((to - from) * LIMIT) / WINDOW_MS),
      maxInWindow: state.stats.maxInWindow,
      seconds,
      synced: progress.done,
      failed: progress.failed,
      lost,
      duplicated,
      repeatedUpserts: Object.values(state.upserts_by_email).filter((n) => n > 1).length,
      injectedFailures: state.stats.injectedFailures,
    };
  } finally {
    fake.child.kill('SIGTERM');
  }
}

async function main() {
  console.log(`Kit bulk sync: ${CONTACTS.toLocaleString('en')} contacts, 1 tag, through the job queue against the fake Kit (own process).`);
  console.log(
    `Kit's limit of ${LIMIT} requests per ${REAL_WINDOW_MS / 1000} s is scaled to ${LIMIT} per ${WINDOW_MS / 1000} s ` +
      `(${SCALE}× faster); the worker's and client's time constants are scaled alike.\n`,
  );
  const database = await openPglite();
  try {
    const clean = await run(database.db, 0, 'clean');
    const flaky = await run(database.db, 0.1, 'flaky');
    const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
    const rows: Array<[string, string, (r: RunResult) => string]> = [
      ['requests per contact (upsert + tagging)', '2.0', (r) => r.requestsPerContact.toFixed(3)],
      ['one-off requests (tag lookup)', '', (r) => String(r.oneOffRequests)],
      ['requests received by Kit', '', (r) => r.totalRequests.toLocaleString('en')],
      ['429 answers', '0', (r) => String(r.rateLimited)],
      ['allowance used, steady state', '≥ 90 %', (r) => pct(r.steadyAllowanceUsed)],
      ['allowance used, whole run (with start-up and tail)', '', (r) => pct(r.allowanceUsed)],
      [`most requests in any ${WINDOW_MS / 1000} s window`, `≤ ${LIMIT}`, (r) => String(r.maxInWindow)],
      ['duration (scaled), seconds', '', (r) => r.seconds.toFixed(1)],
      [`duration at Kit's real limit, minutes`, '', (r) => ((r.seconds * SCALE) / 60).toFixed(1)],
      ['contacts synced', String(CONTACTS), (r) => String(r.synced)],
      ['contacts failed', '0', (r) => String(r.failed)],
      ['contacts lost (not in Kit, untagged or kit_id wrong)', '0', (r) => String(r.lost)],
      ['contacts duplicated in Kit (2 subscribers or tagged twice)', '0', (r) => String(r.duplicated)],
      ['injected failures', '', (r) => String(r.injectedFailures)],
      ['upserts Kit carried out twice (answer lost, request retried)', '', (r) => String(r.repeatedUpserts)],
    ];
    const width = Math.max(...rows.map(([name]) => name.length));
    console.log(`\n${''.padEnd(width)}  ${'goal'.padStart(7)}  ${'clean'.padStart(9)}  ${'10 % fail'.padStart(9)}`);
    for (const [name, goal, value] of rows) {
      console.log(`${name.padEnd(width)}  ${goal.padStart(7)}  ${value(clean).padStart(9)}  ${value(flaky).padStart(9)}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
