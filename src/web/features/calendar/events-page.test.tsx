// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALENDAR_MESSAGES as M } from '@shared/calendar/messages.ts';
import { calendarEventPath, CALENDAR_EVENTS_PATH, publicEventIcsPath } from '@shared/calendar/paths.ts';
import { apiError, fakeApi, reply, type ApiHandler } from '@web/testing/fake-api.ts';
import { currentUrl, renderScreen } from '@web/testing/render.tsx';
import { readEventForEditing } from './edit-handoff.ts';
import EventsPage from './events-page.tsx';

const stored = (n: number, more: Record<string, unknown> = {}) => ({
  id: String(n),
  event_id: `evt_${n}`,
  title: `Webinar ${n}`,
  start_date: '2026-09-28',
  start_time: '11:00',
  end_date: '2026-09-28',
  end_time: '12:00',
  timezone: 'Europe/Berlin',
  description: '',
  location: '',
  guests: '',
  organizer_name: '',
  organizer_email: '',
  reminder_enabled: true,
  reminder_minutes: 30,
  recurrence_enabled: false,
  recurrence_frequency: 'WEEKLY',
  recurrence_interval: 1,
  recurrence_count: null,
  recurrence_until: null,
  source_website: '',
  source_name: '',
  created_at: '2026-09-01T10:00:00.000Z',
  updated_at: '2026-09-01T10:00:00.000Z',
  download_url: `https://crm.example/api/calendar/ics/evt_${n}`,
  ...more,
});
const QA = stored(1, {
  title: 'Q&A Live',
  location: 'Online',
  organizer_name: 'Anna Berg',
  organizer_email: 'anna@example.com',
  end_date: '2026-09-29',
  end_time: '09:30',
  description: 'Bring your questions.',
});
const LIST = `GET ${CALENDAR_EVENTS_PATH}`;

let events: Array<ReturnType<typeof stored>>;
let handlers: Record<string, ApiHandler>;
let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  events = [QA, stored(2)];
  handlers = {
    [LIST]: ({ query }) => {
      const q = query.get('q')?.toLowerCase();
      const matching = q ? events.filter((e) => e.title.toLowerCase().includes(q) || e.location.toLowerCase().includes(q)) : events;
      const offset = Number(query.get('offset'));
      const limit = Number(query.get('limit'));
      return { events: matching.slice(offset, offset + limit), total: matching.length, limit, offset };
    },
  };
  api = fakeApi(handlers);
});
const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  vi.restoreAllMocks();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

const eventsPage = () => renderScreen(<EventsPage />, { url: '/crm/calendar-events' });
const titles = () => screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
const card = (title: string) => screen.getByRole('article', { name: title });

describe('the events manager', () => {
  it('shows each saved event: when (German dates), where, who, when it was saved and its id', async () => {
    eventsPage();
    expect(screen.getByText('Loading calendar events...')).toBeTruthy();
    await screen.findByRole('article', { name: 'Q&A Live' });
    expect(titles()).toEqual(['Q&A Live', 'Webinar 2']);
    expect(screen.getByText('2 events')).toBeTruthy();
    const qa = within(card('Q&A Live'));
    expect(qa.getByText('28.09.2026 11:00 – 29.09.2026 09:30')).toBeTruthy();
    expect(qa.getByText('Online')).toBeTruthy();
    expect(qa.getByText('Anna Berg (anna@example.com)')).toBeTruthy();
    expect(qa.getByText('Created: 01.09.2026')).toBeTruthy();
    expect(qa.getByText('ID: evt_1')).toBeTruthy();
    const plain = within(card('Webinar 2'));
    expect(plain.getByText('28.09.2026 11:00 – 12:00')).toBeTruthy();
    expect(plain.queryByText('Location:')).toBeNull();
  });

  it('without events points to the link creator', async () => {
    events = [];
    eventsPage();
    expect(await screen.findByRole('heading', { name: 'No events found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Your First Event' }).getAttribute('href')).toBe('/crm/calendar-link-creator');
    expect(screen.queryByText(/\d+ events?$/)).toBeNull();
  });

  it('searches by title or location once typing pauses, and offers to clear a search that finds nothing', async () => {
    const { user } = eventsPage();
    await screen.findByRole('article', { name: 'Q&A Live' });
    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), 'online');
    await waitFor(() => expect(titles()).toEqual(['Q&A Live']));
    expect(screen.getByText('1 event')).toBeTruthy();
    expect(api.callsTo(LIST).map((c) => c.query.get('q'))).toEqual([null, 'online']);

    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), ' nothing');
    expect(await screen.findByText('No saved event matches your search.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(titles()).toEqual(['Q&A Live', 'Webinar 2']));
  });

  it('pages 24 events at a time, and a new search starts at its first page', async () => {
    events = Array.from({ length: 30 }, (_, i) => stored(i + 1));
    const { user } = eventsPage();
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('1–24 of 30')).toBeTruthy();
    expect(within(pages).getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled).toBe(true);
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(titles()).toHaveLength(6));
    expect(within(pages).getByText('25–30 of 30')).toBeTruthy();
    expect(within(pages).getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);

    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), 'Webinar 1');
    await waitFor(() => expect(api.callsTo(LIST).at(-1)?.query.get('q')).toBe('Webinar 1'));
    expect(api.callsTo(LIST).at(-1)?.query.get('offset')).toBe('0');
  });

  it('says when the events cannot be loaded, and loads them again on request', async () => {
    let fail = true;
    handlers[LIST] = (call) => (fail ? apiError(500, 'internal', 'Internal error') : { events, total: events.length, limit: 24, offset: Number(call.query.get('offset')) });
    const { user } = eventsPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(M.loadEventsFailed)).toBeTruthy();
    expect(screen.getAllByText(M.loadEventsFailed)).toHaveLength(2);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Q&A Live' })).toBeTruthy();
  });
});

describe('one event’s actions', () => {
  it('shows the details in a dialog, and focus returns to the button that opened it', async () => {
    const { user } = eventsPage();
    const view = await screen.findByRole('button', { name: 'View details of Q&A Live' });
    await user.click(view);
    const dialog = screen.getByRole('dialog', { name: 'Q&A Live' });
    const rows = [...dialog.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ['Start', '28.09.2026 11:00'],
      ['End', '29.09.2026 09:30'],
      ['Timezone', 'Europe/Berlin'],
      ['Location', 'Online'],
      ['Description', 'Bring your questions.'],
      ['Organizer', 'Anna Berg (anna@example.com)'],
      ['Event ID', 'evt_1'],
      ['Download URL', QA.download_url],
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(view));
  });

  it('hands the event to the link creator for editing', async () => {
    const { user, router } = eventsPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Q&A Live' }));
    expect(currentUrl(router)).toBe('/crm/calendar-link-creator?edit=true');
    expect(readEventForEditing()).toMatchObject({ eventId: 'evt_1', event: { title: 'Q&A Live', location: 'Online', end_date: '2026-09-29' } });
  });

  it('downloads the .ics file the server builds, named after the title', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = () => 'blob:http://localhost/1';
    URL.revokeObjectURL = () => {};
    handlers[`GET ${publicEventIcsPath('evt_1')}`] = () => reply(200, 'BEGIN:VCALENDAR', { 'content-type': 'text/calendar' });
    const { user } = eventsPage();
    await user.click(await screen.findByRole('button', { name: 'Download ICS of Q&A Live' }));
    expect(await screen.findByText(M.managerIcsDownloaded)).toBeTruthy();
    expect(saved).toEqual(['Q_A_Live.ics']);

    await user.click(screen.getByRole('button', { name: 'Download ICS of Webinar 2' }));
    expect(await screen.findByText(M.downloadIcsFailed)).toBeTruthy();
    expect(saved).toEqual(['Q_A_Live.ics']);
  });

  it('copies the download URL, and says when the browser refuses', async () => {
    const { user } = eventsPage();
    // After user-event's setup, which puts its own clipboard in place.
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(await screen.findByRole('button', { name: 'Copy download URL of Q&A Live' }));
    expect(await screen.findByText(M.downloadUrlCopied)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(QA.download_url);

    writeText.mockImplementation(() => Promise.reject(new Error('Not allowed')));
    await user.click(screen.getByRole('button', { name: 'Copy download URL of Webinar 2' }));
    expect(await screen.findByText(M.copyLinkFailed)).toBeTruthy();
  });

  it('deletes only after asking, and says whether it worked', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    handlers[`DELETE ${calendarEventPath('evt_2')}`] = () => {
      events = events.filter((e) => e.event_id !== 'evt_2');
      return reply(204, '');
    };
    handlers[`DELETE ${calendarEventPath('evt_1')}`] = () => apiError(500, 'internal', 'Internal error');
    const { user } = eventsPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Webinar 2' }));
    expect(confirm).toHaveBeenCalledWith(M.confirmDelete);
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Delete Webinar 2' }));
    expect(await screen.findByText(M.deleted)).toBeTruthy();
    await waitFor(() => expect(titles()).toEqual(['Q&A Live']));

    await user.click(screen.getByRole('button', { name: 'Delete Q&A Live' }));
    expect(await screen.findByText(M.deleteFailed)).toBeTruthy();
    expect(titles()).toEqual(['Q&A Live']);
  });
});
