// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS } from '@shared/auth/api.ts';
import { CRM_NAV } from '@shared/routes.ts';
import { queryKeys } from '@web/lib/query-keys.ts';
import { apiError, fakeApi, reply } from '@web/testing/fake-api.ts';
import { currentUrl, renderScreen } from '@web/testing/render.tsx';
import CrmLayout from './crm-layout.tsx';

const ANNA = { id: 'u1', email: 'anna@example.com', role: 'admin' };
const COLLAPSED_KEY = 'mycrm.sidebar.collapsed';

function shell(url = '/crm') {
  const api = fakeApi({ [`GET ${AUTH_PATHS.session}`]: () => ({ user: ANNA }), [`POST ${AUTH_PATHS.logout}`]: () => reply(204, '') });
  return { api, ...renderScreen(<CrmLayout />, { url }) };
}

/** The sidebar always shown on a laptop (jsdom also has the phone's header, whose menu opens a second one). */
const desktopNav = () => screen.getAllByRole('navigation', { name: 'Main' })[0]!;

describe('the CRM shell', () => {
  it('links every CRM screen, in the shared order, and marks the current one', async () => {
    shell('/crm/tags');
    const links = within(desktopNav()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(CRM_NAV.map((item) => [item.label, item.path]));
    expect(within(desktopNav()).getByRole('link', { current: 'page' }).textContent).toBe('Tags');
    expect(await screen.findByText(ANNA.email)).toBeTruthy();
  });

  it('marks the dashboard only on the dashboard itself, and a screen on its sub-pages', () => {
    shell('/crm/contacts/c1');
    expect(within(desktopNav()).getByRole('link', { current: 'page' }).textContent).toBe('Contacts');
  });

  it('navigates to the screen whose link is clicked', async () => {
    const { user, router } = shell('/crm');
    await user.click(within(desktopNav()).getByRole('link', { name: 'Calendar Events' }));
    expect(currentUrl(router)).toBe('/crm/calendar-events');
    expect(within(desktopNav()).getByRole('link', { current: 'page' }).textContent).toBe('Calendar Events');
  });

  it('collapses to icons, naming each link for screen readers and pointers, and remembers it', async () => {
    const { user, unmount } = shell();
    expect(localStorage.getItem(COLLAPSED_KEY)).toBe('0');
    const collapse = screen.getByRole('button', { name: 'Collapse sidebar' });
    expect(collapse.getAttribute('aria-expanded')).toBe('true');
    await user.click(collapse);

    const expand = screen.getByRole('button', { name: 'Expand sidebar' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    expect(localStorage.getItem(COLLAPSED_KEY)).toBe('1');
    const settings = within(desktopNav()).getByRole('link', { name: 'Settings' });
    expect(settings.getAttribute('title')).toBe('Settings');
    expect(settings.querySelector('span')?.className).toContain('sr-only');
    expect(screen.queryByText(ANNA.email)).toBeNull();

    unmount();
    shell();
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(localStorage.getItem(COLLAPSED_KEY)).toBe('0');
    expect(within(desktopNav()).getByRole('link', { name: 'Settings' }).getAttribute('title')).toBeNull();
  });

  it('signs out, forgetting the session, and goes to the sign-in page', async () => {
    const { api, user, router, client } = shell('/crm/contacts');
    await screen.findByText(ANNA.email);
    await user.click(screen.getAllByRole('button', { name: 'Sign Out' })[0]!);
    await waitFor(() => expect(currentUrl(router)).toBe('/login'));
    expect(api.callsTo(`POST ${AUTH_PATHS.logout}`)).toHaveLength(1);
    expect(client.getQueryData(queryKeys.session)).toBeNull();
  });

  it('signs out on this browser even when the server refuses', async () => {
    const api = fakeApi({
      [`GET ${AUTH_PATHS.session}`]: () => ({ user: ANNA }),
      [`POST ${AUTH_PATHS.logout}`]: () => apiError(500, 'internal', 'Internal error'),
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, router } = renderScreen(<CrmLayout />, { url: '/crm' });
    await user.click(screen.getAllByRole('button', { name: 'Sign Out' })[0]!);
    await waitFor(() => expect(currentUrl(router)).toBe('/login'));
    expect(api.callsTo(`POST ${AUTH_PATHS.logout}`)).toHaveLength(1);
    expect(logged).toHaveBeenCalledWith('Sign out failed', expect.objectContaining({ message: 'Internal error' }));
    logged.mockRestore();
  });
});

describe('the menu on a phone', () => {
  it('opens as a dialog and closes with its button, with Escape, and on navigating', async () => {
    const { user, router } = shell('/crm');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    let menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).getAllByRole('link')).toHaveLength(CRM_NAV.length);
    // The slide-over has no collapse control: it is always the full width.
    expect(within(menu).queryByRole('button', { name: /sidebar/ })).toBeNull();
    await user.click(within(menu).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    act(() => void fireEvent.keyDown(window, { key: 'Escape' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    menu = screen.getByRole('dialog', { name: 'Menu' });
    await user.click(within(menu).getByRole('link', { name: 'Images' }));
    expect(currentUrl(router)).toBe('/crm/images');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });
});
