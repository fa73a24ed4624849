/*
 * Kit webhooks benchmark: `npx tsx bench/kit-webhooks.ts` (npm run bench:kit-webhooks).
 *
 * 1,000 webhook events over 200 subscribers (each: created, activated, tagged, then unsubscribed,
 * bounced or complained; half also lose a tag and gain another), sent by the fake Kit as Kit does:
 * batches of up to 100 events of one type, signed with the endpoint's secret, to the CRM listening
 * on a real port. Every delivery is sent twice and the deliveries are shuffled, so events arrive
 * repeated and out of order. Prints: contacts in the wrong final state or with the wrong tags (goal
 * 0), events stored (goal exactly 1,000: each applied once) and timeline changes recorded twice
 * (goal 0), p50/p99 of the endpoint's answer, and the time until the worker has applied them all.
 */
import { randomBytes } from 'node:crypto';
import { eq, isNull, count } from 'drizzle-orm';
import { startFakeKit, type FakeSubscriber } from '../tests/fakes/fake-kit.ts';
import type { FakeWebhookEvent } from '../tests/fakes/fake-kit-webhooks.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openPglite } from '../src/server/db/client.ts';
import { contactEvents, contacts, kitWebhookEvents } from '../src/server/db/schema.ts';
import { createKitContext } from '../src/server/kit/connection.ts';
import { saveKitApiKey, secretKeyProvider } from '../src/server/kit/settings.ts';
import { turnLiveUpdatesOn } from '../src/server/kit/webhooks/live-updates.ts';
import { startKitWebhookWorker } from '../src/server/kit/webhooks/worker.ts';

const SUBSCRIBERS = 200;
const FINAL = ['unsubscribed', 'bounced', 'complained'] as const;
const STATE_OF = { unsubscribed: 'cancelled', bounced: 'bounced', complained: 'complained' } as const;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function main() {
  const kit = await startFakeKit({ rateLimit: { limit: 10_000, windowMs: 1_000 }, tags: [] });
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: '.test-artifacts/bench-kit-webhooks',
    PUBLIC_URL: 'https://crm.example.com',
    KIT_API_BASE: kit.url,
    KIT_RATE_LIMIT: '10000',
    KIT_RATE_WINDOW_MS: '1000',
    MYCRM_SECRET_KEY: randomBytes(32).toString('base64'),
  });
  const database = await openPglite();
  const app = await buildApp({ config, database });
  const t = { app, db: database.db };
  const worker = startKitWebhookWorker({
    db: t.db,
    log: { warn: console.warn, error: console.error },
    pollMs: 100,
    secret: secretKeyProvider(config.dataDir, config.kit.secretKey),
  });
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const ctx = createKitContext(t.db, config);
    await saveKitApiKey(t.db, ctx.secret, kit.apiKey);
    await turnLiveUpdatesOn(ctx, config.publicUrl);

    const tagA = kit.state.tagByName('webinar');
    const tagB = kit.state.tagByName('customer');
    const events: FakeWebhookEvent[] = [];
    const expected = new Map<string, { state: string; tags: string[] }>();
    const base = Date.now() - 10 * 60_000;
    const at = (i: number, step: number) => new Date(base + i * 10 + step * 60_000);
    for (let i = 0; i < SUBSCRIBERS; i++) {
      const s: FakeSubscriber = kit.state.addSubscriber({ email_address: `bench${i}@example.com`, first_name: `Bench ${i}`, state: 'inactive' });
      events.push(kit.webhooks.event('subscriber.created', s, { at: at(i, 0) }));
      kit.state.updateSubscriber(s.id, { state: 'active' });
      events.push(kit.webhooks.event('subscriber.activated', s, { at: at(i, 1) }));
      events.push(kit.webhooks.event('subscriber.tag_added', s, { tag: tagA, at: at(i, 2) }));
      const final = FINAL[i % FINAL.length]!;
      kit.state.updateSubscriber(s.id, { state: STATE_OF[final] });
      if (i % 2 === 0) {
        events.push(kit.webhooks.event('subscriber.tag_removed', s, { tag: tagA, at: at(i, 3) }));
        events.push(kit.webhooks.event('subscriber.tag_added', s, { tag: tagB, at: at(i, 4) }));
      }
      events.push(kit.webhooks.event(`subscriber.${final}`, s, { at: at(i, 5) }));
      expected.set(s.email_address, { state: STATE_OF[final], tags: i % 2 === 0 ? ['customer'] : ['webinar'] });
    }

    const started = performance.now();
    const report = await kit.webhooks.deliver(events, { twice: true, shuffle: true, concurrency: 4, rewrite: (url) => url.replace('https://crm.example.com', `http://127.0.0.1:${port}`) });
    const delivered = performance.now();
    for (;;) {
      await worker.idle();
      const [left] = await t.db.select({ n: count() }).from(kitWebhookEvents).where(isNull(kitWebhookEvents.processed_at));
      if (left!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const applied = performance.now();

    let wrong = 0;
    for (const [email, want] of expected) {
      const [c] = await t.db.select().from(contacts).where(eq(contacts.email, email));
      if (!c || c.kit_state !== want.state || JSON.stringify([...c.tags].sort()) !== JSON.stringify(want.tags)) wrong++;
    }
    const [stored] = await t.db.select({ n: count() }).from(kitWebhookEvents);
    const changes = await t.db.select({ contact_id: contactEvents.contact_id, type: contactEvents.type, data: contactEvents.data }).from(contactEvents);
    const seen = new Set<string>();
    let doubled = 0;
    for (const e of changes) {
      if (e.type !== 'kit_state_changed' && e.type !== 'tags_added' && e.type !== 'tags_removed') continue;
      const key = `${e.contact_id} ${JSON.stringify(e.data)}`;
      if (seen.has(key)) doubled++;
      seen.add(key);
    }

    console.log(`Kit webhooks: ${events.length} events over ${SUBSCRIBERS} subscribers, ${report.deliveries} deliveries (each sent twice, shuffled), ${report.posts} POSTs, ${report.failed} failed`);
    console.log(`  contacts in the wrong final state or tags: ${wrong} (goal 0)`);
    console.log(`  events stored and applied: ${stored!.n} of ${events.length} distinct events, each delivered twice (goal: exactly ${events.length}); timeline changes recorded twice: ${doubled} (goal 0)`);
    console.log(`  endpoint answer: p50 ${percentile(report.latenciesMs, 50).toFixed(1)} ms, p99 ${percentile(report.latenciesMs, 99).toFixed(1)} ms, max ${Math.max(...report.latenciesMs).toFixed(1)} ms`);
    console.log(`  all delivered after ${((delivered - started) / 1000).toFixed(2)} s; all applied after ${((applied - started) / 1000).toFixed(2)} s`);
    if (wrong || doubled || stored!.n !== events.length || report.failed) process.exitCode = 1;
  } finally {
    await worker.stop();
    await app.close();
    await database.close();
    await kit.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
