import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { CONSENT_STORAGE_KEY } from '../../../src/web/features/site/consent/consent-store.ts';
import { launchBrowser, watchPageErrors } from './browser.ts';
import { startTestServer } from './server.ts';
import { signIn } from './sign-in.ts';

export interface StaffSession {
  server: Awaited<ReturnType<typeof startTestServer>>;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** The page's errors from sign-in on (before it, the session check answers 401 by design). */
  errors: string[];
}

/** A returning visitor who already chose: the cookie banner stays away and covers no buttons. */
export async function consentedContext(browser: Browser, width: number, { acceptDownloads = false } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, acceptDownloads });
  await context.addInitScript((key) => localStorage.setItem(key, 'declined'), CONSENT_STORAGE_KEY);
  return context;
}

/**
 * The set-up of a staff screen's browser test: a test server, a browser and a page on which the
 * owner signed in through the real form; closed after the file. Its fields are filled before the
 * file's own `beforeAll` hooks run.
 */
export function staffSession({ width = 1280, acceptDownloads = false } = {}): StaffSession {
  const session = {} as StaffSession;
  beforeAll(async () => {
    session.server = await startTestServer();
    session.browser = await launchBrowser();
    session.context = await consentedContext(session.browser, width, { acceptDownloads });
    session.page = await session.context.newPage();
    await signIn(session.page, session.server.baseUrl, session.server.email, session.server.password);
    session.errors = watchPageErrors(session.page);
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.server?.close();
  });
  return session;
}
