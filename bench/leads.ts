/**
 * Lead capture under a burst: 2,000 public sign-ups at 50 concurrent connections, a quarter of them
 * repeating an email already in the burst (some of those race each other), over real HTTP on
 * loopback against the app from buildApp. Prints sign-ups per second and latency, then checks that
 * the database holds exactly the expected contacts, tags and submissions: none lost, none duplicated.
 *
 *   npx tsx bench/leads.ts                                   # PGlite (embedded)
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/leads.ts   # PGlite, then PostgreSQL
 *
 * The per-IP limit stays on, raised by configuration (PUBLIC_RATE_LIMIT_PER_MINUTE), as an owner
 * would raise it for a launch; it is not switched off in code.
 */
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openPglite, type Database } from '../src/server/db/client.ts';
import { LEAD_CAMPAIGNS, type LeadCampaign } from '../src/shared/leads/campaigns.ts';
import { withBenchPostgres } from './helpers/postgres.ts';

/** The part of autocannon's API used here (the package ships no types). */
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}
interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  latency: { p50: number; p90: number; p99: number; max: number };
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  amount: number;
  timeout: number;
  requests: Array<
    AutocannonRequest & {
      setupRequest: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
      onResponse: (status: number, body: string, context: Record<string, unknown>) => void;
    }
  >;
}) => Promise<AutocannonResult>;

const SIGNUPS = 2_000;
const CONNECTIONS = 50;
const REPEATED_SHARE = 0.25;

interface SignUp {
  campaign: LeadCampaign;
  body: { full_name: string; email: string; phone: string; url_parameters: Record<string, string>; page: string };
}

/** A seeded generator, so every run (and both databases) gets the same burst. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
}

function burst(): SignUp[] {
  const next = random(42);
  const unique = Math.round(SIGNUPS * (1 - REPEATED_SHARE));
  const emails = Array.from({ length: unique }, (_, i) => `bench.${i}@example.com`);
  const signUps: SignUp[] = [];
  for (let i = 0; i < SIGNUPS; i++) {
    // The first `unique` sign-ups bring each email once; the rest repeat one of them (any case).
    const email = i < unique ? emails[i]! : emails[Math.floor(next() * unique)]!.replace(/^b/, next() < 0.5 ? 'B' : 'b');
    const campaign: LeadCampaign = next() < 0.5 ? 'waiting_list' : 'webinar';
    signUps.push({
      campaign,
      body: {
        full_name: `Bench Person ${i}`,
        email,
        phone: next() < 0.3 ? `+49 30 ${100_000 + i}` : '',
        url_parameters: next() < 0.5 ? { utm_source: 'bench', utm_content: String(i) } : {},
        page: campaign === 'webinar' ? '/learning-ecosystem-webinar' : '/learning-ecosystem-mastery',
      },
    });
  }
  // Shuffle, so repeats of one email arrive close together and race.
  for (let i = signUps.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [signUps[i], signUps[j]] = [signUps[j]!, signUps[i]!];
  }
  return signUps;
}

async function run(label: string, database: Database) {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', PUBLIC_RATE_LIMIT_PER_MINUTE: String(SIGNUPS * 10) });
  const app = await buildApp({ config, database });
  // Time inside the server (request read to response sent), beside what the client measures.
  const serverMs: number[] = [];
  app.addHook('onResponse', async (_request, reply) => {
    serverMs.push(reply.elapsedTime);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const signUps = burst();
  const statuses = new Array<number | undefined>(signUps.length);
  let next = 0;
  // The burst's own time, first request sent to last answer: autocannon's `duration` ends at its next
  // one-second tick, which rounds short bursts up by as much as a second.
  let firstSent: number | undefined;
  let lastAnswered = 0;

  // CPU time of this process (server and load generator) per sign-up: steadier than rates on a busy machine.
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    amount: SIGNUPS,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        setupRequest: (request, context) => {
          firstSent ??= performance.now();
          const index = next++;
          context.index = index;
          const { campaign, body } = signUps[index]!;
          return {
            ...request,
            path: `/api/public/leads/${campaign === 'webinar' ? 'webinar' : 'waiting-list'}`,
            headers: { 'content-type': 'application/json' },
            // What the form sends besides the answers: the consent statement it showed (version 1 exists from the start), in which language, on which page.
            body: JSON.stringify({ ...body, consent_version: 1, language: 'en', page_url: `http://127.0.0.1:${port}${body.page}` }),
          };
        },
        onResponse: (status, _body, context) => {
          lastAnswered = performance.now();
          statuses[context.index as number] = status;
        },
      },
    ],
  });

  const cpu = process.cpuUsage(cpuBefore);
  const answered = statuses.filter((s) => s !== undefined).length;
  const ok = statuses.filter((s) => s === 200 || s === 201).length;
  const check = await verify(database, signUps, statuses);
  await app.close();

  console.log(`\n${label}`);
  console.log(`  sign-ups sent         ${next} (${answered} answered, ${ok} accepted, errors ${result.errors}, timeouts ${result.timeouts})`);
  const seconds = (lastAnswered - firstSent!) / 1000;
  console.log(`  sign-ups per second   ${Math.round(ok / seconds)}  (${seconds.toFixed(2)} s for the burst, first request to last answer)`);
  console.log(`  latency               p50 ${result.latency.p50} ms · p90 ${result.latency.p90} ms · p99 ${result.latency.p99} ms · max ${result.latency.max} ms`);
  console.log(`  CPU per sign-up       ${((cpu.user + cpu.system) / 1000 / next).toFixed(2)} ms (server and load generator in this process)`);
  serverMs.sort((a, b) => a - b);
  const at = (q: number) => Math.round(serverMs[Math.min(serverMs.length - 1, Math.floor(q * serverMs.length))]!);
  console.log(`  time in the server    p50 ${at(0.5)} ms · p90 ${at(0.9)} ms · p99 ${at(0.99)} ms`);
  console.log(`  contacts              ${check.contacts} in the database, ${check.expectedContacts} expected`);
  console.log(`  tags                  ${check.tagged} campaign tags on contacts, ${check.expectedTags} expected; wrong tag sets ${check.wrongTags}, repeated tags ${check.repeatedTags}`);
  console.log(`  submissions           ${check.submissions} stored, ${ok} expected`);
  const passed =
    next === SIGNUPS &&
    ok === SIGNUPS &&
    check.contacts === check.expectedContacts &&
    check.tagged === check.expectedTags &&
    check.wrongTags === 0 &&
    check.repeatedTags === 0 &&
    check.submissions === SIGNUPS;
  console.log(`  result                ${passed ? 'PASS: none lost, none duplicated' : 'FAIL'}`);
  return passed;
}

/** The database against the burst: one contact per email, each with exactly the tags of its sign-ups. */
async function verify(database: Database, signUps: SignUp[], statuses: Array<number | undefined>) {
  const expected = new Map<string, Set<string>>();
  signUps.forEach(({ campaign, body }, i) => {
    if (statuses[i] !== 200 && statuses[i] !== 201) return;
    const email = body.email.toLowerCase();
    if (!expected.has(email)) expected.set(email, new Set());
    expected.get(email)!.add(LEAD_CAMPAIGNS[campaign].tag);
  });
  const rows = (
    (await database.db.execute(sql`select lower(email) as email, tags from contacts where email ilike 'bench.%'`)) as unknown as {
      rows: Array<{ email: string; tags: string[] }>;
    }
  ).rows;
  let wrongTags = 0;
  let repeatedTags = 0;
  for (const row of rows) {
    const want = expected.get(row.email);
    if (new Set(row.tags).size !== row.tags.length) repeatedTags++;
    if (!want || want.size !== new Set(row.tags).size || ![...want].every((t) => row.tags.includes(t))) wrongTags++;
  }
  const submissions = (
    (await database.db.execute(sql`select count(*)::int as n from lead_submissions`)) as unknown as { rows: Array<{ n: number }> }
  ).rows[0]!.n;
  return {
    contacts: rows.length,
    expectedContacts: expected.size,
    tagged: rows.reduce((n, r) => n + r.tags.length, 0),
    expectedTags: [...expected.values()].reduce((n, s) => n + s.size, 0),
    wrongTags,
    repeatedTags,
    submissions,
  };
}

console.log(`Lead capture: ${SIGNUPS} sign-ups, ${CONNECTIONS} connections, ${REPEATED_SHARE * 100}% repeated emails, loopback HTTP`);
const results: boolean[] = [];
const pglite = await openPglite();
try {
  results.push(await run('PGlite (embedded)', pglite));
} finally {
  await pglite.close();
}
if (process.env.BENCH_DATABASE_URL) {
  const poolSize = process.env.DATABASE_POOL_SIZE ?? '10';
  results.push(await withBenchPostgres(process.env.BENCH_DATABASE_URL, (database) => run(`PostgreSQL (pool of ${poolSize})`, database)));
} else {
  console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://… to run it too)');
}
process.exitCode = results.every(Boolean) ? 0 : 1;
