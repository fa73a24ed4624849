// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactListResponse } from '@shared/contacts/api.ts';
import { fakeApi } from '@web/testing/fake-api.ts';
import { currentUrl, renderScreen } from '@web/testing/render.tsx';
import { ContactsPage } from './contacts-page.tsx';

const EMPTY_LIST: ContactListResponse = { contacts: [], total: 0, total_capped: false, next_cursor: null };

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  vi.useFakeTimers();
  api = fakeApi({
    'GET /api/contacts': () => EMPTY_LIST,
    'GET /api/contacts/stats': () => ({ total: 0, customers: 0, prospects: 0 }),
    'GET /api/tags': () => ({ tags: [] }),
  });
});

/** The searches the list asked the server for, in order ('' for none). */
const searchesAsked = () => api.callsTo('GET /api/contacts').map((call) => call.query.get('search') ?? '');

const settle = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the contacts search', () => {
  it('asks the server once typing pauses for 250 ms, and keeps the settled search in the URL', async () => {
    const { router } = renderScreen(<ContactsPage />, { url: '/crm/contacts' });
    await settle(0);
    expect(searchesAsked()).toEqual(['']);

    const box = screen.getByLabelText('Search contacts');
    fireEvent.change(box, { target: { value: 'an' } });
    await settle(200);
    fireEvent.change(box, { target: { value: 'anna ' } });
    await settle(249);
    expect(searchesAsked()).toEqual(['']);
    expect(currentUrl(router)).toBe('/crm/contacts');

    await settle(1);
    expect(searchesAsked()).toEqual(['', 'anna']);
    expect(currentUrl(router)).toBe('/crm/contacts?search=anna');
    // The box keeps what was typed, trailing space included.
    expect(screen.getByLabelText<HTMLInputElement>('Search contacts').value).toBe('anna ');
  });

  it('shows the search of an address navigated to (a link, or back) in the box, without asking twice', async () => {
    const { router } = renderScreen(<ContactsPage />, { url: '/crm/contacts?search=ben' });
    await settle(0);
    expect(screen.getByLabelText<HTMLInputElement>('Search contacts').value).toBe('ben');

    await act(() => router.navigate('/crm/contacts?search=carla&status=lead'));
    await settle(300);
    expect(screen.getByLabelText<HTMLInputElement>('Search contacts').value).toBe('carla');
    expect(searchesAsked()).toEqual(['ben', 'carla']);
    expect(currentUrl(router)).toBe('/crm/contacts?search=carla&status=lead');
  });

  it('empties the search when the box is cleared', async () => {
    const { router } = renderScreen(<ContactsPage />, { url: '/crm/contacts?search=anna' });
    await settle(0);
    expect(screen.getByText('Try adjusting your search terms')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search contacts'), { target: { value: '' } });
    await settle(250);
    expect(currentUrl(router)).toBe('/crm/contacts');
    expect(searchesAsked()).toEqual(['anna', '']);
    expect(screen.getByText('Get started by adding your first contact')).toBeTruthy();
  });
});
