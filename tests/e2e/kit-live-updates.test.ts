import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../src/server/db/schema.ts';
import { saveWebhookEndpoint } from '../../src/server/kit/webhooks/endpoint-store.ts';
import { startKitWebhookWorker, type WebhookWorker } from '../../src/server/kit/webhooks/worker.ts';
import { parseSecretKey } from '../../src/server/kit/secret-box.ts';
import { KIT_WEBHOOK_PATHS } from '../../src/shared/kit/webhooks.ts';
import { CONSENT_STORAGE_KEY } from '../../src/web/features/site/consent/consent-store.ts';
import { createFakeWebhooks } from '../fakes/fake-kit-webhooks.ts';
import type { FakeSubscriber } from '../fakes/fake-kit.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { launchBrowser, screenshot, watchPageErrors } from './helpers/browser.ts';
import { startTestServer } from './helpers/server.ts';
import { signIn } from './helpers/sign-in.ts';

/*
 * Kit's state on the screens after a live update: the fake Kit's webhook delivers an unsubscribe,
 * signed with the endpoint's secret, to the running server; the contacts list filtered by Kit state
 * shows that contact alone, and its page and timeline say Unsubscribed.
 */

const SECRET_KEY = randomBytes(32).toString('base64');
let server: Awaited<ReturnType<typeof startTestServer>>;
let worker: WebhookWorker;
let browser: Browser;
let page: Page;
let errors: string[];

const subscriber = (id: number, email: string, state: FakeSubscriber['state']): FakeSubscriber => ({
  id,
  email_address: email,
  first_name: null,
  state,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: Date.now(),
  fields: {},
  tag_ids: new Set(),
});

beforeAll(async () => {
  server = await startTestServer({ env: { MYCRM_SECRET_KEY: SECRET_KEY } });
  worker = startKitWebhookWorker({ db: server.db, log: console, pollMs: 100, secret: () => parseSecretKey(SECRET_KEY) });
  await server.db.delete(contacts);
  await server.db.insert(contacts).values([
    { email: 'stays@example.com', first_name: 'Stella', last_name: 'Stays', kit_id: 501 },
    { email: 'leaves@example.com', first_name: 'Leon', last_name: 'Leaves', kit_id: 502 },
  ]);
  // The endpoint as turning live updates on stores it, and a fake Kit that knows it.
  const token = randomBytes(24).toString('base64url');
  const url = server.baseUrl + KIT_WEBHOOK_PATHS.receive.path({ token });
  const kit = createFakeWebhooks(() => 900);
  const created = kit.handle('POST /webhook_endpoints', [], { url, events: ['subscriber.activated', 'subscriber.unsubscribed'] }) as { json: { webhook_endpoint: { id: number; secret: string } } };
  const { id, secret } = created.json.webhook_endpoint;
  await saveWebhookEndpoint(server.db, () => parseSecretKey(SECRET_KEY), { kit_endpoint_id: id, token, secret, url, enabled_at: new Date().toISOString() });
  const t0 = Date.now() - 60_000;
  const report = await kit.deliver([
    kit.event('subscriber.activated', subscriber(501, 'stays@example.com', 'active'), { at: new Date(t0) }),
    kit.event('subscriber.activated', subscriber(502, 'leaves@example.com', 'active'), { at: new Date(t0) }),
    kit.event('subscriber.unsubscribed', subscriber(502, 'leaves@example.com', 'cancelled'), { at: new Date(t0 + 30_000) }),
  ]);
  if (report.failed) throw new Error('the delivery was refused');
  await worker.idle();

  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addInitScript((key) => localStorage.setItem(key, 'declined'), CONSENT_STORAGE_KEY);
  page = await context.newPage();
  await signIn(page, server.baseUrl, server.email, server.password);
  errors = watchPageErrors(page);
});
afterAll(async () => {
  await browser?.close();
  await worker?.stop();
  await server?.close();
});

describe('Kit live updates on the screens', () => {
  it('lists only the unsubscribed contact under the Kit state filter, named in a chip', async () => {
    await page.goto(`${server.baseUrl}/crm/contacts`);
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('dialog', { name: 'Filters' }).getByLabel('Kit state').selectOption({ label: 'Unsubscribed' });
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).searchParams.get('kit_state')).toBe('cancelled');
    const rows = page.getByRole('region', { name: 'Contacts table' }).locator('tbody tr[aria-rowindex]');
    await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringContaining('leaves@example.com')]);
    expect(await page.getByRole('button', { name: 'Remove filter Kit: Unsubscribed' }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'kit-live-updates-list-filtered');
  });

  it('shows Unsubscribed and since when on the contact page, and the change in its timeline', async () => {
    await page.getByRole('link', { name: 'Leon Leaves' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Leon Leaves');
    const state = page.getByTestId('kit-state');
    await expect.poll(() => state.innerText()).toContain('Unsubscribed');
    expect(await state.locator('time').count()).toBe(1);
    await expect.poll(() => page.getByRole('list', { name: 'Events, newest first' }).innerText()).toContain('Kit: Unsubscribed');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'kit-live-updates-contact-page');
    expect(errors).toEqual([]);
  });
});
