import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { landingPages, uploadedImages } from '../../src/server/db/schema.ts';
import { photo, solid } from '../../src/server/images/test-images.ts';
import { IMAGE_MESSAGES, uploadFailedMessage } from '../../src/shared/images/messages.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { signIn } from './helpers/sign-in.ts';
import { consentedContext, staffSession, type StaffSession } from './helpers/staff-session.ts';

/**
 * The image library as its owner uses it, from an empty library: upload (file chooser and drag and
 * drop, one file refused by its content), edit one image in the editor (crop with a handle and the
 * keyboard, sliders, Reset Filters) and save it as a new image, tag, search, filter, sort, switch
 * views, see usage counts and the top 5, delete an image a page uses (the dialog names the page),
 * delete several at once, and test the connection; on a desktop and a phone, checked with axe-core.
 */

let server: StaffSession['server'];
let browser: Browser;
let page: Page;
let errors: string[];

const staff = staffSession();
beforeAll(() => void ({ server, browser, page, errors } = staff));

const newContext = (width: number) => consentedContext(browser, width);

const images = (target: Page = page) => target.getByRole('list', { name: 'Images' }).getByRole('listitem');
const item = (name: string, target: Page = page) => target.getByRole('list', { name: 'Images' }).getByRole('listitem', { name, exact: true });
const itemNames = () => images().evaluateAll((items) => items.map((i) => i.getAttribute('aria-label')));
const banner = (target: Page = page) => target.locator('[role="status"], [role="alert"]').filter({ hasText: /\S/ });
const storedImages = () => server.db.select().from(uploadedImages);
/** The browser logs every refused request; the refusals below are provoked on purpose. */
const provoked = (error: string) => /status of (415|409)/.test(error);

async function expectBanner(text: string, target: Page = page) {
  await expect.poll(() => banner(target).filter({ hasText: text }).count(), { message: `banner "${text}"` }).toBeGreaterThan(0);
}

async function openScreen(target: Page = page) {
  await target.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Images' }).click();
  await expect.poll(() => target.getByRole('heading', { level: 1 }).textContent()).toBe('Images');
}

/** Columns of the grid: distinct left edges of its items. */
const gridColumns = () => images().evaluateAll((items) => new Set(items.map((i) => Math.round(i.getBoundingClientRect().left))).size);

async function dropFile(target: Locator, name: string, type: string, bytes: Buffer) {
  await target.evaluate(
    (zone, file) => {
      const data = new DataTransfer();
      data.items.add(new File([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], file.name, { type: file.type }));
      for (const type of ['dragenter', 'dragover', 'drop']) zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
    },
    { name, type, base64: bytes.toString('base64') },
  );
}

describe('image library', () => {
  it('starts empty, with its empty state, and passes axe-core', async () => {
    await openScreen();
    await expect.poll(() => page.getByRole('heading', { name: IMAGE_MESSAGES.emptyLibrary }).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'images-empty');
  });

  it('uploads chosen and dropped files with a progress row each, and refuses a text file named .jpg by its content', async () => {
    await page.getByLabel('Choose images to upload').setInputFiles([
      { name: 'team.jpg', mimeType: 'image/jpeg', buffer: await solid(800, 600, '#dc2626', 'jpeg') },
      { name: 'logo.png', mimeType: 'image/png', buffer: await solid(300, 200, '#2563eb') },
      { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('These are my notes, not a picture.') },
    ]);
    await dropFile(page.getByTestId('upload-drop-zone'), 'banner.webp', 'image/webp', await photo(640, 320, 'webp'));

    const uploads = page.getByRole('list', { name: 'Uploads' }).getByRole('listitem');
    await expect.poll(() => uploads.filter({ hasText: 'Uploaded' }).count(), { message: 'three uploads done' }).toBe(3);
    expect(await uploads.filter({ hasText: 'notes.jpg' }).innerText()).toContain(IMAGE_MESSAGES.invalidType);
    await expectBanner(`Failed to upload notes.jpg: ${IMAGE_MESSAGES.invalidType}`);
    await expect.poll(() => images().count()).toBe(3);
    expect((await storedImages()).map((i) => i.name).sort()).toEqual(['banner.webp', 'logo.png', 'team.jpg']);

    // Thumbnails are the small width, in a format the browser takes.
    const thumb = item('team.jpg').getByRole('img');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await images().first().scrollIntoViewIfNeeded();
    await screenshot(page, 'images-grid');
  });

  it('edits an image: crop with a handle and the keyboard, adjust, reset, and save it as a new JPEG', async () => {
    await item('team.jpg').getByRole('button', { name: 'Edit team.jpg' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Image' });
    const cropBox = editor.getByTestId('crop-box');
    await expect.poll(() => cropBox.isVisible()).toBe(true);
    // 800 × 600 fits the canvas at 560 × 420; the box starts at 80 %, its width held to 400.
    expect(await cropBox.getAttribute('aria-label')).toBe('Crop area, 400 by 336 pixels');

    const handle = editor.locator('[data-handle="se"]');
    const box = (await handle.boundingBox())!;
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx - 100, cy - 60, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => cropBox.getAttribute('aria-label')).toBe('Crop area, 300 by 276 pixels');
    // The box never shrinks below 50 px, however far the handle goes.
    const nw = (await editor.locator('[data-handle="nw"]').boundingBox())!;
    await page.mouse.move(nw.x + 5, nw.y + 5);
    await page.mouse.down();
    await page.mouse.move(nw.x + 600, nw.y + 600, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => cropBox.getAttribute('aria-label')).toBe('Crop area, 50 by 50 pixels');

    // Keyboard: Shift + arrows resize, arrows move.
    await cropBox.focus();
    for (let i = 0; i < 30; i++) await page.keyboard.press('Shift+ArrowRight');
    for (let i = 0; i < 20; i++) await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(() => cropBox.getAttribute('aria-label')).toBe('Crop area, 200 by 150 pixels');
    const before = (await cropBox.boundingBox())!;
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(Math.round((await cropBox.boundingBox())!.x)).toBe(Math.round(before.x - 10));

    const slider = (name: string) => editor.getByRole('slider', { name });
    expect(await slider('Scale').getAttribute('min')).toBe('0.1');
    expect(await slider('Scale').getAttribute('max')).toBe('3');
    expect([await slider('Rotation').getAttribute('min'), await slider('Rotation').getAttribute('max')]).toEqual(['-180', '180']);
    for (const name of ['Brightness', 'Contrast', 'Saturation']) expect([await slider(name).getAttribute('min'), await slider(name).getAttribute('max')]).toEqual(['0', '200']);
    await slider('Brightness').fill('160');
    await slider('Rotation').focus();
    await page.keyboard.press('ArrowRight');
    expect(await slider('Rotation').inputValue()).toBe('1');
    expect(await editor.locator('output').first().textContent()).toBe('1.0×');
    await editor.getByRole('button', { name: 'Reset Filters' }).click();
    expect([await slider('Brightness').inputValue(), await slider('Rotation').inputValue()]).toEqual(['100', '0']);
    await slider('Saturation').fill('0');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'images-editor');

    await editor.getByRole('button', { name: 'Save Edited Image' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Edit Image' }).count(), { message: 'editor closed' }).toBe(0);
    await expectBanner('Edited image saved as team-edited.jpg');
    await expect.poll(() => item('team-edited.jpg').count()).toBe(1);

    const [edited] = (await storedImages()).filter((i) => i.name === 'team-edited.jpg');
    // The 200 × 150 crop at the picture's own resolution (800 / 560 canvas pixels per CSS pixel).
    expect(edited).toMatchObject({ mime_type: 'image/jpeg', width: 286, height: 214 });
    const file = await (await fetch(`${server.baseUrl}${edited!.url}`, { headers: { accept: 'image/jpeg' } })).arrayBuffer();
    const stats = await sharp(Buffer.from(file)).stats();
    // The picture is red; with saturation 0 the saved crop is grey (its channels agree).
    expect(Math.abs(stats.channels[0]!.mean - stats.channels[2]!.mean)).toBeLessThan(3);
    // The original is untouched.
    expect((await storedImages()).find((i) => i.name === 'team.jpg')).toMatchObject({ width: 800, height: 600 });
  });

  it('tags, searches, filters, sorts and switches to the list view', async () => {
    await item('logo.png').getByRole('button', { name: 'Add tags to logo.png' }).click();
    await page.getByLabel('Tags for logo.png').fill('brand, Summer , brand');
    await page.getByRole('button', { name: 'Save tags' }).click();
    await expect.poll(() => item('logo.png').getByText('Summer', { exact: true }).count()).toBe(1);
    expect((await storedImages()).find((i) => i.name === 'logo.png')!.tags).toEqual(['brand', 'Summer']);

    await page.getByRole('searchbox', { name: 'Search images' }).fill('summer');
    await expect.poll(itemNames).toEqual(['logo.png']);
    await page.getByRole('searchbox', { name: 'Search images' }).fill('team');
    await expect.poll(itemNames).toEqual(['team-edited.jpg', 'team.jpg']);
    await page.getByRole('searchbox', { name: 'Search images' }).fill('');

    await page.getByLabel('Sort by').selectOption('name');
    await expect.poll(itemNames).toEqual(['banner.webp', 'logo.png', 'team-edited.jpg', 'team.jpg']);
    await page.getByLabel('Filter').selectOption('large');
    await expect.poll(() => page.getByRole('heading', { name: IMAGE_MESSAGES.noMatches }).isVisible()).toBe(true);
    await page.getByLabel('Filter').selectOption('recent');
    await expect.poll(() => images().count()).toBe(4);

    expect(await gridColumns()).toBe(4);
    await page.getByRole('button', { name: 'List view' }).click();
    await expect.poll(gridColumns).toBe(1);
    expect(await page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'images-list');
    await page.getByRole('button', { name: 'Grid view' }).click();
  });

  it('counts pages that use an image, shows the top 5, and names the pages before deleting one in use', async () => {
    const [banner] = (await storedImages()).filter((i) => i.name === 'banner.webp');
    await server.db.insert(landingPages).values({
      title: 'Spring Sale',
      slug: 'spring-sale',
      content: JSON.stringify([{ id: 'hero-1', type: 'hero', props: { backgroundImage: banner!.url }, components: [] }]),
    });
    await page.reload();
    await expect.poll(() => item('banner.webp').innerText()).toContain('Used on 1 page');
    const top = page.getByRole('region', { name: 'Most used' });
    await expect.poll(() => top.innerText()).toContain('banner.webp');

    await item('banner.webp').getByRole('button', { name: 'Delete banner.webp' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete image?' });
    await expect.poll(() => confirm.innerText()).toContain('Spring Sale (/lp/spring-sale)');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'images-delete-in-use');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await item('banner.webp').count()).toBe(1);

    await item('banner.webp').getByRole('button', { name: 'Delete banner.webp' }).click();
    await page.getByRole('dialog', { name: 'Delete image?' }).getByRole('button', { name: 'Delete anyway' }).click();
    await expectBanner('Image deleted');
    await expect.poll(() => item('banner.webp').count()).toBe(0);
    expect((await storedImages()).some((i) => i.name === 'banner.webp')).toBe(false);
    expect((await fetch(`${server.baseUrl}${banner!.url}`)).status).toBe(404);
    await server.db.delete(landingPages).where(eq(landingPages.slug, 'spring-sale'));
  });

  it('selects several images, clears the selection, and deletes the selected ones', async () => {
    await item('logo.png').getByLabel('Select logo.png').check();
    await expect.poll(() => page.getByText('1 selected').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect.poll(() => page.getByText('1 selected').count()).toBe(0);

    await item('logo.png').getByLabel('Select logo.png').check();
    await item('team.jpg').getByLabel('Select team.jpg').check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete 2 images?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectBanner('2 images deleted');
    await expect.poll(itemNames).toEqual(['team-edited.jpg']);
  });

  it('tests the connection', async () => {
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await expectBanner(IMAGE_MESSAGES.connectionSucceeded);
    await expectBanner(IMAGE_MESSAGES.bothSucceeded);
  });

  it('fits a phone: two columns, and passes axe-core', async () => {
    const phone = await (await newContext(390)).newPage();
    await signIn(phone, server.baseUrl, server.email, server.password);
    await phone.goto(`${server.baseUrl}/crm/images`);
    await phone.getByLabel('Choose images to upload').setInputFiles([{ name: 'second.png', mimeType: 'image/png', buffer: await solid(200, 200, '#16a34a') }]);
    await expect.poll(() => images(phone).count()).toBe(2);
    expect(await images(phone).evaluateAll((items) => new Set(items.map((i) => Math.round(i.getBoundingClientRect().left))).size)).toBe(2);
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await images(phone).first().scrollIntoViewIfNeeded();
    await screenshot(phone, 'images-phone');
    await phone.close();
  });

  it("says the upload's own words when the session ended before the file was sent", async () => {
    const context = await newContext(1280);
    const other = await context.newPage();
    await signIn(other, server.baseUrl, server.email, server.password);
    await openScreen(other);
    await context.clearCookies(); // the session is gone, as after a sign-out elsewhere or its expiry
    await other.getByLabel('Choose images to upload').setInputFiles([{ name: 'late.png', mimeType: 'image/png', buffer: await solid(120, 80, '#9333ea') }]);
    const row = other.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: 'late.png' });
    await expect.poll(() => row.innerText()).toContain('User not authenticated. Please log in and try again.');
    expect((await storedImages()).some((i) => i.name === 'late.png')).toBe(false);
    await context.close();
  });

  it('names every failed file of a batch with its reason and counts the ones uploaded; tiles keep one height whatever the ratio', async () => {
    const context = await newContext(1280);
    const other = await context.newPage();
    await signIn(other, server.baseUrl, server.email, server.password);
    await openScreen(other);
    const long = 'ratio-tall-portrait-of-the-whole-team-at-the-summer-offsite-2026-final-version.png';
    await other.getByLabel('Choose images to upload').setInputFiles([
      { name: 'ratio-square.png', mimeType: 'image/png', buffer: await solid(400, 400, '#0891b2') },
      { name: 'minutes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Minutes of the meeting, not a picture.') },
      { name: 'ratio-wide.png', mimeType: 'image/png', buffer: await solid(1200, 200, '#ea580c') },
      { name: 'brochure.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') },
      { name: long, mimeType: 'image/png', buffer: await solid(200, 900, '#65a30d') },
    ]);
    const uploads = other.getByRole('list', { name: 'Uploads' }).getByRole('listitem');
    await expect.poll(() => uploads.filter({ hasText: /Uploaded|Failed/ }).count(), { message: 'all five finished' }).toBe(5);

    // One banner for the batch: how many failed, each failed file with its reason, how many arrived.
    const alert = other.getByRole('alert').filter({ hasText: /\S/ });
    await expect.poll(() => alert.count()).toBe(1);
    expect(await alert.getByText('2 of 5 uploads failed', { exact: true }).count()).toBe(1);
    expect(await alert.getByRole('listitem').allInnerTexts()).toEqual([
      uploadFailedMessage('minutes.jpg', IMAGE_MESSAGES.invalidType),
      uploadFailedMessage('brochure.pdf', IMAGE_MESSAGES.invalidType),
    ]);
    expect(await alert.innerText()).toContain('3 images uploaded');
    expect(await seriousA11yViolations(other)).toEqual([]);
    await screenshot(other, 'images-upload-several-failed');

    // Square, wide and tall images: every tile and every thumbnail box the same height, the picture fitted inside.
    await other.getByRole('searchbox', { name: 'Search images' }).fill('ratio-');
    await expect.poll(() => images(other).count()).toBe(3);
    const boxes = await images(other).evaluateAll((tiles) =>
      tiles.map((tile) => {
        const img = tile.querySelector('img')!;
        const frame = img.parentElement!.getBoundingClientRect();
        return { tile: Math.round(tile.getBoundingClientRect().height), frame: Math.round(frame.height), ratio: frame.width / frame.height, fit: getComputedStyle(img).objectFit, imgHeight: Math.round(img.getBoundingClientRect().height) };
      }),
    );
    expect(new Set(boxes.map((b) => b.tile)).size, JSON.stringify(boxes)).toBe(1);
    expect(new Set(boxes.map((b) => b.frame)).size, JSON.stringify(boxes)).toBe(1);
    for (const box of boxes) {
      expect(box.ratio).toBeCloseTo(4 / 3, 1);
      expect(['cover', 'contain']).toContain(box.fit);
      expect(box.imgHeight).toBeLessThanOrEqual(box.frame);
    }
    // The long name ends in an ellipsis; the whole name is its tooltip and the tile's accessible name.
    const name = item(long, other).getByText(long, { exact: true });
    expect(await name.evaluate((e) => e.scrollWidth > e.clientWidth && getComputedStyle(e).textOverflow === 'ellipsis')).toBe(true);
    expect(await name.getAttribute('title')).toBe(long);
    expect(await seriousA11yViolations(other)).toEqual([]);
    await images(other).first().scrollIntoViewIfNeeded();
    await screenshot(other, 'images-grid-ratios');
    await context.close();
  });

  it('ran without errors in the browser', () => {
    expect(errors.filter((e) => !provoked(e))).toEqual([]);
  });
});
