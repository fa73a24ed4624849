// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FIGURES_DAYS, LANDING_PAGE_MESSAGES, LANDING_PAGE_PATHS, PAGE_CHANGED_CODE } from '@shared/landing-pages/api.ts';
import { SAFETY_MESSAGES } from '@shared/landing-pages/builder.ts';
import { SLUG_MESSAGES } from '@shared/landing-pages/slug.ts';
import { PAGE_TEMPLATES } from '@shared/landing-pages/templates/index.ts';
import { apiError, fakeApi, reply, type ApiHandler } from '@web/testing/fake-api.ts';
import { renderScreen } from '@web/testing/render.tsx';
import LandingPagesPage from './landing-pages-page.tsx';
import { PAGE_NOTICES } from './page-notices.ts';

const SPRING_ID = '5f0c2b1a-3d4e-4f6a-8b7c-9d0e1f2a3b4c';
const WEBINAR_ID = '6a1d3c2b-4e5f-4a7b-9c8d-0e1f2a3b4c5d';

interface StoredPage {
  id: string;
  title: string;
  slug: string;
  page_type: 'html' | 'react' | 'builder';
  is_active: boolean;
  version: number;
  updated_by: { id: string; email: string } | null;
  content: string;
  settings: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}
const page = (id: string, title: string, slug: string, more: Partial<StoredPage> = {}): StoredPage => ({
  id,
  title,
  slug,
  page_type: 'html',
  is_active: true,
  version: 3,
  updated_by: null,
  content: `<h1>${title}</h1>`,
  settings: {},
  created_at: '2026-02-01T09:00:00.000Z',
  updated_at: '2026-02-10T09:00:00.000Z',
  ...more,
});
const summary = ({ content, ...stored }: StoredPage) => ({
  ...stored,
  content_preview: content.slice(0, 100),
  figures: { views: 1200, signups: 48, conversion: 0.04, daily_views: Array.from({ length: FIGURES_DAYS }, (_, i) => i) },
  ab_test: null,
});

let pages: StoredPage[];
let handlers: Record<string, ApiHandler>;
let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  pages = [page(SPRING_ID, 'Spring Sale', 'spring-sale'), page(WEBINAR_ID, 'Webinar Funnel', 'webinar', { page_type: 'builder', is_active: false, content: '' })];
  handlers = {
    [`GET ${LANDING_PAGE_PATHS.list}`]: ({ query }) => {
      const search = query.get('search')?.toLowerCase();
      const found = search ? pages.filter((p) => p.title.toLowerCase().includes(search) || p.slug.includes(search)) : pages;
      return { pages: found.map(summary) };
    },
    [`GET ${LANDING_PAGE_PATHS.slugCheck}`]: ({ query }) => ({ available: !pages.some((p) => p.slug === query.get('slug') && p.id !== query.get('exclude_id')) }),
    [`POST ${LANDING_PAGE_PATHS.list}`]: ({ body }) => {
      const created = page('7b2e4d3c-5f6a-4b8c-8d9e-1f2a3b4c5d6e', '', '', { ...(body as Partial<StoredPage>), version: 1 });
      pages = [created, ...pages];
      return { page: created };
    },
    [`GET ${LANDING_PAGE_PATHS.one.path({ id: SPRING_ID })}`]: () => ({ page: pages.find((p) => p.id === SPRING_ID) }),
  };
  api = fakeApi(handlers);
});

const landingPages = () => renderScreen(<LandingPagesPage />, { url: '/crm/landing-pages' });
const titles = () => screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
const card = (title: string) => within(screen.getByRole('article', { name: title }));
const writes = () => api.calls.filter((c) => c.method !== 'GET');

describe('the landing pages list', () => {
  it('shows each page: its state, type, address, content, figures and what it offers', async () => {
    landingPages();
    expect(screen.getByText('Loading landing pages...')).toBeTruthy();
    await screen.findByRole('article', { name: 'Spring Sale' });
    expect(titles()).toEqual(['Spring Sale', 'Webinar Funnel']);
    expect(screen.getByText('2 landing pages')).toBeTruthy();

    const spring = card('Spring Sale');
    expect(spring.getByText('Active')).toBeTruthy();
    expect(spring.getByText('HTML')).toBeTruthy();
    expect(spring.getByText('/lp/spring-sale')).toBeTruthy();
    expect(spring.getByText('<h1>Spring Sale</h1>')).toBeTruthy();
    expect(spring.getByRole('group', { name: 'Last 30 days' }).textContent).toMatch(/Views1,?200Sign-ups48Conversion4%/);
    expect(spring.getByRole('link', { name: 'Preview Spring Sale (opens in a new tab)' }).getAttribute('href')).toBe('/lp/spring-sale');
    expect(spring.queryByRole('link', { name: /Open in builder/ })).toBeNull();

    const webinar = card('Webinar Funnel');
    expect(webinar.getByText('Inactive')).toBeTruthy();
    expect(webinar.getByText('No content')).toBeTruthy();
    expect(webinar.getByRole('link', { name: 'Open in builder: Webinar Funnel' }).getAttribute('href')).toBe(`/crm/landing-pages/${WEBINAR_ID}/builder`);
    // Visitors get Page Not Found at /lp for an inactive page: its preview is the staff-only one, and says so.
    const notLive = webinar.getByRole('link', { name: 'Preview (not live) Webinar Funnel (opens in a new tab)' });
    expect(notLive.getAttribute('href')).toBe(`/api/landing-pages/${WEBINAR_ID}/preview`);
    expect(notLive.getAttribute('target')).toBe('_blank');
    expect(notLive.textContent?.trim()).toBe('Preview (not live)');
  });

  it('offers the converter, and the builder on a blank page or a template', async () => {
    const { user } = landingPages();
    expect(screen.getByRole('link', { name: 'Convert HTML' }).getAttribute('href')).toBe('/crm/landing-pages/convert');
    await user.click(screen.getByRole('button', { name: 'Use Builder' }));
    const gallery = within(await screen.findByRole('dialog', { name: 'Start a new page' }));
    expect(gallery.getByRole('link', { name: /^Blank page/ }).getAttribute('href')).toBe('/crm/landing-pages/new/builder');
    const webinar = gallery.getByRole('link', { name: /^Preview of the Webinar sign-up template Webinar sign-up/ });
    expect(webinar.getAttribute('href')).toBe('/crm/landing-pages/new/builder?template=webinar');
    expect(gallery.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual(PAGE_TEMPLATES.map((t) => `/templates/${t.id}.webp`));
  });

  it('without pages invites to create one', async () => {
    pages = [];
    landingPages();
    expect(await screen.findByRole('heading', { name: 'No landing pages yet' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Add Landing Page' })).toHaveLength(2);
  });

  it('searches on the server once typing pauses, and offers to clear a search that finds nothing', async () => {
    const { user } = landingPages();
    await screen.findByRole('article', { name: 'Spring Sale' });
    await user.type(screen.getByRole('searchbox', { name: 'Search landing pages' }), 'webinar');
    await waitFor(() => expect(titles()).toEqual(['Webinar Funnel']));
    expect(screen.getByText('1 landing page found')).toBeTruthy();
    expect(api.callsTo(`GET ${LANDING_PAGE_PATHS.list}`).map((c) => c.query.get('search'))).toEqual([null, 'webinar']);

    await user.type(screen.getByRole('searchbox', { name: 'Search landing pages' }), 'zzz');
    expect(await screen.findByRole('heading', { name: 'No landing pages found matching your search' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(titles()).toHaveLength(2));
  });

  it('says when the pages cannot be loaded, and loads them again on request', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const list = handlers[`GET ${LANDING_PAGE_PATHS.list}`]!;
    handlers[`GET ${LANDING_PAGE_PATHS.list}`] = (call) => (fail ? apiError(500, 'internal', 'Internal error') : list(call));
    const { user } = landingPages();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(PAGE_NOTICES.loadFailed)).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Spring Sale' })).toBeTruthy();
    logged.mockRestore();
  });
});

describe('a page’s actions', () => {
  it('deactivates a page at once, and says so', async () => {
    handlers[`PATCH ${LANDING_PAGE_PATHS.one.path({ id: SPRING_ID })}`] = ({ body }) => {
      pages = pages.map((p) => (p.id === SPRING_ID ? { ...p, ...(body as object) } : p));
      return { page: pages[0] };
    };
    const { user } = landingPages();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Spring Sale' }));
    expect(card('Spring Sale').getByText('Inactive')).toBeTruthy();
    expect(await screen.findByText(PAGE_NOTICES.deactivated)).toBeTruthy();
    expect(writes().map((c) => [c.method, c.path, c.body])).toEqual([['PATCH', LANDING_PAGE_PATHS.one.path({ id: SPRING_ID }), { is_active: false }]]);
    expect(card('Spring Sale').getByRole('button', { name: 'Activate Spring Sale' })).toBeTruthy();
  });

  it('puts the state back when the server refuses the change', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    handlers[`PATCH ${LANDING_PAGE_PATHS.one.path({ id: WEBINAR_ID })}`] = () => apiError(500, 'internal', 'Internal error');
    const { user } = landingPages();
    await user.click(await screen.findByRole('button', { name: 'Activate Webinar Funnel' }));
    expect((await screen.findByText('Internal error')).parentElement?.textContent).toBe(`${PAGE_NOTICES.toggleFailed}Internal error`);
    await waitFor(() => expect(card('Webinar Funnel').getByText('Inactive')).toBeTruthy());
    logged.mockRestore();
  });

  it('deletes only after asking, and says so', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    handlers[`DELETE ${LANDING_PAGE_PATHS.one.path({ id: SPRING_ID })}`] = () => {
      pages = pages.filter((p) => p.id !== SPRING_ID);
      return reply(204, '');
    };
    const { user } = landingPages();
    await user.click(await screen.findByRole('button', { name: 'Delete Spring Sale' }));
    expect(confirm).toHaveBeenCalledWith(LANDING_PAGE_MESSAGES.deleteConfirm);
    expect(writes()).toHaveLength(0);

    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Delete Spring Sale' }));
    expect(await screen.findByText(PAGE_NOTICES.deleted)).toBeTruthy();
    await waitFor(() => expect(titles()).toEqual(['Webinar Funnel']));
    confirm.mockRestore();
  });
});

describe('adding a page', () => {
  it('derives the slug from the title and checks that it is free', async () => {
    const { user } = landingPages();
    await user.click(screen.getAllByRole('button', { name: 'Add Landing Page' })[0]!);
    const dialog = within(screen.getByRole('dialog', { name: 'Add Landing Page' }));
    await user.type(dialog.getByLabelText('Title'), 'Summer Café Special');
    expect(dialog.getByLabelText<HTMLInputElement>('URL slug').value).toBe('summer-cafe-special');
    expect(await dialog.findByText('Available')).toBeTruthy();

    await user.clear(dialog.getByLabelText('URL slug'));
    await user.type(dialog.getByLabelText('URL slug'), 'Spring Sale!');
    // Typing keeps only what a slug may hold.
    expect(dialog.getByLabelText<HTMLInputElement>('URL slug').value).toBe('pringale');
    await user.clear(dialog.getByLabelText('URL slug'));
    await user.type(dialog.getByLabelText('URL slug'), 'spring-sale');
    expect(await dialog.findByText(SLUG_MESSAGES.taken)).toBeTruthy();
    expect(dialog.getByRole<HTMLButtonElement>('button', { name: 'Create Page' }).disabled).toBe(true);
    expect(api.callsTo(`GET ${LANDING_PAGE_PATHS.slugCheck}`).map((c) => c.query.get('slug'))).toContain('spring-sale');
  });

  it('names each missing field in the words users have always seen', async () => {
    const { user } = landingPages();
    await user.click(screen.getAllByRole('button', { name: 'Add Landing Page' })[0]!);
    const dialog = within(screen.getByRole('dialog', { name: 'Add Landing Page' }));
    await user.click(dialog.getByRole('button', { name: 'Create Page' }));
    expect(await dialog.findByText(LANDING_PAGE_MESSAGES.titleRequired)).toBeTruthy();
    expect(dialog.getByText(SLUG_MESSAGES.required)).toBeTruthy();
    expect(dialog.getByText(LANDING_PAGE_MESSAGES.contentRequired)).toBeTruthy();
    expect(writes()).toHaveLength(0);
  });

  it('creates an active HTML page by default, says so, and lists it', async () => {
    const { user } = landingPages();
    await user.click(screen.getAllByRole('button', { name: 'Add Landing Page' })[0]!);
    const dialog = within(screen.getByRole('dialog', { name: 'Add Landing Page' }));
    expect(dialog.getByLabelText<HTMLSelectElement>('Page type').value).toBe('html');
    expect(dialog.getByLabelText<HTMLInputElement>('Active').checked).toBe(true);
    await user.type(dialog.getByLabelText('Title'), 'Autumn Offer');
    await user.type(dialog.getByLabelText('Content'), 'Hello autumn');
    expect(dialog.getByText('Visitors can open it at /lp/autumn-offer')).toBeTruthy();
    await dialog.findByText('Available');
    await user.click(dialog.getByRole('button', { name: 'Create Page' }));
    expect(await screen.findByText(PAGE_NOTICES.created)).toBeTruthy();
    expect(writes().map((c) => c.body)).toEqual([{ title: 'Autumn Offer', slug: 'autumn-offer', content: 'Hello autumn', page_type: 'html', is_active: true }]);
    expect(await screen.findByRole('article', { name: 'Autumn Offer' })).toBeTruthy();
  });
});

describe('editing a page', () => {
  it('loads the whole page, and saves naming the version it started from', async () => {
    handlers[`PUT ${LANDING_PAGE_PATHS.one.path({ id: SPRING_ID })}`] = ({ body }) => ({ page: { ...pages[0]!, ...(body as object), version: 4 } });
    const { user } = landingPages();
    await user.click(await screen.findByRole('button', { name: 'Edit Spring Sale' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Landing Page' }));
    expect((await dialog.findByLabelText<HTMLInputElement>('Title')).value).toBe('Spring Sale');
    expect(dialog.getByLabelText<HTMLTextAreaElement>('Content').value).toBe('<h1>Spring Sale</h1>');
    await user.clear(dialog.getByLabelText('Content'));
    await user.type(dialog.getByLabelText('Content'), 'New content');
    await dialog.findByText('Available');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(PAGE_NOTICES.updated)).toBeTruthy();
    expect(writes().map((c) => c.body)).toEqual([
      { title: 'Spring Sale', slug: 'spring-sale', content: 'New content', page_type: 'html', is_active: true, base_version: 3 },
    ]);
  });

  it('when someone saved meanwhile, shows who and when, and reloads their version on request', async () => {
    handlers[`PUT ${LANDING_PAGE_PATHS.one.path({ id: SPRING_ID })}`] = () => {
      pages = pages.map((p) => (p.id === SPRING_ID ? { ...p, content: 'Their content', version: 5, updated_by: { id: 'u2', email: 'ben@example.com' } } : p));
      return apiError(409, PAGE_CHANGED_CODE, 'This page was changed');
    };
    const { user } = landingPages();
    await user.click(await screen.findByRole('button', { name: 'Edit Spring Sale' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Landing Page' }));
    await user.clear(await dialog.findByLabelText('Content'));
    await user.type(dialog.getByLabelText('Content'), 'My content');
    await dialog.findByText('Available');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    const conflict = await dialog.findByText(/^This page was changed at .+ by ben@example\.com$/);
    expect(conflict.closest('[role="alert"]')?.textContent).toContain(SAFETY_MESSAGES.conflictHint);
    await user.click(dialog.getByRole('button', { name: SAFETY_MESSAGES.reloadLoseMine }));
    expect(dialog.getByLabelText<HTMLTextAreaElement>('Content').value).toBe('Their content');
    expect(dialog.queryByText(/^This page was changed at/)).toBeNull();
  });

  it('says when the page cannot be opened', async () => {
    handlers[`GET ${LANDING_PAGE_PATHS.one.path({ id: SPRING_ID })}`] = () => apiError(500, 'internal', 'Internal error');
    const { user } = landingPages();
    await user.click(await screen.findByRole('button', { name: 'Edit Spring Sale' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Landing Page' }));
    expect(await dialog.findByText(PAGE_NOTICES.openFailed)).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
