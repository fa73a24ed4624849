import { beforeEach, describe, expect, it } from 'vitest';
import { signedInApp } from '../../../tests/helpers/test-app.ts';
import type { z } from 'zod';
import type { dashboardResponseSchema } from '../../shared/dashboard/api.ts';
import { contacts, landingPages } from '../db/schema.ts';
import { DASHBOARD_PATH } from '../../shared/dashboard/api.ts';

const app = signedInApp();
beforeEach(async () => {
  await app.t.db.delete(contacts);
  await app.t.db.delete(landingPages);
});

const hour = 3_600_000;
const daysAgo = (days: number, extraHours = 0) => new Date(Date.now() - days * 24 * hour - extraHours * hour);
/** The answer as it travels: timestamps as ISO 8601 text. */
const dashboard = async (): Promise<z.input<typeof dashboardResponseSchema>> => {
  const res = await app.t.as(app.cookie, { method: 'GET', url: DASHBOARD_PATH });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('dashboard', () => {
  it('is empty on a fresh database', async () => {
    expect(await dashboard()).toEqual({
      stats: { total_contacts: 0, landing_pages: 0, active_pages: 0, recent_leads: 0 },
      recent_contacts: [],
    });
  });

  it('counts contacts, pages, active pages and the leads of the last 7 days', async () => {
    await app.t.db.insert(contacts).values([
      { email: 'today@example.com', first_name: 'Tina', source: 'landing_page', created_at: daysAgo(0, 1) },
      { email: 'inside@example.com', created_at: daysAgo(6, 23) },
      { email: 'outside@example.com', created_at: daysAgo(7, 1) },
      { email: 'old@example.com', created_at: daysAgo(400) },
    ]);
    await app.t.db.insert(landingPages).values([
      { title: 'A', slug: 'page-a' },
      { title: 'B', slug: 'page-b', is_active: false },
      { title: 'C', slug: 'page-c' },
    ]);
    const body = await dashboard();
    expect(body.stats).toEqual({ total_contacts: 4, landing_pages: 3, active_pages: 2, recent_leads: 2 });
    expect(body.recent_contacts.map((c) => c.email)).toEqual(['today@example.com', 'inside@example.com']);
    expect(body.recent_contacts[0]).toEqual({
      id: expect.any(String),
      email: 'today@example.com',
      first_name: 'Tina',
      last_name: null,
      full_name: null,
      source: 'landing_page',
      created_at: expect.any(String),
    });
  });

  it('shows at most the 5 newest recent contacts but counts them all', async () => {
    await app.t.db.insert(contacts).values(Array.from({ length: 8 }, (_, i) => ({ email: `n${i}@example.com`, created_at: daysAgo(0, i + 1) })));
    const body = await dashboard();
    expect(body.stats.recent_leads).toBe(8);
    expect(body.recent_contacts.map((c) => c.email)).toEqual(['n0@example.com', 'n1@example.com', 'n2@example.com', 'n3@example.com', 'n4@example.com']);
  });
});
