import { describe, expect, it } from 'vitest';
import { clientKey, createRenderQueue, RenderRefused } from './render-queue.ts';

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
};

describe('the render queue', () => {
  it('runs one render at a time, in arrival order', async () => {
    const queue = createRenderQueue({ perClient: 5 });
    const order: string[] = [];
    const first = gate();
    const a = queue.run('192.0.2.1', async () => {
      order.push('a starts');
      await first.opened;
      order.push('a ends');
    });
    const b = queue.run('192.0.2.2', async () => void order.push('b'));
    const c = queue.run('192.0.2.1', async () => void order.push('c'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['a starts']);
    first.open();
    await Promise.all([a, b, c]);
    expect(order).toEqual(['a starts', 'a ends', 'b', 'c']);
  });

  it("refuses a client's render beyond its limit with 429 before any work, and takes it again once one is done", async () => {
    const queue = createRenderQueue({ perClient: 2 });
    const held = gate();
    let ran = 0;
    const work = async () => {
      ran++;
      await held.opened;
    };
    const accepted = [queue.run('198.51.100.7', work), queue.run('198.51.100.7', work)];
    let refused: unknown;
    try {
      void queue.run('198.51.100.7', work);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(RenderRefused);
    expect(refused).toMatchObject({ statusCode: 429, code: 'rate_limited' });
    expect((refused as RenderRefused).retryAfterSeconds).toBeGreaterThan(0);
    // Another client is not held to this one's limit.
    const other = queue.run('198.51.100.8', async () => undefined);
    held.open();
    await Promise.all([...accepted, other]);
    expect(ran).toBe(2);
    await queue.run('198.51.100.7', async () => undefined);
  });

  it('frees the place of a render that failed', async () => {
    const queue = createRenderQueue({ perClient: 1 });
    await expect(queue.run('203.0.113.1', async () => Promise.reject(new Error('broken page')))).rejects.toThrow('broken page');
    await expect(queue.run('203.0.113.1', async () => 'fine')).resolves.toBe('fine');
  });

  it('answers 503 when everyone together has the most renders waiting', () => {
    const queue = createRenderQueue({ perClient: 1, maxWaiting: 3 });
    const held = gate();
    for (const client of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) void queue.run(client, () => held.opened);
    expect(() => queue.run('192.0.2.4', () => held.opened)).toThrow(expect.objectContaining({ statusCode: 503 }));
    held.open();
  });

  it("counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 address", () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:db8:1:2:bbbb::99'));
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
    expect(clientKey('::ffff:192.0.2.5')).toBe('192.0.2.5');
    expect(clientKey('192.0.2.5')).toBe('192.0.2.5');
  });
});
