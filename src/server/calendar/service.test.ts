import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { calendarEventSchema } from '../../shared/calendar/event.ts';
import { users } from '../db/schema.ts';
import * as events from './service.ts';
import { AUTH_PATHS } from '../../shared/auth/api.ts';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await userId('owner@example.com');
});

/** Creates a user by signing in, and returns their id. */
async function userId(email: string): Promise<string> {
  const cookie = await t.signIn(email);
  return (await t.as(cookie, { method: 'GET', url: AUTH_PATHS.session })).json().user.id;
}
afterAll(() => t.close());

const input = (title: string) =>
  calendarEventSchema.parse({ title, start_date: '2026-05-04', start_time: '18:00', end_date: '2026-05-04', end_time: '19:00' });

describe('calendar event service', () => {
  it('searches title and location literally: % and _ are no wildcards', async () => {
    const plain = await events.createEvent(t.db, owner, input('Q3 Planung'));
    const underscored = await events.createEvent(t.db, owner, input('Q3_Planung'));
    const found = await events.listOwnEvents(t.db, owner, { q: 'q3_', limit: 10, offset: 0 });
    expect(found.rows.map((r) => r.event_id)).toEqual([underscored.event_id]);
    expect((await events.listOwnEvents(t.db, owner, { q: 'planung', limit: 10, offset: 0 })).total).toBe(2);
    expect(plain.event_id).not.toBe(underscored.event_id);
  });

  it('writes the same .ics file until the event changes, stamped with its last change', async () => {
    const row = await events.createEvent(t.db, owner, input('Stabil'));
    expect(events.eventIcs(row)).toBe(events.eventIcs(row));
    const stamp = row.updated_at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
    expect(events.eventIcs(row)).toContain(`\r\nDTSTAMP:${stamp}\r\n`);
    const changed = await events.updateOwnEvent(t.db, owner, row.event_id, input('Geändert'));
    expect(events.eventIcs(changed!)).not.toBe(events.eventIcs(row));
  });

  it("keeps an event's public link working after its creator's account is removed, but nobody owns it", async () => {
    const leaver = await userId('leaver@example.com');
    const row = await events.createEvent(t.db, leaver, input('Bleibt erreichbar'));
    await t.db.delete(users).where(eq(users.id, leaver));
    expect(await events.findEventByEventId(t.db, row.event_id)).toMatchObject({ title: 'Bleibt erreichbar', created_by: null });
    expect(await events.updateOwnEvent(t.db, leaver, row.event_id, input('Gekapert'))).toBeUndefined();
    expect(await events.deleteOwnEvent(t.db, leaver, row.event_id)).toBe(false);
  });

  it('shows the public only the event itself', async () => {
    const row = await events.createEvent(t.db, owner, input('Öffentlich'));
    const publicEvent = events.toPublicEvent(row);
    expect(Object.keys(publicEvent).sort()).toEqual([...Object.keys(input('x')), 'event_id', 'updated_at'].sort());
  });
});
