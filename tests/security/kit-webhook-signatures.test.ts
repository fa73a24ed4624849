import { randomBytes, randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_WEBHOOK_PATHS } from '../../src/shared/kit/webhooks.ts';
import { contacts, kitWebhookEvents } from '../../src/server/db/schema.ts';
import { saveWebhookEndpoint } from '../../src/server/kit/webhooks/endpoint-store.ts';
import { signatureHeader } from '../../src/server/kit/webhooks/signature.ts';
import { parseSecretKey } from '../../src/server/kit/secret-box.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * Kit's webhook endpoint is public, so a delivery counts only when Kit signed it with this
 * endpoint's secret over the exact bytes, within 5 minutes: anything else is refused with 401
 * before a byte of it is stored, and no contact changes.
 */

const SECRET = `whsec_${randomBytes(16).toString('hex')}`;
const TOKEN = randomBytes(24).toString('base64url');
const SECRET_KEY = randomBytes(32).toString('base64');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://crm.example.com', MYCRM_SECRET_KEY: SECRET_KEY });
  await saveWebhookEndpoint(t.db, () => parseSecretKey(SECRET_KEY), { kit_endpoint_id: 1, token: TOKEN, secret: SECRET, url: 'https://crm.example.com/x', enabled_at: new Date().toISOString() });
  await t.db.insert(contacts).values({ email: 'target@example.com', kit_id: 777 });
});
afterAll(() => t?.close());

const body = JSON.stringify({
  delivery_id: 9,
  events: [{ id: randomUUID(), type: 'subscriber.unsubscribed', created: new Date().toISOString(), data: { subscriber: { id: 777, email_address: 'target@example.com', state: 'cancelled' } } }],
});
const now = () => Math.floor(Date.now() / 1000);
const post = (payload: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: KIT_WEBHOOK_PATHS.receive.path({ token: TOKEN }),
    headers: { host: 'crm.example.com', 'content-type': 'application/json', ...(signature === undefined ? {} : { 'x-kit-signature': signature }) },
    payload,
  });

async function nothingChanged() {
  expect((await t.db.select({ n: count() }).from(kitWebhookEvents))[0]!.n).toBe(0);
  const [contact] = await t.db.select().from(contacts).where(eq(contacts.email, 'target@example.com'));
  expect(contact!.kit_state).toBeNull();
}

describe('Kit webhook deliveries', () => {
  it.each([
    ['unsigned', () => post(body)],
    ['signed with another secret', () => post(body, signatureHeader(['whsec_attacker'], now(), body))],
    ['with a tampered body', () => post(body.replace('cancelled', 'active'), signatureHeader([SECRET], now(), body))],
    ['replayed 10 minutes later', () => post(body, signatureHeader([SECRET], now() - 600, body))],
    ['with a malformed header', () => post(body, 'sha256=deadbeef')],
  ])('refuses a delivery %s with 401 and the error JSON, storing and changing nothing', async (_name, send) => {
    const res = await send();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'bad_signature', message: 'The delivery is not signed by Kit for this endpoint.' } });
    await nothingChanged();
  });

  it('takes the same delivery when Kit signed it just now', async () => {
    const res = await post(body, signatureHeader([SECRET], now(), body));
    expect(res.statusCode).toBe(200);
    expect((await t.db.select({ n: count() }).from(kitWebhookEvents))[0]!.n).toBe(1);
  });
});
