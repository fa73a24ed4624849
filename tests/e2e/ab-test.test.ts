import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { contacts, landingPages, landingPageTests, landingPageViews, leadSubmissions } from '../../src/server/db/schema.ts';
import { AB_TEST_MESSAGES } from '../../src/shared/landing-pages/ab-test.ts';
import { createComponent, createSection } from '../../src/shared/landing-pages/create.ts';
import { serializeContent } from '../../src/shared/landing-pages/parse-content.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { staffSession, type StaffSession } from './helpers/staff-session.ts';

/**
 * An A/B test from the landing page card: start it with a split (confirmed in its dialog), see the
 * running line on the card and the results dialog (rates, difference, significance in words), and
 * end it by keeping B after the browser's confirmation; checked with axe-core.
 */

let server: StaffSession['server'];
let page: Page;
let errors: string[];
const staff = staffSession();
beforeAll(() => void ({ server, page, errors } = staff));

const TITLE = 'Autumn Retreat';
const card = () => page.getByRole('article', { name: TITLE, exact: true });
const dialog = () => page.getByRole('dialog');
const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
const content = (heading: string) => serializeContent([{ ...createSection('hero'), components: [createComponent('heading', { text: heading, level: 'h1' })] }]);

async function openScreen() {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Landing Pages' }).click();
  await expect.poll(() => card().isVisible()).toBe(true);
}

describe('A/B test of a landing page', () => {
  let pageId = '';

  it('starts a test from the card with a split, confirmed in its dialog', async () => {
    const [row] = await server.db.insert(landingPages).values({ title: TITLE, slug: 'autumn-retreat', content: content('Autumn A'), page_type: 'builder' }).returning();
    pageId = row!.id;
    await openScreen();
    await card().getByRole('button', { name: `A/B test: ${TITLE}` }).click();
    await expect.poll(() => dialog().getByText(AB_TEST_MESSAGES.startConfirm(50)).isVisible()).toBe(true);
    const split = dialog().getByLabel('Share of visitors who see B (%)');
    await split.fill('0');
    await expect.poll(() => dialog().getByRole('alert').textContent()).toBe(AB_TEST_MESSAGES.splitRange);
    expect(await dialog().getByRole('button', { name: AB_TEST_MESSAGES.start }).isDisabled()).toBe(true);
    await split.fill('30');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'ab-test-start');
    await dialog().getByRole('button', { name: AB_TEST_MESSAGES.start }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    await expect.poll(() => card().getByText('A/B test running (30 % see B):').isVisible()).toBe(true);
    expect(await card().innerText()).toContain(AB_TEST_MESSAGES.notEnoughData);
    // Focus returns to the card's action, now the results'.
    // The dialog hands focus back a moment after it is gone (Radix returns it after unmounting).
    await expect.poll(() => focusedLabel()).toBe(`A/B test results: ${TITLE}`);
    const [test] = await server.db.select().from(landingPageTests).where(eq(landingPageTests.page_a_id, pageId));
    expect(test).toMatchObject({ split_percent: 30, ended_at: null });
  });

  it('shows the results with both rates, the difference and its significance, and ends keeping B', async () => {
    const [test] = await server.db.select().from(landingPageTests).where(eq(landingPageTests.page_a_id, pageId));
    await server.db.update(landingPages).set({ content: content('Autumn B') }).where(eq(landingPages.id, test!.page_b_id));
    // A known outcome: 200 of 1,000 against 250 of 1,000 (p = 0.0074).
    const today = new Date().toISOString().slice(0, 10);
    await server.db.insert(landingPageViews).values([
      { landing_page_id: pageId, day: today, views: 1000 },
      { landing_page_id: test!.page_b_id, day: today, views: 1000 },
    ]);
    const [contact] = await server.db.insert(contacts).values({ full_name: 'Many Signups', email: 'many@example.com' }).returning();
    const rows = (id: string, n: number) => Array.from({ length: n }, () => ({ contact_id: contact!.id, landing_page_id: id }));
    await server.db.insert(leadSubmissions).values([...rows(pageId, 200), ...rows(test!.page_b_id, 250)]);

    await page.reload();
    await expect.poll(() => card().getByText('A 20.0 % · B 25.0 %', { exact: false }).isVisible()).toBe(true);
    await screenshot(page, 'ab-test-card');
    await card().getByRole('button', { name: `A/B test results: ${TITLE}` }).click();
    const verdict = 'B converts 5.0 points better than A; 99 % sure';
    await expect.poll(() => dialog().getByRole('status').textContent()).toBe(verdict);
    const rowText = async (name: string) => (await dialog().getByRole('row', { name }).innerText()).replace(/\s+/g, ' ');
    expect(await rowText('A (original)')).toBe('A (original) 1,000 200 20.0 %');
    expect(await rowText('B (variant)')).toBe('B (variant) 1,000 250 25.0 %');
    expect(await dialog().getByRole('link', { name: 'Edit B in the builder' }).getAttribute('href')).toBe(`/crm/landing-pages/${test!.page_b_id}/builder`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'ab-test-results');

    // Escape closes it and focus returns to the card's button.
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog().count()).toBe(0);
    // The dialog hands focus back a moment after it is gone (Radix returns it after unmounting).
    await expect.poll(() => focusedLabel()).toBe(`A/B test results: ${TITLE}`);

    // Keep B: dismissing the confirmation changes nothing, accepting ends the test.
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog().count()).toBe(1);
    page.once('dialog', (confirmation) => void confirmation.dismiss());
    await dialog().getByRole('button', { name: 'Keep B' }).click();
    expect((await server.db.select().from(landingPageTests).where(eq(landingPageTests.id, test!.id)))[0]!.ended_at).toBeNull();
    let asked = '';
    page.once('dialog', (confirmation) => {
      asked = confirmation.message();
      void confirmation.accept();
    });
    await dialog().getByRole('button', { name: 'Keep B' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    expect(asked).toBe(AB_TEST_MESSAGES.keepConfirm('b'));
    await expect.poll(() => card().getByText('A/B test running', { exact: false }).count()).toBe(0);
    const [ended] = await server.db.select().from(landingPageTests).where(eq(landingPageTests.id, test!.id));
    expect(ended).toMatchObject({ winner: 'b' });
    const [a] = await server.db.select().from(landingPages).where(eq(landingPages.id, pageId));
    expect(a!.content).toContain('Autumn B');
    expect(a!.slug).toBe('autumn-retreat');
    // The public page at A's address now shows B's content.
    const lp = await page.request.get(`${server.baseUrl}/lp/autumn-retreat`);
    expect(await lp.text()).toContain('Autumn B');
    expect(errors).toEqual([]);
  });
});
