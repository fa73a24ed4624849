// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CAMPAIGN_TAG_MESSAGES, CAMPAIGN_TAG_PATHS, type CampaignTagBinding } from '@shared/leads/campaign-tags.ts';
import { DEFAULT_TAG_COLOR, TAG_MESSAGES, TAG_PATHS } from '@shared/tags/api.ts';
import { apiError, fakeApi, reply, type ApiCall, type ApiHandler } from '@web/testing/fake-api.ts';
import { renderScreen } from '@web/testing/render.tsx';
import TagsPage from './tags-page.tsx';

interface WireTag {
  id: string;
  name: string;
  description: string | null;
  color: string;
  kit_tag_name: string | null;
  kit_tag_id: number | null;
  created_at: string;
  updated_at: string;
}
const wireTag = (id: string, name: string, more: Partial<WireTag> = {}): WireTag => ({
  id,
  name,
  description: null,
  color: DEFAULT_TAG_COLOR,
  kit_tag_name: null,
  kit_tag_id: null,
  created_at: '2026-01-10T09:00:00.000Z',
  updated_at: '2026-02-01T09:00:00.000Z',
  ...more,
});
const VIP_ID = '4d3f8a9e-0b1c-4c1e-9a55-1f2e3d4c5b6a';
const NEWS_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

let tags: WireTag[];
let campaigns: CampaignTagBinding[];
let handlers: Record<string, ApiHandler>;
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  tags = [
    wireTag(VIP_ID, 'VIP', { description: 'Our best customers', kit_tag_name: 'vip-kit', kit_tag_id: 4242 }),
    wireTag(NEWS_ID, 'newsletter'),
    wireTag('t3', 'Webinar March', { description: 'Signed up in March' }),
  ];
  campaigns = [
    { campaign: 'waiting_list', default_tag_name: 'LEM_Waiting_List', tag: null },
    { campaign: 'webinar', default_tag_name: 'webinar202509_2', tag: { id: VIP_ID, name: 'VIP' } },
  ];
  handlers = {
    [`GET ${TAG_PATHS.list}`]: () => ({ tags }),
    [`GET ${CAMPAIGN_TAG_PATHS.list}`]: () => ({ campaigns }),
    [`POST ${TAG_PATHS.list}`]: ({ body }) => {
      const tag = wireTag('t-new', (body as WireTag).name, body as Partial<WireTag>);
      tags = [...tags, tag];
      return { tag };
    },
  };
  // fakeApi looks a route up when it is called: a test may replace a handler after the page has loaded.
  api = fakeApi(handlers);
});

function tagsPage() {
  return renderScreen(<TagsPage />, { url: '/crm/tags' });
}

const card = (name: string) => screen.getByRole('article', { name });
const cardNames = () => screen.queryAllByRole('article').map((c) => within(c).getByRole('heading').textContent);
const writes = () => api.calls.filter((c: ApiCall) => c.method !== 'GET');

describe('the tags screen', () => {
  it('shows each tag with its description, Kit mapping and count', async () => {
    tagsPage();
    expect(screen.getByText('Loading tags...')).toBeTruthy();
    await screen.findByRole('article', { name: 'VIP' });
    expect(cardNames()).toEqual(['VIP', 'newsletter', 'Webinar March']);
    expect(screen.getByText('3 tags')).toBeTruthy();

    const vip = card('VIP');
    expect(within(vip).getByText('Our best customers')).toBeTruthy();
    expect(within(vip).getByText('Kit Integration Active')).toBeTruthy();
    expect(within(vip).getByText('Maps to:').textContent).toBe('Maps to: vip-kit');
    expect(within(vip).getByText('Kit tag ID:').textContent).toBe('Kit tag ID: 4242');

    const news = card('newsletter');
    expect(within(news).getByText('No description')).toBeTruthy();
    expect(within(news).getByText('No Kit Integration')).toBeTruthy();
    expect(within(news).queryByText('Maps to:')).toBeNull();
  });

  it('filters by name, description or Kit name as one types, ignoring case, and clears the search', async () => {
    const { user } = tagsPage();
    await screen.findByRole('article', { name: 'VIP' });
    const search = screen.getByRole('searchbox', { name: 'Search tags' });
    await user.type(search, 'MARCH');
    expect(cardNames()).toEqual(['Webinar March']);
    expect(screen.getByText('1 of 3 tags')).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'VIP-KIT');
    expect(cardNames()).toEqual(['VIP']);

    await user.clear(search);
    await user.type(search, 'nothing like it');
    expect(screen.getByRole('heading', { name: 'No tags found matching your search' })).toBeTruthy();
    expect(screen.getByText('0 of 3 tags')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(cardNames()).toHaveLength(3);
    expect((search as HTMLInputElement).value).toBe('');
    // The list came from one request; searching asks the server nothing.
    expect(api.callsTo(`GET ${TAG_PATHS.list}`)).toHaveLength(1);
  });

  it('says so when there is no tag yet, in the singular for one', async () => {
    tags = [];
    const { unmount } = tagsPage();
    expect(await screen.findByRole('heading', { name: 'No tags created yet' })).toBeTruthy();
    expect(screen.getByText('Create tags to group contacts and sync them to Kit.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Add Tag' })).toHaveLength(2);
    unmount();
    tags = [wireTag(VIP_ID, 'VIP')];
    tagsPage();
    expect(await screen.findByText('1 tag')).toBeTruthy();
  });

  it('says when the tags cannot be loaded, and loads them on Try again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    handlers[`GET ${TAG_PATHS.list}`] = () => (fail ? apiError(500, 'internal', 'Internal error') : { tags });
    const { user } = tagsPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load tags. Please try again.')).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'VIP' })).toBeTruthy();
    logged.mockRestore();
  });
});

describe('creating and editing a tag', () => {
  it('refuses what the shared rules refuse, in their words, before asking the server', async () => {
    const { user } = tagsPage();
    await user.click(await screen.findByRole('button', { name: 'Add Tag' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Tag' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Tag' }));
    expect(await within(dialog).findByText(TAG_MESSAGES.nameRequired)).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Name'), 'VIP; gold');
    await user.type(within(dialog).getByLabelText('Kit tag ID'), '12a');
    await user.click(within(dialog).getByRole('button', { name: 'Create Tag' }));
    expect(await within(dialog).findByText(TAG_MESSAGES.nameSeparator)).toBeTruthy();
    expect(within(dialog).getByText(TAG_MESSAGES.kitTagIdNotNumber)).toBeTruthy();
    expect(writes()).toHaveLength(0);
  });

  it('creates a tag with the values as the server stores them, says so and shows it', async () => {
    const { user } = tagsPage();
    await user.click(await screen.findByRole('button', { name: 'Add Tag' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Tag' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Color').value).toBe(DEFAULT_TAG_COLOR.toLowerCase());
    await user.type(within(dialog).getByLabelText('Name'), '  Gold  ');
    fireEvent.input(within(dialog).getByLabelText('Color'), { target: { value: '#10b981' } });
    await user.type(within(dialog).getByLabelText('Kit tag ID'), ' 77 ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Tag' }));

    expect(await screen.findByText('Tag created')).toBeTruthy();
    expect(writes().map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', TAG_PATHS.list, { name: 'Gold', description: null, color: '#10b981', kit_tag_name: null, kit_tag_id: 77 }],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('article', { name: 'Gold' })).toBeTruthy();
    expect(screen.getByText('4 tags')).toBeTruthy();
  });

  it('puts a name that is taken on the name field and keeps the dialog open', async () => {
    handlers[`POST ${TAG_PATHS.list}`] = () =>
      reply(409, { error: { code: 'conflict', message: TAG_MESSAGES.nameTaken, fields: { name: TAG_MESSAGES.nameTaken } } });
    const { user } = tagsPage();
    await user.click(await screen.findByRole('button', { name: 'Add Tag' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Tag' });
    await user.type(within(dialog).getByLabelText('Name'), 'vip');
    await user.click(within(dialog).getByRole('button', { name: 'Create Tag' }));
    const message = await within(dialog).findByText(TAG_MESSAGES.nameTaken);
    expect(message.id).toBe(within(dialog).getByLabelText('Name').getAttribute('aria-describedby'));
    expect(screen.queryByText('Tag created')).toBeNull();
  });

  it('says "Failed to save tag" for any other failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    handlers[`POST ${TAG_PATHS.list}`] = () => apiError(500, 'internal', 'Internal error');
    const { user } = tagsPage();
    await user.click(await screen.findByRole('button', { name: 'Add Tag' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Tag' });
    await user.type(within(dialog).getByLabelText('Name'), 'Gold');
    await user.click(within(dialog).getByRole('button', { name: 'Create Tag' }));
    expect((await screen.findByText('Internal error')).parentElement?.textContent).toBe(`${TAG_MESSAGES.saveFailed}Internal error`);
    expect(screen.getByRole('dialog', { name: 'Create Tag' })).toBeTruthy();
    logged.mockRestore();
  });

  it('renames a tag in a dialog that starts with its values, and returns focus to its Edit button on Cancel', async () => {
    handlers[`PUT ${TAG_PATHS.one.path({ id: VIP_ID })}`] = ({ body }) => {
      tags = tags.map((t) => (t.id === VIP_ID ? { ...t, ...(body as Partial<WireTag>) } : t));
      return { tag: tags.find((t) => t.id === VIP_ID) };
    };
    const { user } = tagsPage();
    const edit = await screen.findByRole('button', { name: 'Edit tag VIP' });
    await user.click(edit);
    let dialog = screen.getByRole('dialog', { name: 'Edit Tag' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Name').value).toBe('VIP');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Kit tag ID').value).toBe('4242');
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>('Description').value).toBe('Our best customers');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(edit));

    await user.click(edit);
    dialog = screen.getByRole('dialog', { name: 'Edit Tag' });
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'VIP Gold');
    await user.click(within(dialog).getByRole('button', { name: 'Update Tag' }));
    expect(await screen.findByText('Tag updated')).toBeTruthy();
    expect(writes().map((c) => [c.method, c.path, (c.body as WireTag).name, (c.body as WireTag).kit_tag_id])).toEqual([
      ['PUT', TAG_PATHS.one.path({ id: VIP_ID }), 'VIP Gold', 4242],
    ]);
    expect(await screen.findByRole('article', { name: 'VIP Gold' })).toBeTruthy();
  });
});

describe('deleting a tag', () => {
  it('asks first, in the shared words; declining deletes nothing', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = tagsPage();
    await user.click(await screen.findByRole('button', { name: 'Delete tag newsletter' }));
    expect(confirm).toHaveBeenCalledWith(TAG_MESSAGES.deleteConfirm);
    expect(writes()).toHaveLength(0);
    expect(card('newsletter')).toBeTruthy();
    confirm.mockRestore();
  });

  it('deletes it once confirmed, says so, and it leaves the list', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    handlers[`DELETE ${TAG_PATHS.one.path({ id: NEWS_ID })}`] = () => {
      tags = tags.filter((t) => t.id !== NEWS_ID);
      return reply(204, '');
    };
    const { user } = tagsPage();
    await user.click(await screen.findByRole('button', { name: 'Delete tag newsletter' }));
    expect(await screen.findByText('Tag deleted')).toBeTruthy();
    await waitFor(() => expect(cardNames()).toEqual(['VIP', 'Webinar March']));
    expect(writes().map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE ${TAG_PATHS.one.path({ id: NEWS_ID })}`]);
    confirm.mockRestore();
  });

  it('says "Failed to delete tag" when the server refuses, and the tag stays', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    handlers[`DELETE ${TAG_PATHS.one.path({ id: NEWS_ID })}`] = () => apiError(500, 'internal', 'Internal error');
    const { user } = tagsPage();
    await user.click(await screen.findByRole('button', { name: 'Delete tag newsletter' }));
    expect((await screen.findByText('Internal error')).parentElement?.textContent).toBe(`${TAG_MESSAGES.deleteFailed}Internal error`);
    expect(card('newsletter')).toBeTruthy();
    confirm.mockRestore();
    logged.mockRestore();
  });
});

describe('the sign-up tags', () => {
  it('shows the tag each form adds, or the one the first sign-up will create', async () => {
    tagsPage();
    const waiting = await screen.findByLabelText<HTMLSelectElement>('Waiting list sign-ups');
    expect(waiting.selectedOptions[0]?.textContent).toBe(CAMPAIGN_TAG_MESSAGES.unbound('LEM_Waiting_List'));
    const webinar = screen.getByLabelText<HTMLSelectElement>('Webinar sign-ups');
    expect(webinar.value).toBe(VIP_ID);
    // A tag linked to a Kit tag of another name says so; a bound campaign offers no "create" choice.
    expect([...webinar.options].map((o) => o.textContent)).toEqual(['VIP (Kit: vip-kit)', 'newsletter', 'Webinar March']);
  });

  it('binds a form to the tag chosen and says so', async () => {
    handlers[`PUT ${CAMPAIGN_TAG_PATHS.one.path({ campaign: 'waiting_list' })}`] = ({ body }) => {
      const tag = tags.find((t) => t.id === (body as { tag_id: string }).tag_id)!;
      campaigns = campaigns.map((c) => (c.campaign === 'waiting_list' ? { ...c, tag: { id: tag.id, name: tag.name } } : c));
      return campaigns[0];
    };
    const { user } = tagsPage();
    await user.selectOptions(await screen.findByLabelText('Waiting list sign-ups'), 'newsletter');
    expect(await screen.findByText(CAMPAIGN_TAG_MESSAGES.saved)).toBeTruthy();
    expect(writes().map((c) => [c.path, c.body])).toEqual([[CAMPAIGN_TAG_PATHS.one.path({ campaign: 'waiting_list' }), { tag_id: NEWS_ID }]]);
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Waiting list sign-ups').value).toBe(NEWS_ID));
  });

  it('says when binding fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    handlers[`PUT ${CAMPAIGN_TAG_PATHS.one.path({ campaign: 'webinar' })}`] = () => apiError(500, 'internal', 'Internal error');
    const { user } = tagsPage();
    await user.selectOptions(await screen.findByLabelText('Webinar sign-ups'), 'newsletter');
    expect((await screen.findByText('Internal error')).parentElement?.textContent).toBe(`${CAMPAIGN_TAG_MESSAGES.saveFailed}Internal error`);
    logged.mockRestore();
  });
});
