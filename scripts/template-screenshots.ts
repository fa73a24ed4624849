/**
 * Writes the template gallery's pictures: each template is saved as an active page of a throw-away
 * embedded database, opened at /lp/{slug} through the app's own renderer in Chromium, and its top
 * captured at a desktop width and scaled to a small WebP in public/templates/{id}.webp.
 * Needs the build (`npm run build`) for the app's own images; run it after changing a template.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/server/app.ts';
import { upsertUser } from '../src/server/auth/users.ts';
import { loadConfig } from '../src/server/config.ts';
import { openPglite } from '../src/server/db/client.ts';
import { createPage } from '../src/server/landing-pages/service.ts';
import { serializeContent } from '../src/shared/landing-pages/parse-content.ts';
import { PAGE_TEMPLATES, templateImagePath } from '../src/shared/landing-pages/templates/index.ts';
import { launchBrowser } from '../tests/e2e/helpers/browser.ts';

/** The page is drawn at this size and shrunk to WIDTH: the gallery's cards are about that wide. */
const VIEWPORT = { width: 1280, height: 960 };
const WIDTH = 480;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-templates-'));
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
const database = await openPglite({ dataDir: path.join(dataDir, 'db') });
const app = await buildApp({ config, database });
const browser = await launchBrowser();
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const { user } = await upsertUser(database.db, 'templates@example.com', randomBytes(24).toString('hex'));
  const author = { id: user.id, email: user.email };
  const page = await browser.newPage({ viewport: VIEWPORT });
  for (const template of PAGE_TEMPLATES) {
    await createPage(database.db, { title: template.title, slug: template.slug, content: serializeContent(template.make()), page_type: 'builder', is_active: true }, author);
    const response = await page.goto(`${base}/lp/${template.slug}`, { waitUntil: 'networkidle' });
    if (response?.status() !== 200) throw new Error(`/lp/${template.slug} answered ${response?.status()}`);
    const shot = await page.screenshot({ type: 'png' });
    const file = path.resolve('public', `.${templateImagePath(template.id)}`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await sharp(shot).resize({ width: WIDTH }).webp({ quality: 78 }).toFile(file);
    console.log(`${path.relative(process.cwd(), file)}: ${fs.statSync(file).size} bytes`);
  }
} finally {
  await browser.close();
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
