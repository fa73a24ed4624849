import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FETCH_MESSAGES } from '../../shared/landing-pages/converter/api.ts';
import { AppError } from '../http/errors.ts';
import { isPublicAddress } from './address-policy.ts';
import { fetchPage, type FetchPageOptions } from './fetch-page.ts';

/**
 * The guard on fetched pages. Only a local server on 127.0.0.1 is ever contacted: host names are
 * answered by a fake resolver, and for the cases that must succeed the address check is told to
 * allow that one server as well as public addresses (which are never contacted here).
 */
let server: http.Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(`${req.headers.host}${req.url}`);
    const path = req.url ?? '/';
    if (path === '/page') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<h1>Hello</h1>');
    } else if (path === '/latin1') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(Buffer.concat([Buffer.from('<meta charset="windows-1252"><p>'), Buffer.from([0x47, 0x72, 0xfc, 0xdf, 0x65]), Buffer.from('</p>')]));
    } else if (path.startsWith('/hop/')) {
      const left = Number(path.slice(5));
      res.writeHead(302, { location: left > 0 ? `/hop/${left - 1}` : '/page' });
      res.end();
    } else if (path === '/to-private') {
      res.writeHead(301, { location: 'http://internal.test/admin' });
      res.end();
    } else if (path === '/to-metadata') {
      res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    } else if (path === '/to-file') {
      res.writeHead(302, { location: 'file:///etc/passwd' });
      res.end();
    } else if (path === '/json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"a":1}');
    } else if (path === '/missing') {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Not found</h1>');
    } else if (path === '/huge-declared') {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(6 * 1024 * 1024) });
      res.end();
    } else if (path === '/huge-streamed') {
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const send = () => {
        while (sent < 6 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', send);
        }
        res.end();
      };
      res.on('error', () => {});
      send();
    } else if (path === '/five-mb') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(Buffer.alloc(5 * 1024 * 1024, 'b'));
    } else if (path === '/slow') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<p>starting');
      // Never ends: the deadline must cut it off.
    } else if (path === '/silent') {
      // Never answers.
    } else {
      res.writeHead(500);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Fake DNS: site.test is the local server; the others name private or mixed answers. */
const answers: Record<string, Array<{ address: string; family: number }>> = {
  'site.test': [{ address: '127.0.0.1', family: 4 }],
  'internal.test': [{ address: '10.1.2.3', family: 4 }],
  'mixed.test': [
    { address: '93.184.216.34', family: 4 },
    { address: '192.168.0.10', family: 4 },
  ],
  'v6-local.test': [{ address: 'fd00:ec2::254', family: 6 }],
  'mapped.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
};
const resolve = async (host: string) => {
  const found = answers[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};
/** The default guard, plus the local test server. */
const localServer: FetchPageOptions = { resolve, isAllowedAddress: (address) => address === '127.0.0.1' || isPublicAddress(address) };
const site = (path: string) => `http://site.test:${port}${path}`;

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return { status: (error as AppError).statusCode, message: (error as AppError).message };
}

describe('fetchPage', () => {
  it('fetches an HTML page and says where it came from', async () => {
    expect(await fetchPage(site('/page'), localServer)).toEqual({ html: '<h1>Hello</h1>', url: site('/page') });
  });

  it("decodes the page's own character set", async () => {
    expect((await fetchPage(site('/latin1'), localServer)).html).toContain('<p>Grüße</p>');
  });

  it('follows up to five redirects and refuses a sixth', async () => {
    expect(await fetchPage(site('/hop/4'), localServer)).toEqual({ html: '<h1>Hello</h1>', url: site('/page') });
    expect(await refusal(fetchPage(site('/hop/5'), localServer))).toEqual({ status: 502, message: FETCH_MESSAGES.tooManyRedirects });
  });

  it('connects to the address it checked: a second DNS answer cannot swap it', async () => {
    let calls = 0;
    const rebinding: FetchPageOptions = {
      ...localServer,
      resolve: async () => (++calls === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.9.9.9', family: 4 }]),
    };
    expect((await fetchPage(site('/page'), rebinding)).html).toBe('<h1>Hello</h1>');
    expect(calls).toBe(1);
  });

  describe('refuses private, local and special addresses before connecting', () => {
    it.each([
      'http://127.0.0.1/',
      'http://127.1.2.3:8080/',
      'http://10.0.0.1/',
      'http://172.16.0.1/',
      'http://192.168.178.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
      'http://0.0.0.0/',
      'http://[::1]/',
      'http://[::]/',
      'http://[fe80::1]/',
      'http://[fc00::1]/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://[ff02::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://2130706433/',
      'http://0x7f.1/',
    ])('%s', async (url) => {
      let resolved = false;
      const options: FetchPageOptions = { resolve: async () => ((resolved = true), []) };
      expect(await refusal(fetchPage(url, options))).toEqual({ status: 422, message: FETCH_MESSAGES.privateAddress });
      expect(resolved).toBe(false);
    });

    it.each(['internal.test', 'mixed.test', 'v6-local.test', 'mapped.test'])('a host name resolving to one: %s', async (host) => {
      expect(await refusal(fetchPage(`http://${host}:${port}/page`, { resolve }))).toEqual({ status: 422, message: FETCH_MESSAGES.privateAddress });
    });

    it('the local test server itself, with the real guard', async () => {
      const before = hits.length;
      expect(await refusal(fetchPage(site('/page'), { resolve }))).toEqual({ status: 422, message: FETCH_MESSAGES.privateAddress });
      expect(await refusal(fetchPage(`http://127.0.0.1:${port}/page`))).toEqual({ status: 422, message: FETCH_MESSAGES.privateAddress });
      expect(hits.length).toBe(before);
    });
  });

  it('checks every redirect: to a private host, to the metadata address, to another scheme', async () => {
    expect(await refusal(fetchPage(site('/to-private'), localServer))).toEqual({ status: 422, message: FETCH_MESSAGES.privateAddress });
    expect(await refusal(fetchPage(site('/to-metadata'), localServer))).toEqual({ status: 422, message: FETCH_MESSAGES.privateAddress });
    expect(await refusal(fetchPage(site('/to-file'), localServer))).toEqual({ status: 422, message: FETCH_MESSAGES.scheme });
  });

  it.each(['ftp://site.test/', 'file:///etc/passwd', 'gopher://site.test/', 'javascript:alert(1)', 'not a url'])('refuses %s: http and https only', async (url) => {
    expect(await refusal(fetchPage(url, localServer))).toEqual({ status: 422, message: FETCH_MESSAGES.scheme });
  });

  it('says when a host name does not exist', async () => {
    expect(await refusal(fetchPage('http://nowhere.test/', localServer))).toEqual({ status: 422, message: FETCH_MESSAGES.notFound('nowhere.test') });
  });

  it('takes 5 MB and refuses more, declared or streamed', async () => {
    expect((await fetchPage(site('/five-mb'), localServer)).html).toHaveLength(5 * 1024 * 1024);
    expect(await refusal(fetchPage(site('/huge-declared'), localServer))).toEqual({ status: 502, message: FETCH_MESSAGES.tooLarge });
    expect(await refusal(fetchPage(site('/huge-streamed'), localServer))).toEqual({ status: 502, message: FETCH_MESSAGES.tooLarge });
  });

  it('gives up at the time limit, whether the page never answers or never finishes', async () => {
    const quick: FetchPageOptions = { ...localServer, limits: { timeoutMs: 300 } };
    expect(await refusal(fetchPage(site('/silent'), quick))).toEqual({ status: 504, message: FETCH_MESSAGES.timeout });
    expect(await refusal(fetchPage(site('/slow'), quick))).toEqual({ status: 504, message: FETCH_MESSAGES.timeout });
  });

  it('refuses what is not an HTML page, and failed answers', async () => {
    expect(await refusal(fetchPage(site('/json'), localServer))).toEqual({ status: 502, message: FETCH_MESSAGES.notHtml('application/json') });
    expect(await refusal(fetchPage(site('/missing'), localServer))).toEqual({ status: 502, message: FETCH_MESSAGES.status(404) });
  });

  it('says when nothing answers at the address', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await refusal(fetchPage(`http://site.test:${closedPort}/`, localServer))).toEqual({ status: 502, message: FETCH_MESSAGES.unreachable('the connection was refused') });
  });
});
