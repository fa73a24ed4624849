import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userInvites } from '../../src/server/db/schema.ts';
import { AUTH_MESSAGES } from '../../src/shared/auth/api.ts';
import { USER_MESSAGES, USER_PATHS } from '../../src/shared/users/api.ts';
import { CONSENT_STORAGE_KEY } from '../../src/web/features/site/consent/consent-store.ts';
import { seriousA11yViolations } from './helpers/axe.ts';
import { launchBrowser, screenshot, watchPageErrors } from './helpers/browser.ts';
import { startTestServer } from './helpers/server.ts';
import { signIn } from './helpers/sign-in.ts';

/**
 * Settings as the owner uses it, mostly from the keyboard: change the password (another device is
 * signed out), invite a colleague who joins through the link in their own browser, remove them again.
 */
const NEW_PASSWORD = 'a brand new owner passphrase';
const COLLEAGUE = 'colleague@example.com';
const COLLEAGUE_PASSWORD = 'the colleagues own passphrase';
/** Invited by the colleague, who is then removed: the link must die with them. */
const FRIEND = 'friend-of-colleague@example.com';
/** Invited by the owner, then revoked. */
const PENDING = 'pending@example.com';
const INVITE_VALID_MS = 72 * 60 * 60 * 1000;

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let owner: BrowserContext;
let page: Page;
let errors: string[];
let inviteLink: string;
/** The colleague's browser, still signed in when the owner removes them. */
let colleagueContext: BrowserContext;
let colleaguePage: Page;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  owner = await newContext();
  await owner.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
  page = await owner.newPage();
  await signIn(page, server.baseUrl, server.email, server.password);
  errors = watchPageErrors(page);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A visitor who already answered the cookie banner, so it covers nothing. */
async function newContext(width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript((key) => localStorage.setItem(key, 'declined'), CONSENT_STORAGE_KEY);
  return context;
}

const url = (path: string) => `${server.baseUrl}${path}`;
const dialog = (target: Page = page) => target.getByRole('dialog');
const focused = (target: Page = page) =>
  target.evaluate(() => {
    const el = document.activeElement;
    return el ? el.getAttribute('aria-label') || el.textContent?.trim() || el.id : null;
  });
const toast = (text: string, target: Page = page) => target.locator('[data-sonner-toast]').filter({ hasText: text });
const userRow = (email: string) => page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: email });
const inviteRow = (email: string) => page.getByRole('table', { name: 'Pending invites' }).getByRole('row').filter({ hasText: email });
/** The invite's row as a person reads it: address, inviter, and the expiry's machine-readable time. */
const inviteShown = (email: string) =>
  inviteRow(email).evaluate((row) => ({
    cells: [...row.querySelectorAll('td')].slice(0, 2).map((cell) => (cell as HTMLElement).innerText.split('\n')[0]),
    expires: row.querySelector('td:nth-child(3) time')?.getAttribute('datetime'),
  }));
/** What the invite page says for this link, in a browser of its own. */
async function linkHeading(link: string) {
  const context = await newContext();
  const visitor = await context.newPage();
  await visitor.goto(link);
  const heading = visitor.getByRole('heading', { level: 1 });
  await expect.poll(() => heading.innerText()).toMatch(/^(Join mycrm|Invite link .+)$/);
  const text = await heading.innerText();
  await context.close();
  return text;
}

describe('settings', () => {
  it('is in the sidebar and shows the staff users, with "You" marked', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(url('/crm/settings'));
    await expect.poll(() => page.getByRole('heading', { name: 'Settings', level: 1 }).isVisible()).toBe(true);
    const me = page.getByRole('row').filter({ hasText: server.email });
    await expect.poll(() => me.isVisible()).toBe(true);
    expect(await me.innerText()).toContain('You');
    await expect.poll(() => page.getByRole('columnheader').allInnerTexts()).toEqual(['EMAIL', 'CREATED', 'LAST ACTIVE', 'ACTIONS']);
    // The only user cannot be removed.
    expect(await page.getByRole('button', { name: `Remove your account ${server.email}` }).isDisabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'settings');
  });
});

describe('change password', () => {
  it('needs the right current password and a password that is not common, field by field', async () => {
    const sent: string[] = [];
    page.on('request', (request) => request.url().endsWith(USER_PATHS.changePassword) && sent.push(request.method()));
    await page.getByLabel('Current password').focus();
    await page.keyboard.type('not my password');
    await page.keyboard.press('Tab'); // the field's show/hide button
    await page.keyboard.press('Tab');
    await page.keyboard.type('passwordpassword');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('passwordpassword');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText(AUTH_MESSAGES.passwordTooCommon).isVisible()).toBe(true);
    expect(await page.getByLabel('New password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]); // the browser applies the policy itself, with the same list as the server

    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').press('Enter');
    await expect.poll(() => page.getByText(USER_MESSAGES.currentPasswordWrong).isVisible()).toBe(true);
    expect(await page.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual(['POST']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'settings-password-errors');
  });

  it('changes it and signs out the other device', async () => {
    const otherDevice = await newContext();
    const other = await otherDevice.newPage();
    await signIn(other, server.baseUrl, server.email, server.password);

    await page.getByLabel('Current password').fill(server.password);
    await page.getByLabel('Current password').press('Enter');
    await expect.poll(() => toast('Password changed. 1 other session was signed out.').isVisible()).toBe(true);
    expect(await page.getByLabel('Current password').inputValue()).toBe(''); // the form is cleared

    await other.reload();
    await other.waitForURL(/\/login/);
    await otherDevice.close();

    // This browser stays signed in; the new password is the one that works now.
    await page.reload();
    await expect.poll(() => page.getByRole('row').filter({ hasText: server.email }).isVisible()).toBe(true);
    const check = await browser.newContext();
    const login = (password: string) => check.request.post(url('/api/auth/login'), { data: { email: server.email, password } });
    expect((await login(server.password)).status()).toBe(401);
    expect((await login(NEW_PASSWORD)).status()).toBe(200);
    await check.close();
  });
});

describe('inviting a colleague', () => {
  it('shows a one-time link once, with a copy button, and returns focus to "Invite user"', async () => {
    await page.getByRole('button', { name: 'Invite user' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog().getByRole('heading', { name: 'Invite a user' }).isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
    await page.keyboard.type('not an email');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog().getByText(AUTH_MESSAGES.emailInvalid).isVisible()).toBe(true);
    await page.getByLabel('Email').fill(server.email);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog().getByText(USER_MESSAGES.emailTaken).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel('Email').fill(COLLEAGUE);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog().getByRole('heading', { name: 'Invite link created' }).isVisible()).toBe(true);
    inviteLink = await dialog().getByLabel('Invite link').inputValue();
    expect(inviteLink).toMatch(new RegExp(`^${server.baseUrl}/invite#[A-Za-z0-9_-]{43}$`));
    expect(await dialog().innerText()).toContain('The link is shown only now');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'settings-invite-link');

    await expect.poll(() => focused()).toBe('Copy link');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(inviteLink);
    await expect.poll(() => dialog().getByRole('button', { name: 'Copied' }).isVisible()).toBe(true);

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog().count()).toBe(0);
    await expect.poll(() => focused()).toBe('Invite user');
  });

  it('lets the colleague choose a password through the link and signs them in', async () => {
    const theirs = await newContext();
    const colleague = await theirs.newPage();
    const colleagueErrors = watchPageErrors(colleague);
    await colleague.goto(inviteLink);
    await expect.poll(() => colleague.getByRole('heading', { name: 'Join mycrm' }).isVisible()).toBe(true);
    expect(await colleague.getByLabel('Email').inputValue()).toBe(COLLEAGUE);
    expect(await seriousA11yViolations(colleague)).toEqual([]);
    await screenshot(colleague, 'invite-accept');

    await colleague.getByLabel('Password', { exact: true }).fill('Administrator');
    await colleague.getByLabel('Confirm password').fill('Administrator');
    await colleague.getByRole('button', { name: 'Create account and sign in' }).click();
    await expect.poll(() => colleague.getByText(AUTH_MESSAGES.passwordTooCommon).isVisible()).toBe(true);

    await colleague.getByLabel('Password', { exact: true }).fill(COLLEAGUE_PASSWORD);
    await colleague.getByLabel('Confirm password').fill(COLLEAGUE_PASSWORD);
    await colleague.getByLabel('Confirm password').press('Enter');
    await colleague.waitForURL(url('/crm'));
    await expect.poll(() => colleague.getByTitle(COLLEAGUE).first().isVisible()).toBe(true);

    // The link worked once.
    const later = await newContext();
    const again = await later.newPage();
    await again.goto(inviteLink);
    await expect.poll(() => again.getByRole('heading', { name: 'Invite link already used' }).isVisible()).toBe(true);
    expect(await again.getByRole('alert').innerText()).toBe(USER_MESSAGES.inviteUsed);
    await later.close();
    expect(colleagueErrors).toEqual([]);

    // Kept open: the removal below must sign this browser out.
    colleagueContext = theirs;
    colleaguePage = colleague;
  });

  it('says so clearly when a link has expired or is not valid', async () => {
    const res = await page.request.post(url('/api/users/invites'), { data: { email: 'late@example.com' }, headers: { origin: server.baseUrl } });
    expect(res.status()).toBe(201);
    const { token } = (await res.json()).invite;
    await server.db.update(userInvites).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(userInvites.email, 'late@example.com'));

    const stranger = await newContext(390);
    const visitor = await stranger.newPage();
    await visitor.goto(url(`/invite#${token}`));
    await expect.poll(() => visitor.getByRole('heading', { name: 'Invite link expired' }).isVisible()).toBe(true);
    expect(await visitor.getByRole('alert').innerText()).toBe(USER_MESSAGES.inviteExpired);
    expect(await seriousA11yViolations(visitor)).toEqual([]);
    await screenshot(visitor, 'invite-expired-mobile');

    await visitor.goto(url('/invite#not-a-real-token'));
    await visitor.reload(); // a new fragment alone does not reload the page
    await expect.poll(() => visitor.getByRole('heading', { name: 'Invite link not valid' }).isVisible()).toBe(true);
    await stranger.close();
  });
});

describe('removing a user', () => {
  let friendLink: string;

  it('lists the invite the colleague made, naming them as who invited, and until when it works', async () => {
    const res = await colleagueContext.request.post(url(USER_PATHS.invites), { data: { email: FRIEND }, headers: { origin: server.baseUrl } });
    expect(res.status()).toBe(201);
    friendLink = url(`/invite#${(await res.json()).invite.token}`);
    const expected = Date.now() + INVITE_VALID_MS;
    await page.reload();
    await expect.poll(() => inviteRow(FRIEND).isVisible()).toBe(true);
    const shown = await inviteShown(FRIEND);
    expect(shown.cells).toEqual([FRIEND, COLLEAGUE]);
    expect(Math.abs(Date.parse(shown.expires!) - expected)).toBeLessThan(5 * 60_000);
    expect(await linkHeading(friendLink)).toBe('Join mycrm');
  });

  it('asks first, naming them, and returns focus to the button on cancel', async () => {
    await page.reload();
    const remove = page.getByRole('button', { name: `Remove ${COLLEAGUE}` });
    await expect.poll(() => remove.isVisible()).toBe(true);
    const colleagueRow = userRow(COLLEAGUE);
    expect(await colleagueRow.innerText()).not.toContain('Never'); // they signed in
    await screenshot(page, 'settings-two-users');

    await remove.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog().getByRole('heading', { name: `Remove ${COLLEAGUE}?` }).isVisible()).toBe(true);
    await expect.poll(() => focused()).toBe('Cancel');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'settings-remove-dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog().count()).toBe(0);
    await expect.poll(() => focused()).toBe(`Remove ${COLLEAGUE}`);
  });

  it('removes them, and their next request finds them signed out', async () => {
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog().isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    await expect.poll(() => focused()).toBe('Remove user');
    await page.keyboard.press('Enter');
    await expect.poll(() => toast(`${COLLEAGUE} was removed and signed out.`).isVisible()).toBe(true);
    await expect.poll(() => userRow(COLLEAGUE).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('users-title');
    // The invite they made went with them: no longer pending, and its link lets nobody in.
    await expect.poll(() => inviteRow(FRIEND).count()).toBe(0);
    expect(await linkHeading(friendLink)).toBe('Invite link not valid');

    expect((await colleagueContext.request.get(url('/api/auth/session'))).status()).toBe(401);
    await colleaguePage.reload();
    await colleaguePage.waitForURL(/\/login/);
    await colleagueContext.close();
  });

  it('works on a phone too', async () => {
    const phoneContext = await newContext(390);
    const phone = await phoneContext.newPage();
    await signIn(phone, server.baseUrl, server.email, NEW_PASSWORD);
    await phone.goto(url('/crm/settings'));
    await expect.poll(() => phone.getByRole('row').filter({ hasText: server.email }).isVisible()).toBe(true);
    await phone.evaluate(() => document.querySelector('main')!.scrollTo(0, 10_000));
    await screenshot(phone, 'settings-mobile');
    const overflow = await phone.evaluate(() => {
      const main = document.querySelector('main')!;
      return { main: main.scrollWidth - main.clientWidth, page: document.documentElement.scrollWidth - window.innerWidth };
    });
    expect(overflow).toEqual({ main: 0, page: 0 });
    await phoneContext.close();
  });
});

describe('revoking an invite', () => {
  let pendingLink: string;

  it('lists the invite just made, with me as who invited', async () => {
    await page.getByRole('button', { name: 'Invite user' }).click();
    await page.getByLabel('Email').fill(PENDING);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog().getByRole('heading', { name: 'Invite link created' }).isVisible()).toBe(true);
    pendingLink = await dialog().getByLabel('Invite link').inputValue();
    const expected = Date.now() + INVITE_VALID_MS;
    await dialog().getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => dialog().count()).toBe(0);

    await expect.poll(() => inviteRow(PENDING).isVisible()).toBe(true);
    const shown = await inviteShown(PENDING);
    expect(shown.cells).toEqual([PENDING, server.email]);
    expect(Math.abs(Date.parse(shown.expires!) - expected)).toBeLessThan(5 * 60_000);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.evaluate(() => document.querySelector('main')!.scrollTo(0, 10_000));
    await screenshot(page, 'settings-pending-invites');
  });

  it('shows who invited and until when on a phone too, in the address’s cell', async () => {
    const phoneContext = await newContext(390);
    const phone = await phoneContext.newPage();
    await signIn(phone, server.baseUrl, server.email, NEW_PASSWORD);
    await phone.goto(url('/crm/settings'));
    const row = phone.getByRole('table', { name: 'Pending invites' }).getByRole('row').filter({ hasText: PENDING });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.getByRole('cell').first().innerText()).toMatch(new RegExp(`^${PENDING}\\nBy ${server.email}, until .+`));
    await phone.evaluate(() => document.querySelector('main')!.scrollTo(0, 10_000));
    await screenshot(phone, 'settings-pending-invites-mobile');
    const overflow = await phone.evaluate(() => {
      const main = document.querySelector('main')!;
      return { main: main.scrollWidth - main.clientWidth, page: document.documentElement.scrollWidth - window.innerWidth };
    });
    expect(overflow).toEqual({ main: 0, page: 0 });
    await phoneContext.close();
  });

  it('asks first, naming the address, and returns focus to the button on cancel', async () => {
    const revoke = page.getByRole('button', { name: `Revoke the invite for ${PENDING}` });
    await revoke.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog().getByRole('heading', { name: `Revoke the invite for ${PENDING}?` }).isVisible()).toBe(true);
    expect(await dialog().innerText()).toContain('The link stops working at once');
    await expect.poll(() => focused()).toBe('Cancel');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'settings-revoke-invite-dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog().count()).toBe(0);
    await expect.poll(() => focused()).toBe(`Revoke the invite for ${PENDING}`);
    expect(await linkHeading(pendingLink)).toBe('Join mycrm');
  });

  it('revokes it once confirmed: the link stops working at once, and focus goes to the list', async () => {
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog().isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    await expect.poll(() => focused()).toBe('Revoke invite');
    await page.keyboard.press('Enter');
    await expect.poll(() => toast(`The invite for ${PENDING} was revoked. Its link no longer works.`).isVisible()).toBe(true);
    await expect.poll(() => inviteRow(PENDING).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('invites-title');
    expect(await page.getByText(/^No pending invites\./).isVisible()).toBe(true);
    expect(await linkHeading(pendingLink)).toBe('Invite link not valid');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

describe('the whole session', () => {
  it('ran without page errors (other than the 400 answers it provoked)', () => {
    expect(errors.filter((e) => !e.includes('status of 400') && !e.includes('status of 409'))).toEqual([]);
  });
});
