// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DASHBOARD_PATH, SITE_CHECKLIST_PATH, type SiteChecklistResponse } from '@shared/dashboard/api.ts';
import { apiError, fakeApi, type ApiHandler } from '@web/testing/fake-api.ts';
import { currentUrl, renderScreen } from '@web/testing/render.tsx';
import DashboardPage from './dashboard-page.tsx';

const STATS = { total_contacts: 12480, landing_pages: 6, active_pages: 4, recent_leads: 37 };
const RECENT = [
  { id: 'c1', email: 'anna@example.com', first_name: 'Anna', last_name: 'Berg', full_name: null, source: 'webinar_signup', created_at: '2026-03-02T10:00:00.000Z' },
  { id: 'c2', email: 'noname@example.com', first_name: null, last_name: null, full_name: null, source: 'lem_landing', created_at: '2026-03-01T08:00:00.000Z' },
  { id: 'c3', email: 'carl@example.com', first_name: 'Carl', last_name: null, full_name: 'Dr. Carl Maier', source: 'manual', created_at: '2026-02-28T08:00:00.000Z' },
];
const LOAD_FAILED = 'Failed to load the dashboard. Please try again.';

function dashboard({ data = (() => ({ stats: STATS, recent_contacts: RECENT })) as ApiHandler, checklist = (() => ({ items: [] })) as ApiHandler } = {}) {
  const api = fakeApi({ [`GET ${DASHBOARD_PATH}`]: data, [`GET ${SITE_CHECKLIST_PATH}`]: checklist });
  return { api, ...renderScreen(<DashboardPage />, { url: '/crm' }) };
}

/** A figure by its label, as a screen reader reaches it: the group named by the label. */
const figure = (label: string) => screen.getByRole('group', { name: label });

describe('the dashboard', () => {
  it('shows the four figures, the recent-leads window, and a placeholder while they load', async () => {
    let answer!: (value: unknown) => void;
    dashboard({ data: () => new Promise((resolve) => (answer = resolve)) });
    expect(within(figure('Total Contacts')).getByText('Loading')).toBeTruthy();
    expect(screen.getByLabelText('Loading recent contacts')).toBeTruthy();

    answer({ stats: STATS, recent_contacts: RECENT });
    await waitFor(() => expect(within(figure('Total Contacts')).getByText('12,480')).toBeTruthy());
    expect(within(figure('Landing Pages')).getByText('6')).toBeTruthy();
    expect(within(figure('Active Pages')).getByText('4')).toBeTruthy();
    expect(within(figure('Recent Leads')).getByText('37')).toBeTruthy();
    expect(within(figure('Recent Leads')).getByText('Last 7 days')).toBeTruthy();
  });

  it('lists the recent contacts by name, email, source and date, naming what has no name with a dash', async () => {
    dashboard();
    const table = await screen.findByRole('table', { name: 'Recent Contacts' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').slice(0, 3).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Anna Berg', 'anna@example.com', 'Webinar Signup'],
      ['—', 'noname@example.com', 'Waiting List'],
      ['Dr. Carl Maier', 'carl@example.com', 'Manual Entry'],
    ]);
    expect(within(table).getAllByRole('row')[1]!.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-02T10:00:00.000Z');
  });

  it('says when there are no recent contacts', async () => {
    dashboard({ data: () => ({ stats: { ...STATS, recent_leads: 0 }, recent_contacts: [] }) });
    expect(await screen.findByText('No recent contacts')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when it cannot load, in a toast and in the page, and loads again on Try again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const { api, user } = dashboard({ data: () => (fail ? apiError(500, 'internal', 'Internal error') : { stats: STATS, recent_contacts: [] }) });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(LOAD_FAILED)).toBeTruthy();
    expect(await screen.findByText('Recent contacts could not be loaded.')).toBeTruthy();
    // The toast says the same, with the server's explanation under it.
    expect((await screen.findByText('Internal error')).parentElement?.textContent).toBe(`${LOAD_FAILED}Internal error`);

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No recent contacts')).toBeTruthy();
    expect(screen.queryByText('Recent contacts could not be loaded.')).toBeNull();
    expect(within(figure('Total Contacts')).getByText('12,480')).toBeTruthy();
    expect(api.callsTo(`GET ${DASHBOARD_PATH}`)).toHaveLength(2);
    logged.mockRestore();
  });

  it('offers the three next steps as links to their screens', async () => {
    const { user, router } = dashboard();
    const actions = screen.getByRole('region', { name: 'Quick Actions' });
    expect(within(actions).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/crm/contacts', '/crm/landing-pages', '/crm/kit']);
    await user.click(within(actions).getByRole('link', { name: /Create Page/ }));
    expect(currentUrl(router)).toBe('/crm/landing-pages');
  });
});

const finding = (n: number): SiteChecklistResponse['items'][number] => ({
  problem: `Sample value ${n}`,
  file: `public/content/en/home.json`,
  path: `hero.line${n}`,
  value: `Lorem ${n}`,
});
const checklistCard = () => screen.getByRole('region', { name: 'Public site checklist' });

describe('the public site checklist', () => {
  it('says so when the site shows none of the sample content', async () => {
    dashboard();
    expect(await within(checklistCard()).findByText('Your public site shows none of the sample content. Nothing left to replace.')).toBeTruthy();
  });

  it('names each sample value with the file and field to change, five at first, then all on request', async () => {
    const { user } = dashboard({ checklist: () => ({ items: [1, 2, 3, 4, 5, 6, 7].map(finding) }) });
    const card = checklistCard();
    expect((await within(card).findByText(/sample values are/)).textContent).toMatch(/^7 sample values are still live on your public site\./);
    const items = () => within(card).getAllByRole('listitem');
    expect(items()).toHaveLength(5);
    expect(items()[0]!.textContent).toBe('Sample value 1Value: Lorem 1Change it in public/content/en/home.json →, field  hero.line1');

    const toggle = within(card).getByRole('button', { name: 'Show all 7' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(items()).toHaveLength(7);
    expect(within(card).getByRole('button', { name: 'Show fewer' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('counts one finding in the singular and offers no toggle for a short list', async () => {
    dashboard({ checklist: () => ({ items: [finding(1)] }) });
    expect((await within(checklistCard()).findByText(/still live/)).textContent).toMatch(/^One sample value is still live/);
    expect(within(checklistCard()).queryByRole('button')).toBeNull();
  });

  it('says when it cannot load and tries again on request', async () => {
    let fail = true;
    const { user } = dashboard({ checklist: () => (fail ? apiError(500, 'internal', 'Internal error') : { items: [finding(1)] }) });
    const card = checklistCard();
    expect(await within(card).findByText('The checklist could not be loaded.')).toBeTruthy();
    fail = false;
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText('Sample value 1')).toBeTruthy();
  });
});
