import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Download, type Page } from 'playwright-core';
import { E2E_WAIT_MS } from './wait.ts';

/** Debian's chromium (no browser download is possible here): CHROMIUM_PATH, or `chromium` on PATH. */
export function findChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8' }).trim() || undefined;
    } catch {
      // try the next name
    }
  }
  return undefined;
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found: apt-get install -y chromium, or set CHROMIUM_PATH');
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  // Every context (browser.newPage makes one too) gets the shared limit for actions and navigation.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(E2E_WAIT_MS);
    context.setDefaultNavigationTimeout(E2E_WAIT_MS);
    return context;
  };
  return browser;
}

const SCREENSHOT_DIR = path.resolve('.test-artifacts/screenshots');

/** Saves a full-page screenshot to .test-artifacts/screenshots/NAME.png, to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** Collects console errors and failed requests, so a test can assert a page ran cleanly. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** A finished download's file, as text. */
export async function readDownload(download: Download): Promise<string> {
  return fs.readFileSync(await download.path(), 'utf8');
}
