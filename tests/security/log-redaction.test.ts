import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeKit, type FakeKit } from '../fakes/fake-kit.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { signupConsent } from '../helpers/signup-consent.ts';

/**
 * The log holds no secrets and no contact data: the real pino output of the app (at trace level,
 * the most talkative) is captured while a staff member signs in, searches, saves a Kit key and
 * opens a setup link, and while a sign-up fails inside the database; then it is searched for
 * every secret and every piece of personal data that went in. The first-start link is printed
 * exactly once by the real server process.
 */

const lines: string[] = [];
const output = () => lines.join('');
const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

const SETUP_TOKEN = `setup-${randomBytes(12).toString('hex')}`;
const BEARER = `bearer-${randomBytes(12).toString('hex')}`;
const LEAD = { full_name: 'Henrietta Privatperson', email: 'henrietta.private@example.org', phone: '+49 170 5550123', ...signupConsent() };
const SEARCH = 'searched.person@example.net';

let kit: FakeKit;
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  kit = await startFakeKit({ rateLimit: { limit: 10_000, windowMs: 1_000 } });
  t = await createTestApp(
    { KIT_API_BASE: kit.url, MYCRM_SECRET_KEY: randomBytes(32).toString('base64'), LOG_LEVEL: 'trace', PUBLIC_RATE_LIMIT_PER_MINUTE: '1000' }, { logDestination: { write: (line) => void lines.push(line) } });
  cookie = await t.signIn('logger@example.com', TEST_PASSWORD);
});
afterAll(async () => {
  await t.close();
  await kit.close();
});

describe('the log of a working day', () => {
  it('holds no password, cookie, authorization header, token, Kit key or contact data', async () => {
    await t.as(cookie, { method: 'GET', url: `/api/contacts?search=${encodeURIComponent(SEARCH)}&limit=5`, headers: { authorization: `Bearer ${BEARER}` } });
    expect((await t.as(cookie, { method: 'PUT', url: '/api/kit/settings', payload: { api_key: kit.apiKey } })).statusCode).toBe(200);
    expect((await t.as(cookie, { method: 'GET', url: '/api/kit/stats' })).statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: `/setup?token=${SETUP_TOKEN}` });
    await t.app.inject({ method: 'POST', url: '/api/auth/setup/check', payload: { token: SETUP_TOKEN } });
    expect((await t.app.inject({ method: 'POST', url: '/api/public/leads/webinar', payload: LEAD })).statusCode).toBe(201);

    const log = output();
    expect(log).toContain('"url":"/setup?token=[REDACTED]"');
    expect(log).toContain('"url":"/api/contacts?search=[REDACTED]&limit=[REDACTED]"');
    const sessionToken = cookie.split('=')[1]!;
    for (const secret of [TEST_PASSWORD, sessionToken, BEARER, SETUP_TOKEN, kit.apiKey, SEARCH, LEAD.email, LEAD.full_name, LEAD.phone]) {
      expect(log, `the log contains ${secret}`).not.toContain(secret);
    }
  });
});

describe('a request that fails inside the database', () => {
  it('is logged at error level with its request id and the cause, without the SQL parameters', async () => {
    await t.db.execute(sql`alter table lead_submissions rename column form_data to form_data_moved`);
    const before = lines.length;
    let res;
    try {
      res = await t.app.inject({ method: 'POST', url: '/api/public/leads/waiting-list', payload: LEAD });
    } finally {
      await t.db.execute(sql`alter table lead_submissions rename column form_data_moved to form_data`);
    }
    expect(res.statusCode).toBe(500);

    const failed = entries()
      .slice(before)
      .filter((entry) => entry.level === 50);
    expect(failed).toHaveLength(1);
    const entry = failed[0] as { reqId: string; statusCode: number; msg: string; err: { message: string; cause?: { message: string } } };
    expect(entry.reqId).toMatch(/\S/);
    expect(entry.statusCode).toBe(500);
    expect(entry.err.cause?.message).toMatch(/^Failed query: [\s\S]*insert into "lead_submissions"/);
    expect(entry.err.cause?.message).toContain('params: [REDACTED]');
    // The same request id ties the error to the request's other lines.
    expect(entries().filter((e) => e.reqId === entry.reqId).map((e) => e.msg)).toContain('incoming request');

    const log = lines.slice(before).join('');
    for (const secret of [LEAD.email, LEAD.full_name, LEAD.phone]) expect(log, `the log contains ${secret}`).not.toContain(secret);
  });
});

describe('the first start of the real server', () => {
  it('prints the setup link once, and never logs its token, not even when the link is opened', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-log-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'trace' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let printed = '';
    child.stdout.on('data', (chunk) => (printed += chunk));
    child.stderr.on('data', (chunk) => (printed += chunk));
    try {
      await expect.poll(() => /^\s+(http:\/\/\S+\/setup\?token=(\S+))$/m.exec(printed), { timeout: 60_000 }).not.toBeNull();
      const [, link, token] = /^\s+(http:\/\/\S+\/setup\?token=(\S+))$/m.exec(printed)!;
      await fetch(link!);
      await fetch(new URL('/api/auth/setup/check', link), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
      await expect.poll(() => printed.includes('"url":"/api/auth/setup/check"')).toBe(true);
      expect(printed.split(token!).length - 1).toBe(1);
      expect(printed).toContain('"url":"/setup?token=[REDACTED]"');
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
