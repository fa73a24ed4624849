import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/helpers/test-db.ts';
import { testDriver } from '../../../tests/helpers/test-db-config.ts';
import type { Database } from '../db/client.ts';
import { MemoryCounts } from './memory-counts.ts';
import { clearHits, countHit, forgiveHit } from './rate-limit.ts';

/** The counters behind sign-in throttling and public sign-up limits, on the database under test. */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const rows = async () => ((await database.db.execute(sql`select key, hits from auth_throttle order by key`)) as unknown as { rows: Array<{ key: string; hits: number }> }).rows;

describe('rate-limit counters', () => {
  it('count hits per key in a window and say when one goes over its limit', async () => {
    const counts = [];
    for (let i = 0; i < 4; i++) counts.push(await countHit(database.db, 'test:a', 3, 60_000));
    expect(counts.map((c) => [c.hits, c.over])).toEqual([[1, false], [2, false], [3, false], [4, true]]);
    expect(counts[3]!.retryAfterSeconds).toBeGreaterThan(55);
    expect(counts[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await countHit(database.db, 'test:b', 3, 60_000)).hits).toBe(1);
  });

  it('take a hit back, and clear a key', async () => {
    await countHit(database.db, 'test:c', 3, 60_000);
    await countHit(database.db, 'test:c', 3, 60_000);
    await forgiveHit(database.db, 'test:c');
    expect((await countHit(database.db, 'test:c', 3, 60_000)).hits).toBe(2);
    await clearHits(database.db, 'test:c');
    expect((await countHit(database.db, 'test:c', 3, 60_000)).hits).toBe(1);
  });

  it('start again once the window is over', async () => {
    await countHit(database.db, 'test:d', 1, 50);
    expect((await countHit(database.db, 'test:d', 1, 50)).over).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await countHit(database.db, 'test:d', 1, 50)).toMatchObject({ hits: 1, over: false });
  });

  it(
    testDriver === 'postgres'
      ? 'live in the database on PostgreSQL, where every instance sees them'
      : 'live in the process on the embedded database, which one process alone serves (no write per hit)',
    async () => {
      await countHit(database.db, 'test:e', 3, 60_000);
      const stored = (await rows()).find((r) => r.key === 'test:e');
      if (testDriver === 'postgres') expect(stored?.hits).toBe(1);
      else expect(stored).toBeUndefined();
    },
  );
});

describe('counts in memory', () => {
  it('follow the table’s rules: a window starts with its first hit, Retry-After is what is left of it', () => {
    let now = 1_000_000;
    const counts = new MemoryCounts(() => now);
    expect(counts.hit('k', 2, 10_000)).toEqual({ hits: 1, over: false, retryAfterSeconds: 10 });
    now += 4_200;
    expect(counts.hit('k', 2, 10_000)).toEqual({ hits: 2, over: false, retryAfterSeconds: 6 });
    expect(counts.hit('k', 2, 10_000)).toEqual({ hits: 3, over: true, retryAfterSeconds: 6 });
    now += 5_800;
    expect(counts.hit('k', 2, 10_000)).toEqual({ hits: 1, over: false, retryAfterSeconds: 10 });
  });

  it('forget keys whose window ended, so an attack from many addresses cannot fill the memory', () => {
    let now = 0;
    const counts = new MemoryCounts(() => now);
    for (let i = 0; i < 1_000; i++) counts.hit(`ip:${i}`, 5, 60_000);
    expect(counts.size).toBe(1_000);
    now += 61_000;
    counts.hit('ip:late', 5, 60_000);
    expect(counts.size).toBe(1);
  });
});
