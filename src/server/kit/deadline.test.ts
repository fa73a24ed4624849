import { getEventListeners, setMaxListeners } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadline } from './deadline.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

// A server that takes requests and never answers, like Kit on a bad day.
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** How the fetch ended: its error's name, or 'hung' when it was still waiting after 5 s. */
async function outcome(signal: AbortSignal): Promise<string> {
  const request = fetch(url, { signal }).then(
    () => 'answered',
    (error: Error) => error.name,
  );
  return Promise.race([request, new Promise<string>((resolve) => setTimeout(() => resolve('hung'), 5_000).unref())]);
}

describe('deadline', () => {
  it('ends requests that get no answer even when garbage collections run while they wait', async () => {
    // With AbortSignal.any([parent, AbortSignal.timeout(ms)]) every one of these hangs on Node 20.
    const parent = new AbortController().signal;
    setMaxListeners(0, parent); // as the worker's shutdown signal: one listener per request in flight
    const collecting = setInterval(gc, 10);
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const limit = deadline(parent, 150);
          try {
            return await outcome(limit.signal);
          } finally {
            limit.clear();
          }
        }),
      );
      expect(results).toEqual(Array(20).fill('TimeoutError'));
    } finally {
      clearInterval(collecting);
    }
  });

  it('aborts with the parent, for the parent’s reason', async () => {
    const parent = new AbortController();
    const limit = deadline(parent.signal, 60_000);
    const reason = new Error('The Kit sync worker is stopping');
    parent.abort(reason);
    expect(limit.signal.aborted).toBe(true);
    expect(limit.signal.reason).toBe(reason);
    limit.clear();
  });

  it('starts aborted under a parent that already is', () => {
    const parent = AbortSignal.abort('gone');
    const limit = deadline(parent, 60_000);
    expect(limit.signal.reason).toBe('gone');
    limit.clear();
  });

  it('lets go of the parent once cleared, so a long-lived signal gathers no listeners', () => {
    const parent = new AbortController().signal;
    const limits = Array.from({ length: 5 }, () => deadline(parent, 60_000));
    expect(getEventListeners(parent, 'abort')).toHaveLength(5);
    for (const limit of limits) limit.clear();
    expect(getEventListeners(parent, 'abort')).toHaveLength(0);
    expect(limits.every((limit) => !limit.signal.aborted)).toBe(true);
  });
});
