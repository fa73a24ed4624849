import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classesInHtml, cssForClasses } from '../../src/server/landing-pages/page-css.ts';
import { PageDocument } from '../../src/render/page-document.tsx';
import { BuilderPageBody } from '../../src/render/render-page.tsx';
import { createComponent, createSection } from '../../src/shared/landing-pages/create.ts';
import { serializeContent } from '../../src/shared/landing-pages/parse-content.ts';
import type { ComponentType } from '../../src/shared/landing-pages/component-definitions.ts';
import type { ComponentNode, PageContent, Props } from '../../src/shared/landing-pages/types.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { launchBrowser, screenshot, watchPageErrors } from './helpers/browser.ts';

/**
 * A builder page as visitors get it: rendered on the server with the CSS for exactly its classes,
 * shown in Chromium on a desktop and on a phone (with and without JavaScript). The page is served by
 * the browser's request routing, so this checks the renderer alone, whatever the /lp route does.
 */

const ORIGIN = 'http://lp.test';
const SLUG = 'render-check';

let counter = 0;
const ids = (type: string) => `${type}-${++counter}`;
const make = (type: ComponentType, props: Props = {}, components?: ComponentNode[]): ComponentNode => {
  const created = createComponent(type, props, ids);
  return components ? { ...created, components } : created;
};
const section = (tailwindClasses: string, components: ComponentNode[]) => ({ ...createSection('section', { tailwindClasses }, ids), components });

function pricingGrid(): ComponentNode {
  const grid = make('grid', { columns: 3, columnWidths: '1fr 1fr 1fr', gap: '1.5rem' });
  const plans = [
    ['Starter', '$19'],
    ['Growth', '$49'],
    ['Scale', '$99'],
  ];
  return { ...grid, components: grid.components!.map((cell, i) => ({ ...cell, components: [make('pricingCard', { title: plans[i]![0], price: plans[i]![1] })] })) };
}

function samplePage(): PageContent {
  return [
    section('', [make('heroWithNavigation', { announcementText: 'New cohort starts in September', announcementLink: '#join', description: 'Coaching for people who learn with AI.' })]),
    section('bg-gray-50 px-4 py-16', [make('heading', { text: 'Plans', level: 'h2', tailwindClasses: 'mb-8 text-center text-3xl font-semibold text-gray-800' }), pricingGrid()]),
    section('mx-auto max-w-4xl space-y-8 px-4 py-16', [
      make('image', { src: '/uploads/photo.png', alt: 'The coach at work', width: '800px', height: '500px' }),
      make('youtube', { videoId: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'Our story in two minutes' }),
      make('testimonial', { quote: 'The best program I have taken.', author: 'Ada L.', position: 'Engineer' }),
      make('list', { items: ['Weekly live sessions', 'Office hours', 'A private community'] }),
    ]),
    section('mx-auto max-w-xl space-y-4 px-4 py-16', [
      make('heading', { text: 'Join the waiting list', level: 'h2', tailwindClasses: 'text-3xl font-semibold text-gray-800' }),
      make('input', { label: 'Full name', placeholder: 'Ada Lovelace', required: 'true' }),
      make('input', { type: 'email', label: 'Email', placeholder: 'you@example.com', required: 'true' }),
      make('input', { type: 'tel', label: 'Phone', placeholder: '+49 30 1234567' }),
      make('select', { label: 'Team size', options: ['Just me', '2-10', 'More than 10'] }),
      make('radio', { name: 'Format', label: 'Online' }),
      make('radio', { name: 'Format', label: 'In person' }),
      make('textarea', { label: 'What do you want to learn?' }),
      make('checkbox', { label: 'Send me the newsletter' }),
      make('button', { type: 'submit', text: 'Join now' }),
    ]),
    section('', [
      make('hero', { title: 'Ready when you are', backgroundImage: '/uploads/photo.png', overlay: 0.6 }),
      make('container', { title: 'Questions?', padding: '2rem' }, [
        make('cta', { title: 'Talk to us', buttonUrl: 'mailto:hello@example.com' }),
        make('divider'),
        make('contactInfo', { phone: '+49 30 1234567', address: 'Main Street 1\n10115 Berlin' }),
        make('spacer'),
        make('socialLinks', { links: { linkedin: 'https://www.linkedin.com/in/example' } }),
      ]),
    ]),
  ];
}

let browser: Browser;
let html: string;
let photo: Buffer;

beforeAll(async () => {
  const body = createElement(BuilderPageBody, { content: serializeContent(samplePage()), slug: SLUG });
  const classes = classesInHtml(renderToStaticMarkup(body));
  const { css } = await cssForClasses(classes);
  html = `<!doctype html>${renderToStaticMarkup(createElement(PageDocument, { title: 'Render check', css, children: body }))}`;
  photo = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#6d28d9' } }).png().toBuffer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A context that serves the page and its image, records every request and captures form posts. */
async function open(width: number, javaScriptEnabled = true): Promise<{ page: Page; context: BrowserContext; requests: string[]; posts: string[]; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, javaScriptEnabled });
  const requests: string[] = [];
  const posts: string[] = [];
  await context.route('**/*', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    requests.push(request.url());
    if (url.origin !== ORIGIN) return route.abort();
    if (request.method() === 'POST' && url.pathname === `/api/public/lp/${SLUG}/leads`) {
      posts.push(request.postData() ?? '');
      return route.fulfill({ status: 200, contentType: 'text/plain', body: 'received' });
    }
    if (url.pathname === `/lp/${SLUG}`) return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
    if (url.pathname === '/uploads/photo.png') return route.fulfill({ status: 200, contentType: 'image/png', body: photo });
    if (url.pathname === '/favicon.svg') return route.fulfill({ status: 200, contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' });
    return route.fulfill({ status: 404, body: '' });
  });
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto(`${ORIGIN}/lp/${SLUG}`);
  return { page, context, requests, posts, errors };
}

const columnCount = (page: Page, name: string) =>
  page
    .getByRole('heading', { name, exact: true })
    .locator('xpath=ancestor::div[contains(@class, "grid")][1]')
    .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);

describe('a rendered builder page', () => {
  it('on a desktop: the grid in three columns, the navigation bar, no serious accessibility problem, nothing from YouTube', async () => {
    const { page, context, requests, errors } = await open(1280);
    await expect.poll(() => columnCount(page, 'Starter')).toBe(3);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByRole('link', { name: 'About' }).first().isVisible()).toBe(true);
    await expect.poll(() => nav.locator('summary').isVisible()).toBe(false);
    await expect.poll(() => page.getByRole('img', { name: 'The coach at work' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
    await expect.poll(() => page.getByRole('button', { name: 'Load video' }).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('img', { name: 'The coach at work' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'lp-render-desktop');
    expect(requests.filter((url) => !url.startsWith(ORIGIN))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone: everything fits, the grid stacks, the image keeps its shape, no serious accessibility problem', async () => {
    const { page, context, errors } = await open(390);
    await expect.poll(() => columnCount(page, 'Starter')).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const photoBox = await page.getByRole('img', { name: 'The coach at work' }).boundingBox();
    expect(photoBox!.width / photoBox!.height).toBeCloseTo(800 / 500, 1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'lp-render-phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone without JavaScript: the navigation folds into a menu that opens and closes', async () => {
    const { page, context } = await open(390, false);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const visibleAbout = () => nav.getByRole('link', { name: 'About' }).evaluateAll((links) => links.filter((link) => (link as HTMLElement).offsetParent !== null).length);
    await expect.poll(visibleAbout).toBe(0);
    await nav.locator('summary').click();
    await expect.poll(visibleAbout).toBe(1);
    await screenshot(page, 'lp-render-phone-menu');
    await nav.locator('summary').click();
    await expect.poll(visibleAbout).toBe(0);
    await context.close();
  });

  it('posts its form as a plain form, each field under the name the lead endpoint maps', async () => {
    const { page, context, posts } = await open(390, false);
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Phone').fill('+49 30 1234567');
    await page.getByLabel('Team size').selectOption('2-10');
    await page.getByLabel('In person').check();
    await page.getByLabel('What do you want to learn?').fill('Everything');
    await page.getByLabel('Send me the newsletter').check();
    await page.getByRole('button', { name: 'Join now' }).click();
    await expect.poll(() => posts.length).toBe(1);
    expect(Object.fromEntries(new URLSearchParams(posts[0]!))).toEqual({
      full_name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+49 30 1234567',
      team_size: '2-10',
      format: 'In person',
      what_do_you_want_to_learn: 'Everything',
      send_me_the_newsletter: 'true',
    });
    await context.close();
  });
});
