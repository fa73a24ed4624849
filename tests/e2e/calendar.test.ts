import ICAL from 'ical.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarEvents } from '../../src/server/db/schema.ts';
import type { CalendarEventPayload } from '../../src/shared/calendar/event.ts';
import { CALENDAR_MESSAGES as M } from '../../src/shared/calendar/messages.ts';
import { CONSENT_STORAGE_KEY } from '../../src/web/features/site/consent/consent-store.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { launchBrowser, readDownload, screenshot, watchPageErrors } from './helpers/browser.ts';
import { startTestServer } from './helpers/server.ts';
import { signIn } from './helpers/sign-in.ts';

/**
 * The calendar tools as the coach uses them: create an event in the link creator, save it, find
 * it in the manager, edit, download, copy and delete it; and the public download page a
 * newsletter reader opens, without a session. Each describe starts from the events it needs
 * (made over the API), so any of them can run alone (vitest -t) or in any order.
 */
const TITLE = 'Learning Ecosystem Webinar';
const UPDATED_TITLE = 'Learning Ecosystem Webinar (Live)';
const CREATOR = '/crm/calendar-link-creator';
const MANAGER = '/crm/calendar-events';

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
/** The download URL of the event the current describe works on. */
let downloadUrl = '';

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  await answerCookieBanner(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
  page = await context.newPage();
  await signIn(page, server.baseUrl, server.email, server.password);
  // Watched from here: before signing in, the session check answers 401 by design.
  errors = watchPageErrors(page);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The event as the creator saves it in the first describe: what the manager and the public page show. */
const SAVED_EVENT: CalendarEventPayload = {
  title: TITLE,
  start_date: '2025-09-28',
  start_time: '11:00',
  end_date: '2025-09-28',
  end_time: '12:00',
  description: 'Live session with Q&A.\nBring your questions.',
  location: 'Online',
  guests: 'anna@example.com, ben@example.com',
  organizer_name: 'Coach Carla',
  organizer_email: 'carla@example.com',
  reminder_minutes: 45,
  source_website: 'https://coach.example',
  source_name: 'Newsletter',
};
/** The same event after the manager's edit. */
const UPDATED_EVENT: CalendarEventPayload = { ...SAVED_EVENT, title: UPDATED_TITLE, end_time: '12:30' };

/** Starts a describe with exactly these events, saved over the API by the signed-in coach; returns their download URLs. */
async function startWithEvents(...events: CalendarEventPayload[]): Promise<string[]> {
  await server.db.delete(calendarEvents);
  return page.evaluate(async (list) => {
    const urls: string[] = [];
    for (const event of list) {
      const response = await fetch('/api/calendar/events', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
      if (response.status !== 201) throw new Error(`create failed: ${response.status}`);
      urls.push(((await response.json()) as { downloadUrl: string }).downloadUrl);
    }
    return urls;
  }, events);
}

/** A returning visitor who already chose: the cookie banner stays away and covers no buttons. */
async function answerCookieBanner(target: BrowserContext) {
  await target.addInitScript((key) => localStorage.setItem(key, 'declined'), CONSENT_STORAGE_KEY);
}

/** A toast on screen with this text (the Toaster shows one at a time), titled 'Error' or 'Success'. */
async function expectToast(target: Page, title: 'Error' | 'Success', text: string) {
  const toast = target.locator('[data-sonner-toast][data-visible="true"]').filter({ hasText: text });
  await expect.poll(() => toast.count(), { message: `toast "${text}"` }).toBeGreaterThan(0);
  expect(await toast.first().locator('[data-title]').textContent()).toBe(title);
}

/** The .ics text as an independent parser reads it: the calendar's first event. */
function parseIcs(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  expect(calendar.name).toBe('vcalendar');
  return calendar.getFirstSubcomponent('vevent')!;
}

const clipboard = (target: Page) => target.evaluate(() => navigator.clipboard.readText());

/** Nothing sticks out sideways: the scrolling area is no wider than the screen. */
async function expectNoSidewaysScroll(target: Page) {
  const overflow = await target.evaluate(() => {
    const main = document.querySelector('main')!;
    return { main: main.scrollWidth - main.clientWidth, page: document.documentElement.scrollWidth - window.innerWidth };
  });
  expect(overflow).toEqual({ main: 0, page: 0 });
}

describe('calendar events manager, empty', () => {
  beforeAll(async () => {
    await startWithEvents();
  });

  it('shows the empty state and leads to the creator', async () => {
    await page.goto(`${server.baseUrl}${MANAGER}`);
    await expect.poll(() => page.getByRole('heading', { name: 'No events found' }).isVisible()).toBe(true);
    await screenshot(page, 'calendar-events-empty');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Create Your First Event' }).click();
    await page.waitForURL(`${server.baseUrl}${CREATOR}`);
  });
});

describe('calendar link creator', () => {
  beforeAll(async () => {
    await startWithEvents();
    await page.goto(`${server.baseUrl}${CREATOR}`);
  });

  it('opens with the defaults: Europe/Berlin, reminder on at 30 minutes, weekly repeat off', async () => {
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Calendar Link Creator');
    expect(await page.getByLabel('Timezone').inputValue()).toBe('Europe/Berlin');
    expect(await page.getByLabel('Enable reminder').isChecked()).toBe(true);
    expect(await page.getByLabel('Minutes before').inputValue()).toBe('30');
    const recurrence = page.getByLabel('Enable recurrence');
    expect(await recurrence.isChecked()).toBe(false);
    expect(await page.getByLabel('Frequency').count()).toBe(0);
    await recurrence.check();
    expect(await page.getByLabel('Frequency').inputValue()).toBe('WEEKLY');
    expect(await page.getByLabel('Interval').inputValue()).toBe('1');
    expect(await page.getByLabel('Number of occurrences').inputValue()).toBe('');
    await recurrence.uncheck();
    expect(await page.getByRole('button', { name: 'Save Event for Newsletter' }).isEnabled()).toBe(true);
    // The buttons fit their column.
    const form = page.getByRole('form', { name: 'Calendar event' });
    expect(await form.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    await screenshot(page, 'calendar-creator-empty');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('refuses to generate, copy, download or save before the required fields are filled', async () => {
    await page.getByRole('button', { name: 'Generate Calendar Link' }).click();
    await expectToast(page, 'Error', 'Please fill in all required fields (Title, Start Date/Time, End Date/Time)');
    // The empty required fields are marked for the person (and for screen readers).
    expect(await page.getByLabel('Title').getAttribute('aria-invalid')).toBe('true');

    await page.getByRole('button', { name: 'Copy Link' }).click();
    await expectToast(page, 'Error', M.noLinkToCopy);
    await page.getByRole('button', { name: 'Download .ics File' }).click();
    await expectToast(page, 'Error', M.noIcsToDownload);
    await page.getByRole('button', { name: 'Copy .ics Content' }).click();
    await expectToast(page, 'Error', M.noIcsToCopy);
    await page.getByRole('button', { name: 'Save Event for Newsletter' }).click();
    await expectToast(page, 'Error', 'Please fill in all required fields before saving');
    expect(await page.getByRole('region', { name: 'Saved Event' }).count()).toBe(0);
  });

  it('fills the end date from the start date only while the end date is empty', async () => {
    await page.getByLabel('Start date').fill('2025-09-28');
    expect(await page.getByLabel('End date').inputValue()).toBe('2025-09-28');
    await page.getByLabel('End date').fill('2025-09-29');
    await page.getByLabel('Start date').fill('2025-09-27');
    expect(await page.getByLabel('End date').inputValue()).toBe('2025-09-29');
    await page.getByLabel('End date').fill('2025-09-28');
    await page.getByLabel('Start date').fill('2025-09-28');
  });

  it('generates the Google Calendar link and the .ics file', async () => {
    await page.getByLabel('Title').fill(TITLE);
    await page.getByLabel('Start time').fill('11:00');
    await page.getByLabel('End time').fill('12:00');
    await page.getByLabel('Description').fill('Live session with Q&A.\nBring your questions.');
    await page.getByLabel('Location').fill('Online');
    await page.getByLabel('Guests').fill('anna@example.com, , ben@example.com');
    await page.getByLabel('Organizer name').fill('Coach Carla');
    await page.getByLabel('Organizer email').fill('carla@example.com');
    await page.getByLabel('Minutes before').fill('45');
    await page.getByLabel('Website').fill('https://coach.example');
    await page.getByLabel('Source name').fill('Newsletter');
    await page.getByRole('button', { name: 'Generate Calendar Link' }).click();
    await expectToast(page, 'Success', M.generated);

    const link = (await page.getByLabel('Google Calendar link').textContent())!;
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('text')).toBe(TITLE);
    expect(url.searchParams.get('dates')).toBe('20250928T110000/20250928T120000');
    expect(url.searchParams.get('ctz')).toBe('Europe/Berlin');
    expect(url.searchParams.get('add')).toBe('anna@example.com,ben@example.com');
    const test = page.getByRole('link', { name: 'Test Link in Google Calendar' });
    expect(await test.getAttribute('href')).toBe(link);
    expect(await test.getAttribute('target')).toBe('_blank');

    const preview = (await page.getByLabel('First 10 lines of the .ics file').textContent())!;
    expect(preview.split('\n')).toHaveLength(10);
    expect(preview.startsWith('BEGIN:VCALENDAR\nVERSION:2.0')).toBe(true);
    await screenshot(page, 'calendar-creator-generated');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('downloads and copies the generated .ics file', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download .ics File' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Learning_Ecosystem_Webinar.ics');
    const vevent = parseIcs(await readDownload(download));
    expect(vevent.getFirstPropertyValue('summary')).toBe(TITLE);
    expect(vevent.getFirstPropertyValue('location')).toBe('Online');
    await expectToast(page, 'Success', M.icsDownloaded);

    await page.getByRole('button', { name: 'Copy .ics Content' }).click();
    await expectToast(page, 'Success', M.icsCopied);
    expect(parseIcs(await clipboard(page)).getFirstPropertyValue('summary')).toBe(TITLE);

    await page.getByRole('button', { name: 'Copy Link' }).click();
    await expectToast(page, 'Success', M.linkCopied);
    expect(await clipboard(page)).toBe(await page.getByLabel('Google Calendar link').textContent());
  });

  it('tells when the form changed after generating', async () => {
    await page.getByLabel('Location').fill('Online (Zoom)');
    await expect.poll(() => page.getByText('The details changed since this was generated').first().isVisible()).toBe(true);
    await page.getByLabel('Location').fill('Online');
    expect(await page.getByText('The details changed since this was generated').count()).toBe(0);
  });

  it('saves the event ("Saving..." while it saves) and shows its download URL', async () => {
    // Hold the request, to see the button while it saves.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/calendar/events', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Save Event for Newsletter' }).click();
    const saving = page.getByRole('button', { name: 'Saving...' });
    await expect.poll(() => saving.isVisible()).toBe(true);
    expect(await saving.isDisabled()).toBe(true);
    release();
    await expectToast(page, 'Success', M.saved);
    await page.unroute('**/api/calendar/events');

    const card = page.getByRole('region', { name: 'Saved Event' });
    const eventId = (await card.locator('dt:has-text("Event ID") + dd').textContent())!;
    expect(eventId).toMatch(/^event_\d+_[a-z2-7]{16}$/);
    downloadUrl = (await card.locator('dt:has-text("Download URL") + dd').textContent())!;
    expect(downloadUrl).toBe(`${server.baseUrl}/api/calendar/ics/${eventId}`);
    expect(await card.getByLabel('Example link for a newsletter').textContent()).toBe(`<a href="${downloadUrl}">Add to calendar</a>`);

    await card.getByRole('button', { name: 'Copy URL' }).click();
    await expectToast(page, 'Success', M.linkCopied);
    expect(await clipboard(page)).toBe(downloadUrl);

    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download .ics' }).click()]);
    expect(download.suggestedFilename()).toBe('Learning_Ecosystem_Webinar.ics');
    expect(parseIcs(await readDownload(download)).getFirstPropertyValue('uid')).toBe(`${eventId}@coach.example`);
    await screenshot(page, 'calendar-creator-saved');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

describe('calendar events manager', () => {
  const card = (title: string) => page.getByRole('article', { name: title });
  beforeAll(async () => {
    downloadUrl = (await startWithEvents(SAVED_EVENT))[0]!;
  });

  it('lists the saved event with German dates, organizer, description, created date and id', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar Events' }).click();
    await page.waitForURL(`${server.baseUrl}${MANAGER}`);
    await expect.poll(() => card(TITLE).isVisible()).toBe(true);
    const text = (await card(TITLE).textContent())!;
    expect(text).toContain('28.09.2025 11:00 – 12:00');
    expect(text).toContain('Online');
    expect(text).toContain('Coach Carla (carla@example.com)');
    expect(text).toContain('Live session with Q&A.');
    // The day it was created, as the browser sees the server's timestamp.
    const created = await page.evaluate(async () => {
      const list = (await (await fetch('/api/calendar/events')).json()) as { events: Array<{ created_at: string }> };
      return new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(list.events[0]!.created_at));
    });
    expect(text).toContain(`Created: ${created}`);
    expect(text).toContain(`ID: ${downloadUrl.split('/').pop()}`);
    expect(await page.getByText('1 event', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'calendar-events');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('shows the details in a modal that holds the focus and gives it back', async () => {
    const view = page.getByRole('button', { name: `View details of ${TITLE}` });
    await view.click();
    const dialog = page.getByRole('dialog', { name: TITLE });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const text = (await dialog.textContent())!;
    for (const part of ['28.09.2025 11:00', '28.09.2025 12:00', 'Europe/Berlin', 'Online', 'Bring your questions.', 'Coach Carla', downloadUrl]) {
      expect(text).toContain(part);
    }
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await screenshot(page, 'calendar-event-details');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => view.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('edits the event in the creator, which loads it once, and updates it under the same URL', async () => {
    await page.getByRole('button', { name: `View details of ${TITLE}` }).click();
    await page.getByRole('dialog', { name: TITLE }).getByRole('button', { name: 'Edit Event' }).click();
    await page.waitForURL(`${server.baseUrl}${CREATOR}?edit=true`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Edit Calendar Event');
    expect(await page.getByLabel('Title').inputValue()).toBe(TITLE);
    expect(await page.getByLabel('Start date').inputValue()).toBe('2025-09-28');
    expect(await page.getByLabel('End time').inputValue()).toBe('12:00');
    expect(await page.getByLabel('Guests').inputValue()).toBe('anna@example.com, ben@example.com');
    expect(await page.getByLabel('Minutes before').inputValue()).toBe('45');
    expect(await page.getByLabel('Website').inputValue()).toBe('https://coach.example');
    // Read once, then removed from session storage.
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);

    await page.getByLabel('Title').fill(UPDATED_TITLE);
    await page.getByLabel('End time').fill('12:30');
    await page.getByRole('button', { name: 'Update Event' }).click();
    await expectToast(page, 'Success', M.updated);
    const saved = page.getByRole('region', { name: 'Saved Event' });
    expect(await saved.locator('dt:has-text("Download URL") + dd').textContent()).toBe(downloadUrl);
    await screenshot(page, 'calendar-creator-edit');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('cannot edit again after a reload: the handed-over event was used up', async () => {
    await page.reload();
    await expectToast(page, 'Error', M.loadForEditFailed);
    await page.waitForURL(`${server.baseUrl}${CREATOR}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Calendar Link Creator');
    expect(await page.getByLabel('Title').inputValue()).toBe('');
  });

  it('shows the updated event and downloads its ICS file', async () => {
    await page.goto(`${server.baseUrl}${MANAGER}`);
    await expect.poll(() => card(UPDATED_TITLE).isVisible()).toBe(true);
    expect(await card(UPDATED_TITLE).textContent()).toContain('28.09.2025 11:00 – 12:30');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download ICS of ${UPDATED_TITLE}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Learning_Ecosystem_Webinar__Live_.ics');
    const vevent = parseIcs(await readDownload(download));
    expect(vevent.getFirstPropertyValue('summary')).toBe(UPDATED_TITLE);
    expect(vevent.getFirstProperty('dtend')!.toJSON()[3]).toBe('2025-09-28T12:30:00');
    await expectToast(page, 'Success', M.managerIcsDownloaded);
  });

  it('copies the download URL', async () => {
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await page.getByRole('button', { name: `Copy download URL of ${UPDATED_TITLE}` }).click();
    await expectToast(page, 'Success', M.downloadUrlCopied);
    expect(await clipboard(page)).toBe(downloadUrl);
  });

  it('searches by title and shows "No events found" for a search without matches', async () => {
    await page.getByLabel('Search events').fill('no such webinar');
    await expect.poll(() => page.getByRole('heading', { name: 'No events found' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Create Your First Event' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => card(UPDATED_TITLE).isVisible()).toBe(true);
  });

  it('fits phone screens of 390 and 360 px', async () => {
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${server.baseUrl}${MANAGER}`);
    await expect.poll(() => phone.getByRole('article', { name: UPDATED_TITLE }).isVisible()).toBe(true);
    await expectNoSidewaysScroll(phone);
    await screenshot(phone, 'calendar-events-mobile');
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await phone.getByRole('button', { name: `View details of ${UPDATED_TITLE}` }).click();
    await expect.poll(() => phone.getByRole('dialog', { name: UPDATED_TITLE }).isVisible()).toBe(true);
    await screenshot(phone, 'calendar-event-details-mobile');
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await phone.keyboard.press('Escape');

    await phone.goto(`${server.baseUrl}${CREATOR}`);
    await phone.getByLabel('Title').fill(TITLE);
    await phone.getByLabel('Start date').fill('2025-09-28');
    await phone.getByLabel('Start time').fill('11:00');
    await phone.getByLabel('End time').fill('12:00');
    await phone.getByLabel('Enable recurrence').check();
    await phone.getByRole('button', { name: 'Generate Calendar Link' }).click();
    await expectToast(phone, 'Success', M.generated);
    await expectNoSidewaysScroll(phone);
    await screenshot(phone, 'calendar-creator-mobile');
    expect(await seriousA11yViolations(phone)).toEqual([]);
    // The narrowest phones in use: 360 px.
    await phone.setViewportSize({ width: 360, height: 780 });
    await expectNoSidewaysScroll(phone);
    await phone.goto(`${server.baseUrl}${MANAGER}`);
    await expect.poll(() => phone.getByRole('article', { name: UPDATED_TITLE }).isVisible()).toBe(true);
    await expectNoSidewaysScroll(phone);
    await phone.close();
  });
});

describe('public download page', () => {
  beforeAll(async () => {
    downloadUrl = (await startWithEvents(UPDATED_EVENT))[0]!;
  });
  const publicPage = async (options: { locale?: string; userAgent?: string; width?: number; answered?: boolean } = {}) => {
    const visitor = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: 900 },
      locale: options.locale ?? 'en-US',
      userAgent: options.userAgent,
      acceptDownloads: true,
    });
    if (options.answered !== false) await answerCookieBanner(visitor);
    return { visitor, page: await visitor.newPage() };
  };

  it('asks a reader who has not chosen about cookies, as every public page does', async () => {
    const { visitor, page: reader } = await publicPage({ answered: false });
    await reader.goto(downloadUrl);
    await expect.poll(() => reader.getByRole('region', { name: 'Your privacy' }).isVisible()).toBe(true);
    await reader.getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => reader.getByRole('region', { name: 'Your privacy' }).count()).toBe(0);
    await visitor.close();
  });

  it('downloads the .ics file at once for a reader without a session, with add-directly links', async () => {
    const { visitor, page: reader } = await publicPage();
    const readerErrors = watchPageErrors(reader);
    const downloadStarted = reader.waitForEvent('download');
    await reader.goto(downloadUrl);
    const download = await downloadStarted;
    expect(download.suggestedFilename()).toBe('Learning_Ecosystem_Webinar__Live_.ics');
    expect(parseIcs(await readDownload(download)).getFirstPropertyValue('summary')).toBe(UPDATED_TITLE);

    await expect.poll(() => reader.getByRole('heading', { level: 1 }).textContent()).toBe(UPDATED_TITLE);
    expect(await reader.getByRole('main').textContent()).toContain('28 September 2025, 11:00 – 12:30 (Europe/Berlin)');
    // Headless Chromium on this machine reports Linux.
    expect(await reader.getByRole('heading', { name: 'Add it on Linux' }).isVisible()).toBe(true);
    const google = new URL((await reader.getByRole('link', { name: 'Google Calendar' }).getAttribute('href'))!);
    expect(google.hostname).toBe('calendar.google.com');
    expect(google.searchParams.get('text')).toBe(UPDATED_TITLE);
    const outlook = new URL((await reader.getByRole('link', { name: 'Outlook' }).getAttribute('href'))!);
    expect(outlook.hostname).toBe('outlook.live.com');
    expect(outlook.searchParams.get('startdt')).toBe('2025-09-28T09:00:00Z');
    expect(await reader.getByText('Tip:').isVisible()).toBe(true);
    expect(await reader.getByRole('heading', { name: 'Nothing worked?' }).isVisible()).toBe(true);

    const [again] = await Promise.all([
      reader.waitForEvent('download'),
      reader.getByRole('link', { name: 'Download calendar file (.ics)' }).click(),
    ]);
    expect(again.suggestedFilename()).toBe('Learning_Ecosystem_Webinar__Live_.ics');
    await screenshot(reader, 'calendar-public-page');
    expect(await seriousA11yViolations(reader)).toEqual([]);
    expect(readerErrors).toEqual([]);
    await visitor.close();
  });

  it('speaks German to a German browser and shows the Mac steps on a Mac', async () => {
    const { visitor, page: reader } = await publicPage({
      locale: 'de-DE',
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      width: 390,
    });
    await reader.goto(downloadUrl);
    await expect.poll(() => reader.getByRole('heading', { name: 'So fügst du ihn auf Mac, iPhone oder iPad hinzu' }).isVisible()).toBe(true);
    expect(await reader.getByRole('main').textContent()).toContain('Sonntag, 28. September 2025, 11:00 – 12:30 (Europe/Berlin)');
    expect(await reader.getByRole('link', { name: 'Google Kalender' }).isVisible()).toBe(true);
    expect(await reader.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await screenshot(reader, 'calendar-public-page-mobile-de');
    expect(await seriousA11yViolations(reader)).toEqual([]);
    await visitor.close();
  });

  it('shows the not-found state for an unknown event, in English and in German', async () => {
    const { visitor, page: reader } = await publicPage();
    await reader.goto(`${server.baseUrl}/api/calendar/ics/event_0_unknown`);
    const alert = reader.getByRole('alert');
    await expect.poll(() => alert.getByRole('heading', { name: 'Event not available' }).isVisible()).toBe(true);
    expect(await alert.textContent()).toContain('We could not find this event.');
    expect(await alert.getByRole('button').count()).toBe(0);
    await screenshot(reader, 'calendar-public-not-found');
    expect(await seriousA11yViolations(reader)).toEqual([]);
    await visitor.close();

    const german = await publicPage({ locale: 'de-DE' });
    await german.page.goto(`${server.baseUrl}/api/calendar/ics/event_0_unknown`);
    await expect.poll(() => german.page.getByRole('heading', { name: 'Termin nicht verfügbar' }).isVisible()).toBe(true);
    await german.visitor.close();
  });
});

describe('an end before the start (Creator, 01.12.2026 18:00–09:00)', () => {
  beforeAll(async () => {
    await startWithEvents();
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${server.baseUrl}${CREATOR}`);
  });
  afterAll(async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('is refused on the end-time field with a clear message, for generate and save', async () => {
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Calendar Link Creator');
    await page.getByLabel('Title').fill('Evening session');
    await page.getByLabel('Start date').fill('2026-12-01');
    await page.getByLabel('Start time').fill('18:00');
    await page.getByLabel('End time').fill('09:00');
    const endTime = page.getByLabel('End time');
    await expect.poll(() => endTime.getAttribute('aria-invalid')).toBe('true');
    expect(await endTime.evaluate((input) => document.getElementById(input.getAttribute('aria-describedby')!)?.textContent)).toBe(M.endBeforeStart);

    await page.getByRole('button', { name: 'Generate Calendar Link' }).click();
    await expectToast(page, 'Error', M.endBeforeStart);
    expect(await page.getByLabel('Google Calendar link').count()).toBe(0);
    await page.getByRole('button', { name: 'Save Event for Newsletter' }).click();
    expect(await page.getByRole('region', { name: 'Saved Event' }).count()).toBe(0);

    expect(await seriousA11yViolations(page)).toEqual([]);
    for (const width of [375, 1366, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSidewaysScroll(page);
      await page.getByLabel('Start date').scrollIntoViewIfNeeded();
      await screenshot(page, `calendar-end-before-start-${width}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  it('means the next day once the user confirms, the same in the Google link, the .ics, the stored event and the public page', async () => {
    await page.getByRole('button', { name: M.endNextDay('2026-12-02') }).click();
    expect(await page.getByLabel('End date').inputValue()).toBe('2026-12-02');
    await expect.poll(() => page.getByLabel('End time').getAttribute('aria-invalid')).toBeNull();

    await page.getByRole('button', { name: 'Generate Calendar Link' }).click();
    await expectToast(page, 'Success', M.generated);
    const google = new URL((await page.getByLabel('Google Calendar link').textContent())!);
    expect(google.searchParams.get('dates')).toBe('20261201T180000/20261202T090000');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download .ics File' }).click()]);
    const generated = parseIcs(await readDownload(download));
    expect(String(generated.getFirstPropertyValue('dtstart'))).toBe('2026-12-01T18:00:00');
    expect(String(generated.getFirstPropertyValue('dtend'))).toBe('2026-12-02T09:00:00');

    await page.getByRole('button', { name: 'Save Event for Newsletter' }).click();
    await expectToast(page, 'Success', M.saved);
    const card = page.getByRole('region', { name: 'Saved Event' });
    const url = (await card.locator('dt:has-text("Download URL") + dd').textContent())!;
    const [stored] = await server.db.select().from(calendarEvents);
    expect(stored).toMatchObject({ start_date: '2026-12-01', start_time: '18:00', end_date: '2026-12-02', end_time: '09:00' });

    const visitor = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
    await answerCookieBanner(visitor);
    const reader = await visitor.newPage();
    const publicDownload = reader.waitForEvent('download');
    await reader.goto(url);
    const fromPublicPage = parseIcs(await readDownload(await publicDownload));
    expect(String(fromPublicPage.getFirstPropertyValue('dtstart'))).toBe('2026-12-01T18:00:00');
    expect(String(fromPublicPage.getFirstPropertyValue('dtend'))).toBe('2026-12-02T09:00:00');
    await expect.poll(() => reader.getByRole('heading', { level: 1 }).textContent()).toBe('Evening session');
    const publicGoogle = new URL((await reader.getByRole('link', { name: 'Google Calendar' }).getAttribute('href'))!);
    expect(publicGoogle.searchParams.get('dates')).toBe('20261201T180000/20261202T090000');
    const outlook = new URL((await reader.getByRole('link', { name: 'Outlook' }).getAttribute('href'))!);
    expect([outlook.searchParams.get('startdt'), outlook.searchParams.get('enddt')]).toEqual(['2026-12-01T17:00:00Z', '2026-12-02T08:00:00Z']);
    await visitor.close();
  });
});

describe('deleting, then many events', () => {
  beforeAll(async () => {
    downloadUrl = (await startWithEvents(UPDATED_EVENT))[0]!;
  });

  it('asks first, keeps the event when cancelled, deletes it when confirmed and shows the empty state', async () => {
    await page.goto(`${server.baseUrl}${MANAGER}`);
    const remove = page.getByRole('button', { name: `Delete ${UPDATED_TITLE}` });
    await expect.poll(() => remove.isVisible()).toBe(true);

    const messages: string[] = [];
    page.once('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.dismiss();
    });
    await remove.click();
    await expect.poll(() => messages).toEqual([M.confirmDelete]);
    expect(await page.getByRole('article', { name: UPDATED_TITLE }).isVisible()).toBe(true);

    page.once('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.accept();
    });
    await remove.click();
    await expectToast(page, 'Success', M.deleted);
    expect(messages).toEqual([M.confirmDelete, 'Are you sure you want to delete this event? This action cannot be undone.']);
    await expect.poll(() => page.getByRole('heading', { name: 'No events found' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Create Your First Event' }).isVisible()).toBe(true);
  });

  it('the deleted event’s public page now says it was not found', async () => {
    const reader = await browser.newPage();
    await reader.goto(downloadUrl);
    await expect.poll(() => reader.getByRole('heading', { name: 'Event not available' }).isVisible()).toBe(true);
    await reader.close();
  });

  it('shows many events a page at a time, newest first', async () => {
    await page.evaluate(async () => {
      for (let n = 1; n <= 26; n++) {
        const response = await fetch('/api/calendar/events', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ title: `Office hours ${n}`, start_date: '2025-10-01', start_time: '17:00', end_date: '2025-10-01', end_time: '18:00' }),
        });
        if (response.status !== 201) throw new Error(`create failed: ${response.status}`);
      }
    });
    await page.reload();
    await expect.poll(() => page.getByText('26 events', { exact: true }).isVisible()).toBe(true);
    const pages = page.getByRole('navigation', { name: 'Pages' });
    expect(await pages.textContent()).toContain('1–24 of 26');
    expect(await page.getByRole('article').count()).toBe(24);
    expect(await page.getByRole('article').first().getByRole('heading').textContent()).toBe('Office hours 26');
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => pages.textContent()).toContain('25–26 of 26');
    expect(await page.getByRole('article').allInnerTexts()).toHaveLength(2);
    expect(await page.getByRole('article').last().getByRole('heading').textContent()).toBe('Office hours 1');
    expect(await pages.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await pages.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => pages.textContent()).toContain('1–24 of 26');
  });

  it('ran without page errors', () => {
    expect(errors).toEqual([]);
  });
});
