import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { landingPages } from '../../src/server/db/schema.ts';
import { BUILDER_MESSAGES, builderPath } from '../../src/shared/landing-pages/builder.ts';
import { createComponent, createSection } from '../../src/shared/landing-pages/create.ts';
import { serializeContent } from '../../src/shared/landing-pages/parse-content.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { staffSession, type StaffSession } from './helpers/staff-session.ts';

/**
 * A page whose classes try to restyle the staff app (every button of the builder made invisible,
 * through the document's root and through a `.flex` ancestor) and to call another site from the
 * canvas. In the builder the staff buttons stay visible, nothing loads from the other site, and the
 * class input names both classes; at /lp the page renders without the escaping rules.
 */

let server: StaffSession['server'];
let page: Page;
let errors: string[];

const staff = staffSession({ width: 1400 });
beforeAll(() => void ({ server, page, errors } = staff));

const ESCAPING = '[:root:has(&)_button]:invisible';
const THROUGH_FLEX = '[.flex:has(&)_button]:invisible';
const OFF_SITE = 'bg-[url(https://evil.example/tracker.png)]';
const TEXT = 'Styles that try to leave the page';

const canvas = () => page.getByRole('region', { name: 'Page canvas' });
const panel = () => page.getByRole('complementary', { name: 'Property editor' });
const visibilityOf = (locator: ReturnType<Page['locator']>) => locator.evaluate((element) => getComputedStyle(element).visibility);

async function seedPage(): Promise<string> {
  const content = [
    {
      ...createSection('section', { tailwindClasses: `bg-primary-50 px-4 py-12 ${THROUGH_FLEX}` }),
      components: [
        createComponent('paragraph', { text: TEXT, tailwindClasses: `text-2xl font-semibold ${ESCAPING} ${OFF_SITE}` }),
        createComponent('button', { text: 'Book a call' }),
      ],
    },
  ];
  const [row] = await server.db.insert(landingPages).values({ title: 'Escaping styles', slug: 'escaping-styles', content: serializeContent(content), page_type: 'builder' }).returning();
  return row!.id;
}

describe("a page's classes in the builder and at /lp", () => {
  it('stay on the page: the staff buttons stay visible, nothing loads from another site, and the class input says why', async () => {
    const id = await seedPage();
    const offSite: string[] = [];
    const watch = (request: Request) => void (request.url().includes('evil.example') && offSite.push(request.url()));
    page.on('request', watch);
    await page.goto(`${server.baseUrl}${builderPath(id)}`);
    const paragraph = canvas().getByText(TEXT);
    // The canvas has its CSS: text-2xl (1.5rem) is the server's compiled class.
    await expect.poll(() => paragraph.evaluate((element) => getComputedStyle(element).fontSize)).toBe('24px');

    // Found whatever their visibility (the role query alone would skip a hidden button), then asked.
    const save = page.getByRole('button', { name: 'Save', exact: true, includeHidden: true });
    expect(await visibilityOf(save)).toBe('visible');
    expect(await visibilityOf(page.getByRole('button', { name: 'Add Section', includeHidden: true }))).toBe('visible');
    expect(await visibilityOf(canvas().getByRole('button', { name: 'Book a call', includeHidden: true }))).toBe('visible');
    // The page theme's variables are set on the canvas, not on the staff app's root.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary-50'))).toBe('');
    expect(await canvas().locator('main.lp-canvas').evaluate((element) => getComputedStyle(element).getPropertyValue('--color-primary-50'))).not.toBe('');

    await page.locator('[data-node-id]').filter({ hasText: TEXT }).last().hover();
    await page.locator('[data-node-id]').filter({ hasText: TEXT }).last().getByRole('button', { name: 'Edit properties' }).click();
    const verdicts = panel().getByRole('list', { name: 'Class check' });
    await expect.poll(() => verdicts.getByText(BUILDER_MESSAGES.notAllowedClass(ESCAPING)).isVisible()).toBe(true);
    expect(await verdicts.getByText(BUILDER_MESSAGES.offSiteClass(OFF_SITE)).isVisible()).toBe(true);
    expect(await verdicts.getByText(BUILDER_MESSAGES.validClass('text-2xl')).isVisible()).toBe(true);
    // Still the staff buttons, with the paragraph selected and its toolbar shown.
    expect(await visibilityOf(save)).toBe('visible');
    expect(await visibilityOf(panel().getByRole('button', { name: 'Close the property editor', includeHidden: true }))).toBe('visible');
    await verdicts.scrollIntoViewIfNeeded();
    await screenshot(page, 'builder-css-confinement');
    expect(await seriousA11yViolations(page)).toEqual([]);
    page.off('request', watch);
    expect(offSite).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('renders the page at /lp without the escaping rules, the other site left to the content security policy', async () => {
    const visitor = await staff.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await visitor.route('https://evil.example/**', (route) => route.abort());
    const lp = await visitor.newPage();
    await lp.goto(`${server.baseUrl}/lp/escaping-styles`);
    expect(await lp.getByText(TEXT).evaluate((element) => getComputedStyle(element).fontSize)).toBe('24px');
    const css = await lp.locator('style').first().textContent();
    expect(css).not.toContain(':root:has(');
    expect(css).not.toContain('.flex:has(');
    expect(css).toContain('url(https://evil.example/tracker.png)');
    expect(await lp.getByRole('button', { name: 'Book a call', includeHidden: true }).evaluate((element) => getComputedStyle(element).visibility)).toBe('visible');
    await screenshot(lp, 'lp-css-confinement');
    await visitor.close();
  });
});
