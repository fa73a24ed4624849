// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { KIT_PATHS } from '@shared/kit/api.ts';
import { KIT_CUSTOM_FIELD_KEYS, KIT_MESSAGES } from '@shared/kit/messages.ts';
import { TAG_PATHS } from '@shared/tags/api.ts';
import { apiError, fakeApi, reply, type ApiHandler } from '@web/testing/fake-api.ts';
import { renderScreen } from '@web/testing/render.tsx';
import KitPage from './kit-page.tsx';

const SAVED = { configured: true, masked_key: '••••••••3f9a', updated_at: '2026-03-01T09:00:00.000Z' };
const NONE = { configured: false, masked_key: null, updated_at: null };
const ACCOUNT = { ok: true, account: { name: 'Coaching GmbH', email: 'owner@coaching.example' } };
const subscriber = (id: number, email: string, state = 'active') => ({
  id,
  first_name: null,
  email_address: email,
  state,
  created_at: '2026-02-01T00:00:00Z',
  fields: {},
});
const crmTag = (id: string, name: string, kit: { kit_tag_name?: string; kit_tag_id?: number } = {}) => ({
  id,
  name,
  description: null,
  color: '#8B5CF6',
  kit_tag_name: kit.kit_tag_name ?? null,
  kit_tag_id: kit.kit_tag_id ?? null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

let settings: object;
let handlers: Record<string, ApiHandler>;
let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  settings = SAVED;
  handlers = {
    [`GET ${KIT_PATHS.settings}`]: () => settings,
    [`PUT ${KIT_PATHS.settings}`]: () => (settings = SAVED),
    [`DELETE ${KIT_PATHS.settings}`]: () => reply(204, ''),
    [`POST ${KIT_PATHS.testConnection}`]: () => ACCOUNT,
    [`GET ${KIT_PATHS.stats}`]: () => ({ total_subscribers: 1520, active_subscribers: 1400 }),
    [`GET ${KIT_PATHS.forms}`]: () => ({ forms: [{ id: 11, name: 'Waiting list', type: 'embed', created_at: '2026-01-02T00:00:00Z' }] }),
    [`GET ${KIT_PATHS.tags}`]: () => ({ tags: [{ id: 7, name: 'VIP', created_at: '2026-01-02T00:00:00Z' }] }),
    [`GET ${KIT_PATHS.subscribers}`]: () => ({
      subscribers: [subscriber(1, 'anna@example.com'), subscriber(2, 'ben@example.com', 'bounced')],
      pagination: { has_previous_page: false, has_next_page: false, start_cursor: null, end_cursor: null, per_page: 50 },
    }),
    [`GET ${TAG_PATHS.list}`]: () => ({ tags: [crmTag('t1', 'VIP', { kit_tag_name: 'VIP', kit_tag_id: 7 }), crmTag('t2', 'Gold')] }),
  };
  api = fakeApi(handlers);
});

const kitPage = () => renderScreen(<KitPage />, { url: '/crm/kit' });
const region = (name: string) => screen.getByRole('region', { name });

describe('the Kit screen without a key', () => {
  beforeEach(() => {
    settings = NONE;
  });

  it('asks for a key, and asks Kit nothing', async () => {
    kitPage();
    const card = await screen.findByRole('region', { name: 'Configure API Key' });
    expect(await within(card).findByText(KIT_MESSAGES.notConfigured)).toBeTruthy();
    expect(within(region('Connection')).getByText('Not connected: no API key is saved.')).toBeTruthy();
    expect(within(card).getByLabelText('API key')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(api.calls.map((c) => c.path)).toEqual([KIT_PATHS.settings]);
  });

  it('refuses an empty key in the words users have always seen', async () => {
    const { user } = kitPage();
    await user.click(await screen.findByRole('button', { name: 'Save API Key' }));
    expect((await screen.findByRole('alert')).textContent).toBe(KIT_MESSAGES.apiKeyRequired);
    expect(screen.getByLabelText('API key').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo(`PUT ${KIT_PATHS.settings}`)).toHaveLength(0);
  });

  it('tests a typed key before saving it, and forgets the result once the key changes', async () => {
    handlers[`POST ${KIT_PATHS.testConnection}`] = ({ body }) =>
      (body as { api_key?: string }).api_key === 'good-key' ? ACCOUNT : { ok: false, error: 'HTTP 401: Unauthorized' };
    const { user } = kitPage();
    const input = await screen.findByLabelText('API key');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Test Key' }).disabled).toBe(true);
    await user.type(input, 'bad-key');
    await user.click(screen.getByRole('button', { name: 'Test Key' }));
    expect((await screen.findByText(/^Connection failed/)).textContent).toBe('Connection failed: HTTP 401: Unauthorized');

    await user.clear(input);
    expect(screen.queryByText(/^Connection failed/)).toBeNull();
    await user.type(input, ' good-key ');
    await user.click(screen.getByRole('button', { name: 'Test Key' }));
    expect((await screen.findByText(/^Connection OK/)).textContent).toBe('Connection OK: Coaching GmbH (owner@coaching.example)');
    expect(api.callsTo(`POST ${KIT_PATHS.testConnection}`).map((c) => c.body)).toEqual([{ api_key: 'bad-key' }, { api_key: 'good-key' }]);
    expect(api.callsTo(`PUT ${KIT_PATHS.settings}`)).toHaveLength(0);
  });

  it('saves the key, shows it masked, and then tests the saved key', async () => {
    const { user } = kitPage();
    await user.type(await screen.findByLabelText('API key'), '  kit_secret_3f9a ');
    await user.click(screen.getByRole('button', { name: 'Save API Key' }));
    expect(await screen.findByText('Kit API key saved')).toBeTruthy();
    expect(api.callsTo(`PUT ${KIT_PATHS.settings}`).map((c) => c.body)).toEqual([{ api_key: 'kit_secret_3f9a' }]);
    expect(screen.getByLabelText('Saved API key').textContent).toBe('••••••••3f9a');
    expect(screen.queryByLabelText('API key')).toBeNull();
    expect(await within(region('Connection')).findByText(/^Connection OK/)).toBeTruthy();
  });

  it('names a key the server refuses, else says "Failed to save API key"', async () => {
    let answer: ApiHandler = () => reply(400, { error: { code: 'validation', message: 'Invalid input', fields: { api_key: 'Must be at most 500 characters' } } });
    handlers[`PUT ${KIT_PATHS.settings}`] = (call) => answer(call);
    const { user } = kitPage();
    await user.type(await screen.findByLabelText('API key'), 'k');
    await user.click(screen.getByRole('button', { name: 'Save API Key' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Must be at most 500 characters');
    answer = () => apiError(500, 'internal', 'Internal error');
    await user.click(screen.getByRole('button', { name: 'Save API Key' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(KIT_MESSAGES.saveFailed));
  });

  it('says when a stored key cannot be read with this server’s secret', async () => {
    settings = { ...NONE, error: KIT_MESSAGES.keyUnreadable };
    kitPage();
    expect((await screen.findByText(KIT_MESSAGES.keyUnreadable)).getAttribute('role')).toBe('alert');
    expect(screen.queryByText(KIT_MESSAGES.notConfigured)).toBeNull();
  });

  it('says when the settings cannot be loaded, and loads them again on request', async () => {
    let fail = true;
    handlers[`GET ${KIT_PATHS.settings}`] = () => (fail ? apiError(500, 'internal', 'Internal error') : settings);
    const { user } = kitPage();
    const card = await screen.findByRole('region', { name: 'Configure API Key' });
    expect(await within(card).findByText('Internal error')).toBeTruthy();
    fail = false;
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText(KIT_MESSAGES.notConfigured)).toBeTruthy();
  });
});

describe('the Kit screen with a saved key', () => {
  it('shows the account’s real figures, forms, tags and subscribers once Kit accepts the key', async () => {
    kitPage();
    expect(await within(region('Connection')).findByText('Connection OK: Coaching GmbH (owner@coaching.example)')).toBeTruthy();
    const figures = await screen.findByRole('region', { name: 'Kit statistics' });
    await waitFor(() => expect(within(figures).getByRole('group', { name: 'Total Subscribers' }).textContent).toMatch(/1,?520/));
    expect(within(figures).getByRole('group', { name: 'Active Subscribers' }).textContent).toMatch(/1,?400/);
    await waitFor(() => expect(within(figures).getByRole('group', { name: 'Forms' }).textContent).toBe('Forms1'));
    expect(within(region('Forms')).getByRole('list', { name: 'Kit forms' }).textContent).toContain('Waiting list');
    expect(within(region('Kit Tags')).getByRole('list', { name: 'Kit tags' }).textContent).toContain('ID 7');
    const table = await within(region('Subscribers')).findByRole('table');
    expect(within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'anna@example.com',
      'ben@example.com',
    ]);
  });

  it('shows nothing of the account when Kit refuses the key, and says what to do', async () => {
    handlers[`POST ${KIT_PATHS.testConnection}`] = () => ({ ok: false, error: 'HTTP 401: Unauthorized' });
    kitPage();
    expect(await within(region('Connection')).findByText('Connection failed: HTTP 401: Unauthorized')).toBeTruthy();
    expect(
      screen.getByText('The connection to Kit failed. Replace the API key, or test the connection again, to see your subscribers, forms and tags.'),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Kit statistics' })).toBeNull();
    expect(api.callsTo(`GET ${KIT_PATHS.stats}`)).toHaveLength(0);
  });

  it('tests the connection again on request', async () => {
    let ok = false;
    handlers[`POST ${KIT_PATHS.testConnection}`] = () => (ok ? ACCOUNT : { ok: false, error: 'HTTP 503: Service Unavailable' });
    const { user } = kitPage();
    await within(region('Connection')).findByText(/^Connection failed/);
    ok = true;
    await user.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(await within(region('Connection')).findByText(/^Connection OK/)).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Kit statistics' })).toBeTruthy();
  });

  it('replaces the key, or cancels replacing it', async () => {
    const { user } = kitPage();
    await user.click(await screen.findByRole('button', { name: 'Replace Key' }));
    expect(screen.getByLabelText('New API key')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('New API key')).toBeNull();
    expect(screen.getByRole('button', { name: 'Replace Key' })).toBeTruthy();
  });

  it('clears the key only after asking, and then asks for one', async () => {
    const { user } = kitPage();
    await user.click(await screen.findByRole('button', { name: 'Clear Key' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear the Kit API key?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(`DELETE ${KIT_PATHS.settings}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Clear Key' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear Key' }));
    expect(await screen.findByText('Kit API key cleared')).toBeTruthy();
    expect(api.callsTo(`DELETE ${KIT_PATHS.settings}`)).toHaveLength(1);
    expect(await screen.findByText(KIT_MESSAGES.notConfigured)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Kit statistics' })).toBeNull();
  });
});

describe('the Kit set-up actions', () => {
  it('creates the missing custom fields and says which it created and which existed', async () => {
    handlers[`POST ${KIT_PATHS.customFields}`] = () => ({ created: ['phone', 'country'], existing: KIT_CUSTOM_FIELD_KEYS.filter((k) => k !== 'phone' && k !== 'country') });
    const { user } = kitPage();
    const card = await screen.findByRole('region', { name: 'Custom Fields' });
    await user.click(within(card).getByRole('button', { name: 'Create Custom Fields in Kit' }));
    expect(await within(card).findByText('Created 2 custom fields in Kit.')).toBeTruthy();
    const items = within(within(card).getByRole('list')).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toContain('phone(created)');
    expect(items).toContain('last_name(already in Kit)');
    expect(await screen.findByText('Created in Kit: phone, country')).toBeTruthy();
  });

  it('links CRM tags to Kit tags by name, creating the missing ones when asked', async () => {
    handlers[`POST ${KIT_PATHS.tagLinks}`] = ({ body }) => ({
      tags: [
        { id: 't1', name: 'VIP', kit_tag_name: 'VIP', kit_tag_id: 7, result: 'unchanged' },
        { id: 't2', name: 'Gold', kit_tag_name: null, kit_tag_id: null, result: (body as { create_missing: boolean }).create_missing ? 'created' : 'missing' },
      ],
    });
    const { user } = kitPage();
    const card = await screen.findByRole('region', { name: 'Link CRM Tags to Kit' });
    const rows = async () => within(await within(card).findByRole('list', { name: 'CRM tags' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(await rows()).toEqual(['VIPMaps to VIP #7', 'GoldNot linked']);

    await user.click(within(card).getByRole('button', { name: 'Link Tags by Name' }));
    await waitFor(async () => expect(await rows()).toEqual(['VIPMaps to VIP #7Already linked', 'GoldNot linkedNo Kit tag with this name']));

    await user.click(within(card).getByLabelText(/Create missing tags in Kit/));
    await user.click(within(card).getByRole('button', { name: 'Link Tags by Name' }));
    await waitFor(async () => expect((await rows())[1]).toContain('Created in Kit and linked'));
    expect(api.callsTo(`POST ${KIT_PATHS.tagLinks}`).map((c) => c.body)).toEqual([{ create_missing: false }, { create_missing: true }]);
  });
});

describe('the Kit subscribers', () => {
  it('pages with Kit’s cursors and searches an exact address', async () => {
    handlers[`GET ${KIT_PATHS.subscribers}`] = ({ query }) => {
      if (query.get('email')) return { subscribers: [], pagination: { has_previous_page: false, has_next_page: false, start_cursor: null, end_cursor: null, per_page: 50 } };
      const second = query.get('after') === 'END1';
      return {
        subscribers: [subscriber(second ? 3 : 1, second ? 'carla@example.com' : 'anna@example.com')],
        pagination: { has_previous_page: second, has_next_page: !second, start_cursor: second ? 'START2' : 'START1', end_cursor: second ? null : 'END1', per_page: 50 },
      };
    };
    const { user } = kitPage();
    const card = await screen.findByRole('region', { name: 'Subscribers' });
    await within(card).findByText('anna@example.com');
    const pages = within(card).getByRole('navigation', { name: 'Subscriber pages' });
    expect(within(pages).getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled).toBe(true);
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(card).findByText('carla@example.com')).toBeTruthy();
    expect(within(pages).getByText('Page 2')).toBeTruthy();
    await waitFor(() => expect(within(pages).getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true));

    await user.type(within(card).getByLabelText('Subscriber email'), ' nobody@example.com {Enter}');
    expect(await within(card).findByText('No Kit subscriber has the email nobody@example.com.')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Clear' }));
    expect(await within(card).findByText('anna@example.com')).toBeTruthy();
    const asked = api.callsTo(`GET ${KIT_PATHS.subscribers}`).map((c) => Object.fromEntries(c.query));
    expect(asked).toEqual([{ per_page: '50' }, { per_page: '50', after: 'END1' }, { per_page: '50', email: 'nobody@example.com' }]);
  });

  it('says when the subscribers cannot be loaded', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    handlers[`GET ${KIT_PATHS.subscribers}`] = () => apiError(502, 'kit_error', 'Kit API error: 502 GET https://api.kit.com/v4/subscribers - Bad Gateway');
    kitPage();
    const card = await screen.findByRole('region', { name: 'Subscribers' });
    expect(await within(card).findByText('Kit API error: 502 GET https://api.kit.com/v4/subscribers - Bad Gateway')).toBeTruthy();
    logged.mockRestore();
  });
});
