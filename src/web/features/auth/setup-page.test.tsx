// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, AUTH_PATHS } from '@shared/auth/api.ts';
import { USER_MESSAGES } from '@shared/users/api.ts';
import { apiError, fakeApi, reply, type ApiHandler } from '@web/testing/fake-api.ts';
import { currentUrl, renderScreen } from '@web/testing/render.tsx';
import SetupPage from './setup-page.tsx';

const PASSPHRASE = 'violet kettle drums at noon';

function setupPage(url: string, { valid = true, setup = (() => ({ user: { id: 'u1', email: 'owner@example.com', role: 'admin' } })) as ApiHandler } = {}) {
  const api = fakeApi({ [`POST ${AUTH_PATHS.setupCheck}`]: () => ({ valid }), [`POST ${AUTH_PATHS.setup}`]: setup });
  return { api, ...renderScreen(<SetupPage />, { url }) };
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const createButton = () => screen.getByRole('button', { name: 'Create admin account' });

async function fillIn(user: ReturnType<typeof renderScreen>['user'], values: { email: string; password: string; confirmation: string }) {
  await user.type(await screen.findByLabelText('Email'), values.email);
  await user.type(field('Password'), values.password);
  await user.type(field('Confirm password'), values.confirmation);
}

describe('the first-run setup page', () => {
  it('without a token says the link is not valid, asks nothing, and offers sign-in', async () => {
    const { api } = setupPage('/setup');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Setup link not valid');
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByText('npm run user:create')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('checks the token with the server, and a used or expired one gets the same page', async () => {
    const { api } = setupPage('/setup?token=used-token', { valid: false });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Setup link not valid');
    expect(api.calls.map((c) => c.body)).toEqual([{ token: 'used-token' }]);
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('with a valid token asks for the admin’s email and a new password, each under its rule', async () => {
    setupPage('/setup?token=t0k3n');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Create your admin account');
    expect(document.activeElement).toBe(field('Email'));
    expect(field('Password').getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByText('At least 12 characters.')).toBeTruthy();
  });

  it('refuses what the shared rules refuse, word for word, before asking the server', async () => {
    const { api, user } = setupPage('/setup?token=t0k3n');
    await fillIn(user, { email: 'owner', password: 'short', confirmation: 'short' });
    await user.click(createButton());
    expect(await screen.findByText(AUTH_MESSAGES.emailInvalid)).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.passwordTooShort)).toBeTruthy();

    await user.clear(field('Password'));
    await user.type(field('Password'), PASSPHRASE);
    await user.click(createButton());
    expect(await screen.findByText(AUTH_MESSAGES.passwordsDiffer)).toBeTruthy();
    expect(api.callsTo(`POST ${AUTH_PATHS.setup}`)).toHaveLength(0);
  });

  it('creates the admin with the token and sends them to sign in with their address filled in', async () => {
    const { api, user, router } = setupPage('/setup?token=t0k3n');
    await fillIn(user, { email: 'Owner@Example.com', password: PASSPHRASE, confirmation: PASSPHRASE });
    await user.click(createButton());
    await waitFor(() => expect(currentUrl(router)).toBe('/login?setup=done&email=owner%40example.com'));
    expect(api.callsTo(`POST ${AUTH_PATHS.setup}`).map((c) => c.body)).toEqual([
      { token: 't0k3n', email: 'owner@example.com', password: PASSPHRASE, password_confirmation: PASSPHRASE },
    ]);
  });

  it('puts the server’s field messages on their fields, and any other failure above the form', async () => {
    let answer: ApiHandler = () =>
      reply(400, { error: { code: 'validation', message: 'Invalid input', fields: { password: AUTH_MESSAGES.passwordTooCommon } } });
    const { user, router } = setupPage('/setup?token=t0k3n', { setup: (call) => answer(call) });
    await fillIn(user, { email: 'owner@example.com', password: PASSPHRASE, confirmation: PASSPHRASE });
    await user.click(createButton());
    const message = await screen.findByText(AUTH_MESSAGES.passwordTooCommon);
    expect(message.id).toBe(field('Password').getAttribute('aria-describedby'));
    expect(screen.queryByText('Invalid input')).toBeNull();

    answer = () => apiError(409, 'setup_done', AUTH_MESSAGES.setupLinkInvalid);
    await user.click(createButton());
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent?.trim())).toContain(AUTH_MESSAGES.setupLinkInvalid));
    expect(currentUrl(router)).toBe('/setup?token=t0k3n');
  });

  it('shows an email already taken on the email field', async () => {
    const { user } = setupPage('/setup?token=t0k3n', {
      setup: () => reply(409, { error: { code: 'conflict', message: USER_MESSAGES.emailTaken, fields: { email: USER_MESSAGES.emailTaken } } }),
    });
    await fillIn(user, { email: 'owner@example.com', password: PASSPHRASE, confirmation: PASSPHRASE });
    await user.click(createButton());
    const message = await screen.findByText(USER_MESSAGES.emailTaken);
    expect(message.id).toBe(field('Email').getAttribute('aria-describedby'));
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
  });
});
