import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { landingPages } from '../../src/server/db/schema.ts';
import { builderPath } from '../../src/shared/landing-pages/builder.ts';
import { PAGE_SETTINGS_MESSAGES } from '../../src/shared/landing-pages/page-settings.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { staffSession } from './helpers/staff-session.ts';

/*
 * Page settings in the builder as the owner uses them: opened from the toolbar by keyboard, the
 * page's own heading and text offered as defaults, a description typed with its counter and the
 * shared-link preview following it, applied as one undoable step, saved, and read by anyone who
 * fetches /lp in the page's head.
 */

const session = staffSession({ width: 1400 });
const DESCRIPTION = 'A calm weekend retreat for coaches: two days of practice, walks and time to think.';

const section = {
  id: 's1',
  type: 'section',
  props: {},
  styles: {},
  components: [
    { id: 'h1', type: 'heading', props: { text: 'Autumn Retreat', level: 'h1' }, styles: {} },
    { id: 'p1', type: 'paragraph', props: { text: 'Two days by the lake.' }, styles: {} },
  ],
};

describe('page settings', () => {
  it('are set from the keyboard with a preview, saved with the page and carried in /lp', async () => {
    const { page, server } = session;
    const [row] = await server.db
      .insert(landingPages)
      .values({ title: 'Autumn Retreat', slug: 'autumn-retreat', content: JSON.stringify([section]), page_type: 'builder', is_active: true })
      .returning();
    await page.goto(`${server.baseUrl}${builderPath(row!.id)}`);
    await page.waitForSelector('[aria-busy="false"] main.lp-canvas');

    const open = page.getByRole('button', { name: PAGE_SETTINGS_MESSAGES.open });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: PAGE_SETTINGS_MESSAGES.dialogTitle });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // Empty fields show what the page itself gives.
    expect(await dialog.getByLabel('Social title').getAttribute('placeholder')).toContain('Autumn Retreat');
    expect(await dialog.getByLabel('Meta description').getAttribute('placeholder')).toContain('Two days by the lake.');

    await dialog.getByLabel('Meta description').fill(DESCRIPTION);
    const preview = dialog.getByRole('region', { name: 'Shared link preview' });
    await expect.poll(() => preview.getByText(DESCRIPTION).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'page-settings-dialog');

    await dialog.getByRole('button', { name: 'Apply' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(PAGE_SETTINGS_MESSAGES.open);
    await page.keyboard.press('Control+s');
    await expect.poll(() => page.getByRole('status').filter({ hasText: /^Saved successfully at / }).isVisible()).toBe(true);

    const [saved] = await server.db.select().from(landingPages).where(eq(landingPages.id, row!.id));
    expect(saved!.settings).toEqual({ description: DESCRIPTION });
    const html = await (await fetch(`${server.baseUrl}/lp/autumn-retreat`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<meta name="description" content="${DESCRIPTION}"`);
    expect(head).toContain(`<meta property="og:description" content="${DESCRIPTION}"`);
    expect(session.errors).toEqual([]);
  });
});
