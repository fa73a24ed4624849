import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { buildApp } from '../app.ts';
import type { CalendarEventPayload } from '../../shared/calendar/event.ts';
import { calendarEvents } from '../db/schema.ts';
import { CALENDAR_EVENTS_PATH, calendarEventPath, publicEventIcsPath, publicEventPath } from '../../shared/calendar/paths.ts';
import { CALENDAR_MESSAGES } from '../../shared/calendar/messages.ts';
import { PUBLIC_EVENT_RATE_LIMIT } from './routes.ts';
import { AUTH_PATHS } from '../../shared/auth/api.ts';

let t: TestApp;
let anna: string;
let ben: string;
beforeAll(async () => {
  t = await createTestApp();
  anna = await t.signIn('anna@example.com');
  ben = await t.signIn('ben@example.com');
});
afterAll(() => t.close());

const payload = (overrides: Partial<CalendarEventPayload> = {}): CalendarEventPayload => ({
  title: 'Lernwerkstatt: KI & Wissen, Teil 1',
  start_date: '2026-09-28',
  start_time: '11:00',
  end_date: '2026-09-28',
  end_time: '12:00',
  timezone: 'Europe/Berlin',
  description: 'Zeile 1\nZeile 2; mit Komma, 🎉',
  location: 'Online (Zoom)',
  guests: 'a@example.com, , b@example.com ',
  organizer_name: 'Jörg Müller',
  organizer_email: 'joerg@example.com',
  reminder_enabled: true,
  reminder_minutes: 15,
  recurrence_enabled: false,
  recurrence_frequency: 'WEEKLY',
  recurrence_interval: 1,
  recurrence_count: null,
  recurrence_until: null,
  source_website: 'https://coach.example',
  source_name: 'Newsletter',
  ...overrides,
});

const create = async (cookie: string, overrides: Partial<CalendarEventPayload> = {}) => {
  const res = await t.as(cookie, { method: 'POST', url: CALENDAR_EVENTS_PATH, payload: payload(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { eventId: string; downloadUrl: string };
};
const rowOf = async (eventId: string) => (await t.db.select().from(calendarEvents).where(eq(calendarEvents.event_id, eventId)))[0];
const NOT_FOUND = { error: { code: 'not_found', message: 'Event not found' } };

describe('creating an event', () => {
  it('stores it for the signed-in user and answers its id and absolute download URL', async () => {
    const saved = await create(anna);
    expect(saved.eventId).toMatch(/^event_\d{13}_[a-z2-7]{16}$/);
    expect(saved.downloadUrl).toBe(`http://localhost/api/calendar/ics/${saved.eventId}`);
    const row = await rowOf(saved.eventId);
    const session = await t.as(anna, { method: 'GET', url: AUTH_PATHS.session });
    expect(row).toMatchObject({ created_by: session.json().user.id, title: 'Lernwerkstatt: KI & Wissen, Teil 1', guests: 'a@example.com, b@example.com', reminder_minutes: 15, timezone: 'Europe/Berlin' });
  });

  it('takes the optional fields from the defaults', async () => {
    const res = await t.as(anna, {
      method: 'POST',
      url: CALENDAR_EVENTS_PATH,
      payload: { title: 'Kurz', start_date: '2026-10-01', start_time: '09:00', end_date: '2026-10-01', end_time: '10:00' },
    });
    expect(res.statusCode).toBe(201);
    expect(await rowOf(res.json().eventId)).toMatchObject({ timezone: 'Europe/Berlin', reminder_enabled: true, reminder_minutes: 30, recurrence_enabled: false, recurrence_frequency: 'WEEKLY', recurrence_interval: 1, recurrence_count: null });
  });

  it('refuses bad input with a 400 and a message per field, and stores nothing', async () => {
    const before = (await t.db.select().from(calendarEvents)).length;
    const res = await t.as(anna, {
      method: 'POST',
      url: CALENDAR_EVENTS_PATH,
      payload: { ...payload(), title: ' ', start_date: '28.09.2026', end_time: '25:00', timezone: 'Mars/Olympus', recurrence_frequency: 'HOURLY', reminder_minutes: 0, recurrence_count: 0 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      title: 'Please fill in all required fields before saving',
      start_date: 'Invalid date/time format',
      end_time: 'Invalid date/time format',
      timezone: 'Please choose a time zone from the list',
      recurrence_frequency: 'Please choose a repeat frequency from the list',
      reminder_minutes: 'Reminder minutes must be a whole number from 1 to 40320 (4 weeks)',
      recurrence_count: 'The number of occurrences must be a whole number from 1 to 1000',
    });
    expect((await t.db.select().from(calendarEvents)).length).toBe(before);
  });

  it('refuses an end before the start on the end time, on create and update, and keeps the next-day end', async () => {
    const refused = await t.as(anna, {
      method: 'POST',
      url: CALENDAR_EVENTS_PATH,
      payload: payload({ start_date: '2026-12-01', start_time: '18:00', end_date: '2026-12-01', end_time: '09:00' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ end_time: CALENDAR_MESSAGES.endBeforeStart });

    const { eventId } = await create(anna, { start_date: '2026-12-01', start_time: '18:00', end_date: '2026-12-02', end_time: '09:00' });
    expect(await rowOf(eventId)).toMatchObject({ start_date: '2026-12-01', start_time: '18:00', end_date: '2026-12-02', end_time: '09:00' });
    const update = await t.as(anna, { method: 'PUT', url: calendarEventPath(eventId), payload: payload({ end_date: '2026-09-27' }) });
    expect(update.statusCode).toBe(400);
    expect(update.json().error.fields).toEqual({ end_time: CALENDAR_MESSAGES.endBeforeStart });
  });

  it('uses the configured public address for the download URL', async () => {
    const other = await createTestApp({ PUBLIC_URL: 'https://crm.coach.example/' });
    try {
      const cookie = await other.signIn();
      const res = await other.as(cookie, { method: 'POST', url: CALENDAR_EVENTS_PATH, payload: payload() });
      expect(res.json().downloadUrl).toBe(`https://crm.coach.example/api/calendar/ics/${res.json().eventId}`);
    } finally {
      await other.close();
    }
  });
});

describe('listing and reading', () => {
  it("lists only the user's own events, newest first, a page at a time, searchable", async () => {
    const first = await create(ben, { title: 'Ben: Erstes' });
    const second = await create(ben, { title: 'Ben: Zweites', location: 'Köln' });
    await create(anna, { title: 'Anna: nicht für Ben' });

    const all = await t.as(ben, { method: 'GET', url: CALENDAR_EVENTS_PATH });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 2, limit: 50, offset: 0 });
    expect(all.json().events.map((e: { event_id: string }) => e.event_id)).toEqual([second.eventId, first.eventId]);
    expect(all.json().events[0]).toMatchObject({ title: 'Ben: Zweites', download_url: second.downloadUrl, guests: 'a@example.com, b@example.com' });

    const page = await t.as(ben, { method: 'GET', url: `${CALENDAR_EVENTS_PATH}?limit=1&offset=1` });
    expect(page.json()).toMatchObject({ total: 2, limit: 1, offset: 1 });
    expect(page.json().events.map((e: { event_id: string }) => e.event_id)).toEqual([first.eventId]);

    const search = await t.as(ben, { method: 'GET', url: `${CALENDAR_EVENTS_PATH}?q=k%C3%B6ln` });
    expect(search.json().events.map((e: { event_id: string }) => e.event_id)).toEqual([second.eventId]);
    const wildcard = await t.as(ben, { method: 'GET', url: `${CALENDAR_EVENTS_PATH}?q=%25` });
    expect(wildcard.json().total).toBe(0);

    const tooMany = await t.as(ben, { method: 'GET', url: `${CALENDAR_EVENTS_PATH}?limit=1000` });
    expect(tooMany.statusCode).toBe(400);
  });

  it("reads one of the user's events, and not another user's", async () => {
    const { eventId, downloadUrl } = await create(anna);
    const own = await t.as(anna, { method: 'GET', url: calendarEventPath(eventId) });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ event_id: eventId, download_url: downloadUrl, organizer_name: 'Jörg Müller' });
    expect(own.json().created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const foreign = await t.as(ben, { method: 'GET', url: calendarEventPath(eventId) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(NOT_FOUND);
  });
});

describe('changing and deleting', () => {
  it("lets another user neither change nor delete an event: 404, and nothing changes", async () => {
    const { eventId } = await create(anna);
    const before = await rowOf(eventId);

    const update = await t.as(ben, { method: 'PUT', url: calendarEventPath(eventId), payload: payload({ title: 'Übernommen' }) });
    expect(update.statusCode).toBe(404);
    expect(update.json()).toEqual(NOT_FOUND);
    const remove = await t.as(ben, { method: 'DELETE', url: calendarEventPath(eventId) });
    expect(remove.statusCode).toBe(404);
    expect(remove.json()).toEqual(NOT_FOUND);

    expect(await rowOf(eventId)).toEqual(before);
  });

  it('updates the own event in full and keeps its download URL', async () => {
    const { eventId, downloadUrl } = await create(anna);
    const before = await rowOf(eventId);
    const res = await t.as(anna, {
      method: 'PUT',
      url: calendarEventPath(eventId),
      payload: payload({ title: 'Neuer Titel', timezone: 'Asia/Tokyo', recurrence_enabled: true, recurrence_count: 4 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ eventId, downloadUrl });
    const after = await rowOf(eventId);
    expect(after).toMatchObject({ title: 'Neuer Titel', timezone: 'Asia/Tokyo', recurrence_enabled: true, recurrence_count: 4, created_by: before!.created_by });
    expect(after!.created_at).toEqual(before!.created_at);
    expect(after!.updated_at.getTime()).toBeGreaterThan(before!.updated_at.getTime());
  });

  it('refuses a bad update with a 400 and leaves the event as it was', async () => {
    const { eventId } = await create(anna);
    const before = await rowOf(eventId);
    const res = await t.as(anna, { method: 'PUT', url: calendarEventPath(eventId), payload: payload({ end_date: '2026-02-30' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ end_date: 'Invalid date/time format' });
    expect(await rowOf(eventId)).toEqual(before);
  });

  it('deletes the own event, after which nobody finds it', async () => {
    const { eventId } = await create(anna);
    const res = await t.as(anna, { method: 'DELETE', url: calendarEventPath(eventId) });
    expect(res.statusCode).toBe(204);
    expect(await rowOf(eventId)).toBeUndefined();
    expect((await t.as(anna, { method: 'GET', url: calendarEventPath(eventId) })).statusCode).toBe(404);
    expect((await t.as(anna, { method: 'DELETE', url: calendarEventPath(eventId) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: publicEventPath(eventId) })).statusCode).toBe(404);
  });
});

describe('public reads (no session)', () => {
  it('answers the public fields as snake_case JSON', async () => {
    const { eventId } = await create(anna, { recurrence_enabled: true, recurrence_until: '2026-12-31' });
    const res = await t.app.inject({ method: 'GET', url: publicEventPath(eventId) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      event_id: eventId,
      title: 'Lernwerkstatt: KI & Wissen, Teil 1',
      start_date: '2026-09-28',
      start_time: '11:00',
      end_date: '2026-09-28',
      end_time: '12:00',
      timezone: 'Europe/Berlin',
      description: 'Zeile 1\nZeile 2; mit Komma, 🎉',
      location: 'Online (Zoom)',
      recurrence_until: '2026-12-31',
    });
    for (const internal of ['id', 'created_by', 'created_at']) expect(body).not.toHaveProperty(internal);
  });

  it('serves an event stored before the end-after-start rule with its end on the next day, not swapped', async () => {
    const { eventId } = await create(anna);
    // Written directly, as such events were saved before the API refused them.
    await t.db.update(calendarEvents).set({ start_date: '2026-12-01', start_time: '18:00', end_date: '2026-12-01', end_time: '09:00' }).where(eq(calendarEvents.event_id, eventId));
    const res = await t.app.inject({ method: 'GET', url: publicEventIcsPath(eventId) });
    const vevent = new ICAL.Component(ICAL.parse(res.body)).getFirstSubcomponent('vevent')!;
    expect(String(vevent.getFirstPropertyValue('dtstart'))).toBe('2026-12-01T18:00:00');
    expect(String(vevent.getFirstPropertyValue('dtend'))).toBe('2026-12-02T09:00:00');
  });

  it('serves the .ics file as a named download that calendar apps may refetch', async () => {
    const { eventId } = await create(anna, { title: 'Überblick: KI & Lernen' });
    const res = await t.app.inject({ method: 'GET', url: publicEventIcsPath(eventId) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_berblick__KI___Lernen.ics"; filename*=UTF-8''%C3%9Cberblick__KI___Lernen.ics`,
    );
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['last-modified']).toBe((await rowOf(eventId))!.updated_at.toUTCString());
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const vevent = new ICAL.Component(ICAL.parse(res.body)).getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('uid')).toBe(`${eventId}@coach.example`);
    expect(vevent.getFirstPropertyValue('summary')).toBe('Überblick: KI & Lernen');
    expect(vevent.getAllProperties('attendee')).toHaveLength(2);

    const again = await t.app.inject({ method: 'GET', url: publicEventIcsPath(eventId) });
    expect(again.body).toBe(res.body);
    const revalidated = await t.app.inject({ method: 'GET', url: publicEventIcsPath(eventId), headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');

    await t.as(anna, { method: 'PUT', url: calendarEventPath(eventId), payload: payload({ title: 'Verschoben' }) });
    const changed = await t.app.inject({ method: 'GET', url: publicEventIcsPath(eventId), headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain('SUMMARY:Verschoben\r\n');
  });

  it('answers 404, never a 500, for ids that do not exist', async () => {
    for (const id of ['event_0_nothing', '00000000-0000-0000-0000-000000000000', '%00', 'x%27%20or%201%3D1', 'a'.repeat(90)]) {
      for (const url of [publicEventPath(id), publicEventIcsPath(id)]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().error.code, url).toBe('not_found');
      }
    }
    const res = await t.app.inject({ method: 'GET', url: publicEventPath('event_0_nothing') });
    expect(res.json()).toEqual(NOT_FOUND);
  });

  it('limits how often one address may read', async () => {
    const read = () => t.app.inject({ method: 'GET', url: publicEventPath('event_0_nothing'), remoteAddress: '203.0.113.9' });
    for (let i = 0; i < PUBLIC_EVENT_RATE_LIMIT.max; i++) expect((await read()).statusCode).toBe(404);
    const limited = await read();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    const otherAddress = await t.app.inject({ method: 'GET', url: publicEventPath('event_0_nothing'), remoteAddress: '203.0.113.10' });
    expect(otherAddress.statusCode).toBe(404);
  });

  it('counts reads in the database, so the limit holds across instances', async () => {
    const second = await buildApp({ config: t.config, database: t.database });
    await second.ready();
    try {
      const read = (app: typeof second, i: number) =>
        app.inject({ method: 'GET', url: i % 2 ? publicEventIcsPath('event_0_nothing') : publicEventPath('event_0_nothing'), remoteAddress: '203.0.113.20' });
      for (let i = 0; i < PUBLIC_EVENT_RATE_LIMIT.max; i++) expect((await read(i % 2 ? second : t.app, i)).statusCode).toBe(404);
      const limited = await read(second, 0);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });

  it('does not let a visitor without a session write', async () => {
    const { eventId } = await create(anna);
    for (const [method, url] of [['POST', CALENDAR_EVENTS_PATH], ['PUT', calendarEventPath(eventId)], ['DELETE', calendarEventPath(eventId)], ['GET', CALENDAR_EVENTS_PATH]] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : payload() });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await rowOf(eventId)).toBeDefined();
  });
});
