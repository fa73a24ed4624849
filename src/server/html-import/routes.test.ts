import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { CONVERT_URL_PATH, FETCH_MESSAGES } from '../../shared/landing-pages/converter/api.ts';
import { CONVERTER_MESSAGES } from '../../shared/landing-pages/converter/messages.ts';

/** The route with the real guard: every address here is local, so every request is refused and nothing is contacted. */
let t: TestApp;
let cookie: string;
let server: http.Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  server = http.createServer((_req, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<h1>internal</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const post = (url: unknown) => t.as(cookie, { method: 'POST', url: CONVERT_URL_PATH, payload: { url } });

describe(`POST ${CONVERT_URL_PATH}`, () => {
  it('is for signed-in staff only', async () => {
    const res = await t.app.inject({ method: 'POST', url: CONVERT_URL_PATH, payload: { url: 'https://example.com/' }, headers: { origin: 'http://localhost', host: 'localhost' } });
    expect(res.statusCode).toBe(401);
  });

  it.each(['', 'example.com', 'ftp://example.com/', 'javascript:alert(1)', `https://example.com/${'a'.repeat(2100)}`, 42])('refuses %j as an address', async (url) => {
    const res = await post(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(CONVERTER_MESSAGES.invalidUrl);
  });

  it.each([
    () => `http://127.0.0.1:${port}/`,
    () => `http://localhost:${port}/`,
    () => `http://[::1]:${port}/`,
    () => `http://[::ffff:127.0.0.1]:${port}/`,
    () => 'http://169.254.169.254/latest/meta-data/',
    () => 'http://[fd00:ec2::254]/latest/meta-data/',
    () => 'http://10.0.0.1/',
  ])('refuses a local or private address (%#) without contacting it', async (url) => {
    const res = await post(url());
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: { code: 'url_not_allowed', message: FETCH_MESSAGES.privateAddress } });
    expect(hits).toBe(0);
  });
});
