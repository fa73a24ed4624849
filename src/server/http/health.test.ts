import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { HEALTH_LIVE_PATH, HEALTH_PATH, HEALTH_READY_PATH } from '../../shared/api.ts';
import { latestMigrationMillis } from '../db/migration-state.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('health', () => {
  it('live and ready answer without a session when the database is migrated; /api/health is the readiness check', async () => {
    expect((await get(HEALTH_LIVE_PATH)).json()).toEqual({ status: 'ok' });
    for (const url of [HEALTH_READY_PATH, HEALTH_PATH]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', database: t.database.driver });
    }
  });

  it('is not ready (503) while the newest migration is missing, and live all the same', async () => {
    const newest = String(latestMigrationMillis());
    await t.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${newest}`);
    try {
      for (const url of [HEALTH_READY_PATH, HEALTH_PATH]) {
        const res = await get(url);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ error: { code: 'not_ready', message: 'The database is not migrated to this version yet.' } });
      }
      expect((await get(HEALTH_LIVE_PATH)).statusCode).toBe(200);
    } finally {
      await t.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where created_at = ${String(Number(newest) - 1)}`);
    }
    expect((await get(HEALTH_READY_PATH)).statusCode).toBe(200);
  });

  it('is not ready (503) when the database does not answer, and live all the same', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    try {
      const res = await broken.app.inject({ method: 'GET', url: HEALTH_READY_PATH });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: { code: 'not_ready', message: 'The database does not answer.' } });
      expect((await broken.app.inject({ method: 'GET', url: HEALTH_LIVE_PATH })).statusCode).toBe(200);
    } finally {
      // Its page-view counters cannot flush into the closed database: that failure is expected here.
      await broken.app.close().catch(() => undefined);
    }
    // A second app of its own: its database takes a while on a busy machine.
  }, 60_000);
});
