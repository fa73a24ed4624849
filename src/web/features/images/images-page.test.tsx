// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_PATHS, TAG_MESSAGES } from '@shared/images/api.ts';
import { TAG_MAX_LENGTH } from '@shared/images/constants.ts';
import { connectionFailedMessage, IMAGE_MESSAGES, uploadFailedMessage, uploadsFailedMessage } from '@shared/images/messages.ts';
import { apiError, fakeApi, reply, type ApiHandler } from '@web/testing/fake-api.ts';
import { renderScreen } from '@web/testing/render.tsx';
import ImagesPage from './images-page.tsx';

const HERO_ID = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const TEAM_ID = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';
const image = (id: string, name: string, more: Record<string, unknown> = {}) => ({
  id,
  name,
  url: `/uploads/${id}.jpg`,
  size: 240 * 1024,
  width: 800,
  height: 600,
  mime_type: 'image/jpeg',
  tags: [] as string[],
  uploaded_at: '2026-03-01T10:00:00.000Z',
  landing_page_id: null,
  usage_count: 0,
  ...more,
});
const HERO = image(HERO_ID, 'hero.jpg', { usage_count: 1, tags: ['summer'] });
const TEAM = image(TEAM_ID, 'team.png', { mime_type: 'image/png', size: 1_572_864 });

let images: Array<ReturnType<typeof image>>;
let handlers: Record<string, ApiHandler>;
let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  images = [HERO, TEAM];
  handlers = {
    [`GET ${IMAGE_PATHS.list}`]: ({ query }) => {
      const search = query.get('search')?.toLowerCase();
      const found = search ? images.filter((i) => i.name.includes(search) || i.tags.some((t) => t.includes(search))) : images;
      return { images: found, total: found.length, page: Number(query.get('page')), page_size: 24 };
    },
    [`GET ${IMAGE_PATHS.top}`]: () => ({ images: images.filter((i) => i.usage_count > 0) }),
    [`GET ${IMAGE_PATHS.usage}`]: () => ({ images: [] }),
  };
  api = fakeApi(handlers);
});
afterEach(() => vi.restoreAllMocks());

const imagesPage = () => renderScreen(<ImagesPage />, { url: '/crm/images' });
const list = () => screen.findByRole('list', { name: 'Images' });
const item = (name: string) => within(screen.getByRole('listitem', { name }));
const banner = () => [screen.getAllByRole('status')[0]!.textContent, ...screen.getAllByRole('alert').map((a) => a.textContent)].join('');
const listAsked = () => api.callsTo(`GET ${IMAGE_PATHS.list}`).map((c) => Object.fromEntries(c.query));

describe('the image library', () => {
  it('shows each image with its size, dimensions, usage and tags, and the most used ones', async () => {
    imagesPage();
    await list();
    expect(screen.getByText('2 images')).toBeTruthy();
    expect(item('hero.jpg').getByText('800 × 600 · 240 KB')).toBeTruthy();
    expect(item('hero.jpg').getByText('Used on 1 page')).toBeTruthy();
    expect(item('hero.jpg').getByText('summer')).toBeTruthy();
    expect(item('team.png').getByText('800 × 600 · 1.5 MB')).toBeTruthy();
    expect(item('team.png').getByText('Not used')).toBeTruthy();
    expect(item('hero.jpg').getByRole('img', { name: 'hero.jpg' }).getAttribute('src')).toBe(`/uploads/${HERO_ID}.jpg?w=480`);
    const top = screen.getByRole('region', { name: 'Most used' });
    expect(within(top).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['hero.jpgUsed on 1 page']);
  });

  it('says when the library is empty, and when a search finds nothing', async () => {
    images = [];
    const { user, unmount } = imagesPage();
    expect(await screen.findByRole('heading', { name: IMAGE_MESSAGES.emptyLibrary })).toBeTruthy();
    unmount();
    images = [HERO];
    imagesPage();
    await list();
    await user.type(screen.getByRole('searchbox', { name: 'Search images' }), 'winter');
    expect(await screen.findByRole('heading', { name: IMAGE_MESSAGES.noMatches })).toBeTruthy();
  });

  it('asks the server for the filter and sort chosen, from the first page', async () => {
    images = Array.from({ length: 30 }, (_, i) => image(`img-${i}`, `photo-${i}.jpg`));
    handlers[`GET ${IMAGE_PATHS.list}`] = ({ query }) => ({ images: images.slice(0, 24), total: 30, page: Number(query.get('page')), page_size: 24 });
    const { user } = imagesPage();
    await list();
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeTruthy();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(pages).findByText('Page 2 of 2')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Filter'), 'Large (over 1MB)');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Size');
    await waitFor(() => expect(listAsked().at(-1)).toEqual({ filter: 'large', sort: 'size', page: '1' }));
    expect(listAsked()[1]).toEqual({ filter: 'all', sort: 'date', page: '2' });
  });

  it('switches between grid and list, and remembers the choice', async () => {
    const { user, unmount } = imagesPage();
    await list();
    expect(screen.getByRole('button', { name: 'Grid view' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'List view' }));
    expect(screen.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
    expect(item('hero.jpg').getByText(/· Used on 1 page$/)).toBeTruthy();
    unmount();
    imagesPage();
    await list();
    expect(screen.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says when the images cannot be loaded', async () => {
    handlers[`GET ${IMAGE_PATHS.list}`] = () => apiError(500, 'internal', 'Internal error');
    imagesPage();
    await waitFor(() => expect(banner()).toContain(IMAGE_MESSAGES.loadFailed));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('copies an image’s full address', async () => {
    const { user } = imagesPage();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await list();
    await user.click(item('hero.jpg').getByRole('button', { name: 'Copy URL: hero.jpg' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/uploads/${HERO_ID}.jpg`);
  });

  it('tests the database and storage connection', async () => {
    let ok = true;
    handlers[`POST ${IMAGE_PATHS.connectionTest}`] = () => (ok ? { ok, message: IMAGE_MESSAGES.bothSucceeded } : { ok, message: IMAGE_MESSAGES.storageFailed });
    const { user } = imagesPage();
    await list();
    await user.click(screen.getByRole('button', { name: 'Test Connection' }));
    await waitFor(() => expect(banner()).toContain(IMAGE_MESSAGES.connectionSucceeded + IMAGE_MESSAGES.bothSucceeded));
    ok = false;
    await user.click(screen.getByRole('button', { name: 'Test Connection' }));
    await waitFor(() => expect(banner()).toContain(connectionFailedMessage(IMAGE_MESSAGES.storageFailed)));
  });
});

describe('an image’s tags', () => {
  it('are edited as a comma-separated list, blanks and repeats dropped', async () => {
    handlers[`PATCH ${IMAGE_PATHS.one.path({ id: TEAM_ID })}`] = ({ body }) => {
      images = images.map((i) => (i.id === TEAM_ID ? { ...i, ...(body as object) } : i));
      return { image: images[1] };
    };
    const { user } = imagesPage();
    await list();
    await user.click(item('team.png').getByRole('button', { name: 'Add tags to team.png' }));
    await user.type(item('team.png').getByLabelText('Tags for team.png'), 'team, , Office, team{Enter}');
    await waitFor(() => expect(item('team.png').getByText('Office')).toBeTruthy());
    expect(api.callsTo(`PATCH ${IMAGE_PATHS.one.path({ id: TEAM_ID })}`).map((c) => c.body)).toEqual([{ tags: ['team', 'Office'] }]);
  });

  it('refuses a tag that is too long, in the shared words', async () => {
    const { user } = imagesPage();
    await list();
    await user.click(item('hero.jpg').getByRole('button', { name: 'Edit tags of hero.jpg' }));
    const input = item('hero.jpg').getByLabelText('Tags for hero.jpg');
    expect((input as HTMLInputElement).value).toBe('summer');
    fireEvent.change(input, { target: { value: `summer, ${'x'.repeat(TAG_MAX_LENGTH + 1)}` } });
    await user.click(item('hero.jpg').getByRole('button', { name: 'Save tags' }));
    expect(item('hero.jpg').getByText(TAG_MESSAGES.tooLong)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });
});

describe('deleting images', () => {
  it('asks first, naming the pages that use the image, and deletes it anyway once confirmed', async () => {
    handlers[`GET ${IMAGE_PATHS.usage}`] = () => ({ images: [{ id: HERO_ID, pages: [{ id: 'p1', title: 'Spring Sale', slug: 'spring-sale' }] }] });
    handlers[`DELETE ${IMAGE_PATHS.one.path({ id: HERO_ID })}`] = () => {
      images = images.filter((i) => i.id !== HERO_ID);
      return reply(204, '');
    };
    const { user } = imagesPage();
    await list();
    await user.click(item('hero.jpg').getByRole('button', { name: 'Delete hero.jpg' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete image?' }));
    expect(dialog.getByText('"hero.jpg" will be removed from the library and from storage.')).toBeTruthy();
    expect(dialog.getByText('Spring Sale (/lp/spring-sale)')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Delete anyway' }));
    await waitFor(() => expect(banner()).toContain('Image deleted'));
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => `${c.path}?${c.query}`)).toEqual([`${IMAGE_PATHS.one.path({ id: HERO_ID })}?force=true`]);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'hero.jpg' })).toBeNull());
  });

  it('deletes nothing on Cancel', async () => {
    const { user } = imagesPage();
    await list();
    await user.click(item('team.png').getByRole('button', { name: 'Delete team.png' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete image?' }));
    expect(dialog.getByText('This cannot be undone.')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('deletes the selected images together, and the selection can be cleared', async () => {
    handlers[`POST ${IMAGE_PATHS.deleteMany}`] = ({ body }) => ({ deleted: (body as { ids: string[] }).ids, in_use: [], failed: [] });
    const { user } = imagesPage();
    await list();
    await user.click(screen.getByRole('checkbox', { name: 'Select hero.jpg' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select team.png' }));
    const selection = within(screen.getByRole('region', { name: 'Selection' }));
    expect(selection.getByText('2 selected')).toBeTruthy();
    await user.click(selection.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select hero.jpg' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select team.png' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete 2 images?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(banner()).toContain('2 images deleted'));
    expect(api.callsTo(`POST ${IMAGE_PATHS.deleteMany}`).map((c) => c.body)).toEqual([{ ids: [HERO_ID, TEAM_ID], force: false }]);
    expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull();
  });

  it('says when deleting fails', async () => {
    handlers[`DELETE ${IMAGE_PATHS.one.path({ id: TEAM_ID })}`] = () => apiError(500, 'internal', 'Internal error');
    const { user } = imagesPage();
    await list();
    await user.click(item('team.png').getByRole('button', { name: 'Delete team.png' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(banner()).toContain(IMAGE_MESSAGES.deleteFailed));
    expect(screen.getByRole('listitem', { name: 'team.png' })).toBeTruthy();
  });
});

/** An upload as XMLHttpRequest sends it, answered by `answer` once sent. */
function fakeUploads(answer: () => { status: number; body: unknown }) {
  const sent: FormData[] = [];
  class FakeRequest extends EventTarget {
    status = 0;
    responseText = '';
    upload = new EventTarget();
    open() {}
    setRequestHeader() {}
    send(form: FormData) {
      sent.push(form);
      const { status, body } = answer();
      setTimeout(() => {
        this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded: 1, total: 1 }));
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.dispatchEvent(new Event('load'));
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
}
const chooseFiles = (...files: File[]) => fireEvent.change(screen.getByLabelText('Choose images to upload'), { target: { files } });

describe('uploading images', () => {
  it('uploads each chosen image, shows it done, and lists it', async () => {
    const sent = fakeUploads(() => {
      const uploaded = image('3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b', 'new.webp', { mime_type: 'image/webp' });
      images = [uploaded, ...images];
      return { status: 201, body: { image: uploaded } };
    });
    imagesPage();
    await list();
    chooseFiles(new File(['webp'], 'new.webp', { type: 'image/webp' }));
    const uploads = within(await screen.findByRole('list', { name: 'Uploads' }));
    expect(await uploads.findByText('Uploaded')).toBeTruthy();
    expect(await screen.findByRole('listitem', { name: 'new.webp' })).toBeTruthy();
    expect((sent[0]!.get('file') as File).name).toBe('new.webp');
  });

  it('refuses a file of another type or over 5MB without sending it', async () => {
    const sent = fakeUploads(() => ({ status: 500, body: {} }));
    const { user } = imagesPage();
    await list();
    chooseFiles(new File(['%PDF'], 'brochure.pdf', { type: 'application/pdf' }), new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' }));
    const uploads = within(await screen.findByRole('list', { name: 'Uploads' }));
    expect(uploads.getByText(IMAGE_MESSAGES.invalidType)).toBeTruthy();
    expect(uploads.getByText(IMAGE_MESSAGES.tooLarge)).toBeTruthy();
    expect(uploads.getAllByText('Failed')).toHaveLength(2);
    // The banner names each failed file with its reason.
    const alert = within(screen.getByRole('alert'));
    expect(alert.getByText(uploadsFailedMessage(2, 2))).toBeTruthy();
    expect(alert.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      uploadFailedMessage('brochure.pdf', IMAGE_MESSAGES.invalidType),
      uploadFailedMessage('huge.jpg', IMAGE_MESSAGES.tooLarge),
    ]);
    expect(sent).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Clear finished' }));
    expect(screen.queryByRole('list', { name: 'Uploads' })).toBeNull();
  });

  it('names the server’s refusal, and a session that ended in the words users have always seen', async () => {
    let status = 400;
    fakeUploads(() => (status === 401 ? { status, body: {} } : { status, body: { error: { code: 'invalid', message: IMAGE_MESSAGES.tooManyPixels } } }));
    imagesPage();
    await list();
    chooseFiles(new File(['png'], 'giant.png', { type: 'image/png' }));
    await waitFor(() => expect(banner()).toContain(uploadFailedMessage('giant.png', IMAGE_MESSAGES.tooManyPixels)));
    status = 401;
    chooseFiles(new File(['png'], 'later.png', { type: 'image/png' }));
    await waitFor(() => expect(banner()).toContain(uploadFailedMessage('later.png', IMAGE_MESSAGES.notAuthenticated)));
  });
});
