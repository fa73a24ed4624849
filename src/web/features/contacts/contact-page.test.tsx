// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_PATHS } from '@shared/contacts/api.ts';
import { CONTACT_MESSAGES } from '@shared/contacts/form.ts';
import { CONTACT_TIMELINE_PATHS, TIMELINE_MESSAGES } from '@shared/contacts/timeline.ts';
import { TAG_PATHS } from '@shared/tags/api.ts';
import { apiError, fakeApi, reply, type ApiHandler } from '@web/testing/fake-api.ts';
import { currentUrl, renderScreen } from '@web/testing/render.tsx';
import { ContactPage } from './contact-page.tsx';

const ID = '0b6f3f1e-5c1d-4c7e-9a0b-8d2f6e4a1c3b';
const URL_OF = `/crm/contacts/${ID}`;
const STORED = {
  id: ID,
  email: 'anna@example.com',
  first_name: 'Anna' as string | null,
  last_name: 'Berg' as string | null,
  full_name: null as string | null,
  phone: null as string | null,
  address: null,
  country: 'Germany',
  linkedin: null,
  source: 'webinar_signup',
  status: 'lead',
  tags: ['VIP'],
  kit_id: null,
  kit_state: null as string | null,
  kit_state_at: null as string | null,
  url_parameters: { utm_source: 'newsletter' } as Record<string, string>,
  created_at: '2026-02-01T10:00:00.000Z',
  updated_at: '2026-02-01T10:00:00.000Z',
};
const wireTag = (name: string) => ({
  id: `id-${name}`,
  name,
  description: null,
  color: '#10B981',
  kit_tag_name: null,
  kit_tag_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});
const EVENTS = [
  {
    id: '3',
    at: '2026-02-03T09:00:00.000Z',
    actor: { kind: 'user', id: 'u1', email: 'staff@example.com' },
    data: { type: 'fields_changed', changes: [{ field: 'country', old: null, new: 'Germany' }] },
  },
  { id: '2', at: '2026-02-02T09:00:00.000Z', actor: { kind: 'tags_screen' }, data: { type: 'tags_added', tags: ['VIP', 'Gold'] } },
  {
    id: '1',
    at: '2026-02-01T10:00:00.000Z',
    actor: { kind: 'form', form: 'webinar', page_id: null, page_title: null },
    data: { type: 'created', fields: { email: 'anna@example.com' }, form_data: { email: 'anna@example.com', consent: true }, url_parameters: { utm_source: 'newsletter' } },
  },
];

let contact: typeof STORED;
let handlers: Record<string, ApiHandler>;
let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  contact = { ...STORED };
  handlers = {
    [`GET ${CONTACT_PATHS.one.path({ id: ID })}`]: () => ({ contact }),
    [`PUT ${CONTACT_PATHS.one.path({ id: ID })}`]: ({ body }) => {
      contact = { ...contact, ...(body as object) };
      return { contact };
    },
    [`DELETE ${CONTACT_PATHS.one.path({ id: ID })}`]: () => reply(204, ''),
    [`GET ${CONTACT_TIMELINE_PATHS.events.path({ id: ID })}`]: () => ({ events: EVENTS, next_before: null }),
    [`GET ${TAG_PATHS.list}`]: () => ({ tags: [wireTag('VIP'), wireTag('Gold')] }),
  };
  api = fakeApi(handlers);
});

function contactPage(url = URL_OF) {
  return renderScreen(
    <Routes>
      <Route path="/crm/contacts/:id" element={<ContactPage />} />
    </Routes>,
    { url },
  );
}

/** The shown value of a field in the details list (its label is the <dt>). */
function shown(label: string): string | null | undefined {
  const details = screen.getByRole('region', { name: 'Details' });
  const term = within(details).getAllByText(label, { selector: 'dt' })[0]!;
  return term.nextElementSibling?.querySelector('span')?.textContent;
}
const puts = () => api.callsTo(`PUT ${CONTACT_PATHS.one.path({ id: ID })}`).map((c) => c.body as Record<string, unknown>);

describe('a contact’s page', () => {
  it('shows the contact: name, source, every field, its tags and URL parameters', async () => {
    contactPage();
    expect(screen.getByRole('status').textContent?.trim()).toBe('Loading contact...');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Anna Berg');
    expect(screen.getByText(/· Webinar Signup$/)).toBeTruthy();
    expect(shown('Email')).toBe('anna@example.com');
    expect(shown('Country')).toBe('Germany');
    expect(shown('Phone')).toBe('—');
    expect(shown('Status')).toBe('Lead');
    expect(within(screen.getByRole('list', { name: 'Chosen tags' })).getByText('VIP')).toBeTruthy();
    expect(screen.getByText('utm_source=newsletter')).toBeTruthy();
    expect(screen.getByText('not synced')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to contacts' }).getAttribute('href')).toBe('/crm/contacts');
  });

  it('shows Kit’s state of the contact and since when, and says when Kit has not told yet', async () => {
    contact = { ...contact, kit_state: 'cancelled', kit_state_at: '2026-02-05T08:30:00.000Z' };
    contactPage();
    const state = await screen.findByTestId('kit-state');
    expect(state.textContent).toContain('Unsubscribed');
    expect(state.querySelector('[data-final]')).not.toBeNull();
    expect(state.querySelector('time')?.getAttribute('datetime')).toBe('2026-02-05T08:30:00.000Z');
  });

  it('says the Kit state is not known for a contact Kit has not reported on', async () => {
    contactPage();
    expect((await screen.findByTestId('kit-state')).textContent).toBe('Kit state:Not known yet');
  });

  it('is named by its email when it has no name', async () => {
    contact = { ...contact, first_name: null, last_name: null };
    contactPage();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('anna@example.com');
  });

  it('says when the contact does not exist, and when it cannot be loaded', async () => {
    handlers[`GET ${CONTACT_PATHS.one.path({ id: ID })}`] = () => apiError(404, 'not_found', CONTACT_MESSAGES.notFound);
    const { unmount } = contactPage();
    expect(await screen.findByRole('heading', { name: CONTACT_MESSAGES.notFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to contacts' })).toBeTruthy();
    unmount();

    handlers[`GET ${CONTACT_PATHS.one.path({ id: ID })}`] = () => apiError(503, 'unavailable', 'The database is not reachable');
    contactPage();
    expect(await screen.findByRole('heading', { name: 'The contact could not be loaded.' })).toBeTruthy();
    expect(screen.getByText('The database is not reachable')).toBeTruthy();
  });
});

describe('editing a field in place', () => {
  it('saves one field with Enter, keeping the others as they are, and gives focus back to its Edit button', async () => {
    const { user } = contactPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Phone' }));
    const input = screen.getByLabelText<HTMLInputElement>('Phone');
    expect(document.activeElement).toBe(input);
    await user.type(input, '+49 30 7654321{Enter}');
    await waitFor(() => expect(shown('Phone')).toBe('+49 30 7654321'));
    expect(puts()).toHaveLength(1);
    expect(puts()[0]).toMatchObject({ phone: '+49 30 7654321', email: 'anna@example.com', country: 'Germany', status: 'lead', tags: ['VIP'] });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Phone' }));
  });

  it('checks the field with the form’s rules, saving nothing it refuses', async () => {
    const { user } = contactPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Email' }));
    const input = screen.getByLabelText<HTMLInputElement>('Email');
    await user.clear(input);
    await user.type(input, 'anna@{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(CONTACT_MESSAGES.emailInvalid);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(puts()).toHaveLength(0);
  });

  it('shows what the server refuses on the field', async () => {
    handlers[`PUT ${CONTACT_PATHS.one.path({ id: ID })}`] = () =>
      reply(409, { error: { code: 'conflict', message: CONTACT_MESSAGES.emailTaken, fields: { email: CONTACT_MESSAGES.emailTaken } } });
    const { user } = contactPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Email' }));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ben@example.com{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(CONTACT_MESSAGES.emailTaken);
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ben@example.com');
  });

  it('cancels with Escape or Cancel, and an unchanged value is not sent', async () => {
    const { user } = contactPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Country' }));
    await user.type(screen.getByLabelText('Country'), ' (DE){Escape}');
    expect(shown('Country')).toBe('Germany');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Country' }));

    await user.click(screen.getByRole('button', { name: 'Edit Country' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(shown('Country')).toBe('Germany');

    await user.click(screen.getByRole('button', { name: 'Edit Status' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'Customer');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(shown('Status')).toBe('Lead');
    expect(puts()).toHaveLength(0);
  });

  it('chooses the status from the list and saves it', async () => {
    const { user } = contactPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Status' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'Customer');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(shown('Status')).toBe('Customer'));
    expect(puts().map((body) => body.status)).toEqual(['customer']);
  });

  it('adds and removes tags at once', async () => {
    const { user } = contactPage();
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Gold' })).toBeTruthy());
    await user.selectOptions(screen.getByLabelText('Tags'), 'Gold');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Chosen tags' })).getAllByRole('listitem')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Remove tag VIP' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove tag VIP' })).toBeNull());
    expect(puts().map((body) => body.tags)).toEqual([['VIP', 'Gold'], ['Gold']]);
  });
});

describe('deleting the contact', () => {
  it('asks first; declining deletes nothing', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = contactPage();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith(CONTACT_MESSAGES.deleteConfirm);
    expect(api.callsTo(`DELETE ${CONTACT_PATHS.one.path({ id: ID })}`)).toHaveLength(0);
    confirm.mockRestore();
  });

  it('deletes once confirmed, says so, and returns to the contacts list', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user, router } = contactPage();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Contact deleted successfully!')).toBeTruthy();
    expect(currentUrl(router)).toBe('/crm/contacts');
    expect(api.callsTo(`DELETE ${CONTACT_PATHS.one.path({ id: ID })}`)).toHaveLength(1);
    confirm.mockRestore();
  });

  it('stays on the page and says so when deleting fails', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    handlers[`DELETE ${CONTACT_PATHS.one.path({ id: ID })}`] = () => apiError(500, 'internal', 'Internal error');
    const { user, router } = contactPage();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect((await screen.findByText('Internal error')).parentElement?.textContent).toBe('Failed to delete contact. Please try again.Internal error');
    expect(currentUrl(router)).toBe(URL_OF);
    confirm.mockRestore();
    logged.mockRestore();
  });
});

describe('the timeline', () => {
  it('lists what happened, newest first, with who did it and the details', async () => {
    contactPage();
    const list = await screen.findByRole('list', { name: 'Events, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['Country changed', 'Tags added: VIP, Gold', 'Created']);
    expect(items[0]!.textContent).toContain('by staff@example.com');
    expect(items[0]!.textContent).toContain('Country: (empty) → Germany');
    expect(items[1]!.textContent).toContain('on the Tags screen');
    expect(items[2]!.textContent).toContain('through the webinar form');
    // A form's answers and URL parameters as labelled fields, never as key=value.
    const pairs = [...items[2]!.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(pairs).toEqual(['Email: anna@example.com', 'Consent: true', 'utm_source: newsletter']);
    expect(items[2]!.textContent).toContain('Form data');
    expect(items[2]!.textContent).toContain('URL parameters');
    expect(items[2]!.textContent).not.toContain('=');
  });

  it('says when nothing has happened yet', async () => {
    handlers[`GET ${CONTACT_TIMELINE_PATHS.events.path({ id: ID })}`] = () => ({ events: [], next_before: null });
    contactPage();
    expect(await screen.findByText(TIMELINE_MESSAGES.empty)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show older events' })).toBeNull();
  });

  it('loads older events on request, from where the last page ended', async () => {
    handlers[`GET ${CONTACT_TIMELINE_PATHS.events.path({ id: ID })}`] = ({ query }) =>
      query.get('before') === '2' ? { events: [EVENTS[2]], next_before: null } : { events: EVENTS.slice(0, 2), next_before: '2' };
    const { user } = contactPage();
    const list = await screen.findByRole('list', { name: 'Events, newest first' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Show older events' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Show older events' })).toBeNull();
    expect(api.callsTo(`GET ${CONTACT_TIMELINE_PATHS.events.path({ id: ID })}`).map((c) => c.query.get('before'))).toEqual([null, '2']);
  });

  it('says when it cannot be loaded, and tries again on request', async () => {
    let fail = true;
    handlers[`GET ${CONTACT_TIMELINE_PATHS.events.path({ id: ID })}`] = () => (fail ? apiError(500, 'internal', 'Internal error') : { events: EVENTS, next_before: null });
    const { user } = contactPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(TIMELINE_MESSAGES.loadFailed)).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Events, newest first' })).toBeTruthy();
  });
});
