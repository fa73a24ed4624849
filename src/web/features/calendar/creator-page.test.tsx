// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StoredCalendarEvent } from '@shared/calendar/api.ts';
import { calendarEventSchema } from '@shared/calendar/event.ts';
import { CALENDAR_MESSAGES as M } from '@shared/calendar/messages.ts';
import { apiError, fakeApi } from '@web/testing/fake-api.ts';
import { currentUrl, renderScreen } from '@web/testing/render.tsx';
import CreatorPage from './creator-page.tsx';
import { storeEventForEditing } from './edit-handoff.ts';

const CREATOR = '/crm/calendar-link-creator';
const SAVED = { eventId: 'evt_2v9k', downloadUrl: 'https://crm.example/api/calendar/ics/evt_2v9k' };

/** A field by its label; a required one's label ends in an asterisk that screen readers skip. */
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(new RegExp(`^${label}\\*?$`));
const invalid = (label: string) => field(label).getAttribute('aria-invalid') === 'true';
const REQUIRED = ['Title', 'Start date', 'Start time', 'End date', 'End time'];
const toast = (text: string) => screen.findByText(text);
/** The required fields of a one-hour webinar (the end date follows the start date), as typed and as sent. */
const WEBINAR = { Title: 'Webinar', 'Start date': '2026-09-28', 'Start time': '11:00', 'End time': '12:00' };
const WEBINAR_EVENT = { title: 'Webinar', start_date: '2026-09-28', start_time: '11:00', end_date: '2026-09-28', end_time: '12:00' };

async function fill(user: ReturnType<typeof renderScreen>['user'], values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await user.type(field(label), value);
}

describe('the calendar link creator', () => {
  it('marks exactly the empty required fields once Generate is refused, and each mark goes as the field is filled', async () => {
    const { user } = renderScreen(<CreatorPage />, { url: CREATOR });
    await user.type(field('Title'), 'Q&A Webinar');
    expect(REQUIRED.filter(invalid)).toEqual([]);

    await user.type(field('Start date'), '2026-09-28');
    await user.click(screen.getByRole('button', { name: 'Generate Calendar Link' }));
    expect(await toast(M.requiredForGenerate)).toBeTruthy();
    // The end date came from the start date; only the times are missing.
    expect(field('End date').value).toBe('2026-09-28');
    expect(REQUIRED.filter(invalid)).toEqual(['Start time', 'End time']);

    await user.type(field('Start time'), '11:00');
    expect(REQUIRED.filter(invalid)).toEqual(['End time']);
    await user.type(field('End time'), '12:00');
    await user.click(screen.getByRole('button', { name: 'Generate Calendar Link' }));
    expect(await toast(M.generated)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Generated Link' })).getByLabelText('Google Calendar link').textContent).toContain(
      'calendar.google.com',
    );
  });

  it('marks the results stale while the form differs from what they were generated from', async () => {
    const { user } = renderScreen(<CreatorPage />, { url: CREATOR });
    await fill(user, WEBINAR);
    await user.click(screen.getByRole('button', { name: 'Generate Calendar Link' }));
    const staleNotes = () => screen.queryAllByText(/The details changed since this was generated/);
    await toast(M.generated);
    expect(staleNotes()).toHaveLength(0);

    await user.click(screen.getByLabelText('Enable recurrence'));
    // Both results, the link and the .ics file, say so.
    expect(staleNotes()).toHaveLength(2);
    await user.click(screen.getByLabelText('Enable recurrence'));
    expect(staleNotes()).toHaveLength(0);
  });

  it('saves the event as the shared rules prepare it, and says so when saving fails', async () => {
    let fail = true;
    const api = fakeApi({ 'POST /api/calendar/events': () => (fail ? apiError(500, 'internal', 'Internal error') : SAVED) });
    const { user } = renderScreen(<CreatorPage />, { url: CREATOR });
    await user.click(screen.getByRole('button', { name: 'Save Event for Newsletter' }));
    expect(await toast(M.requiredForSave)).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    await fill(user, { ...WEBINAR, Title: '  Webinar  ', Guests: ' anna@example.com,,ben@example.com , ' });
    await user.click(screen.getByRole('button', { name: 'Save Event for Newsletter' }));
    expect(await toast(M.saveFailed)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Saved Event' })).toBeNull();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Save Event for Newsletter' }));
    const saved = await screen.findByRole('region', { name: 'Saved Event' });
    expect(within(saved).getByText(SAVED.downloadUrl)).toBeTruthy();
    expect(api.calls.at(-1)?.body).toMatchObject({
      ...WEBINAR_EVENT,
      timezone: 'Europe/Berlin',
      guests: 'anna@example.com, ben@example.com',
      reminder_enabled: true,
      reminder_minutes: 30,
      recurrence_enabled: false,
    });
  });

  it('edits the event the manager handed over, reading it once, and updates it under its id', async () => {
    const stored: StoredCalendarEvent = {
      ...calendarEventSchema.parse({ ...WEBINAR_EVENT, location: 'Online', reminder_enabled: false }),
      id: '7',
      event_id: SAVED.eventId,
      created_at: new Date('2026-09-01T10:00:00Z'),
      updated_at: new Date('2026-09-01T10:00:00Z'),
      download_url: SAVED.downloadUrl,
    };
    storeEventForEditing(stored);
    const api = fakeApi({ [`PUT /api/calendar/events/${SAVED.eventId}`]: () => SAVED });
    const { user } = renderScreen(<CreatorPage />, { url: `${CREATOR}?edit=true` });

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit Calendar Event');
    expect(field('Location').value).toBe('Online');
    expect(sessionStorage.length).toBe(0);
    await user.clear(field('End time'));
    await user.type(field('End time'), '12:30');
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    expect(await toast(M.updated)).toBeTruthy();
    expect(api.calls.at(-1)?.body).toMatchObject({ title: 'Webinar', end_time: '12:30', location: 'Online', reminder_enabled: false });
  });

  it('without a handed-over event (a reload after editing) says so and starts a fresh event', async () => {
    const { router } = renderScreen(<CreatorPage />, { url: `${CREATOR}?edit=true` });
    expect(await toast(M.loadForEditFailed)).toBeTruthy();
    expect(currentUrl(router)).toBe(CREATOR);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Calendar Link Creator');
    expect(field('Title').value).toBe('');
  });
});
