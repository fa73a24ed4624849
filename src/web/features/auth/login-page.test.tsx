// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, AUTH_PATHS } from '@shared/auth/api.ts';
import { apiError, fakeApi, type ApiHandler } from '@web/testing/fake-api.ts';
import { currentUrl, renderScreen } from '@web/testing/render.tsx';
import LoginPage from './login-page.tsx';

const ANNA = { id: 'u1', email: 'anna@example.com', role: 'admin' };
const signedOut = () => apiError(401, 'unauthenticated', AUTH_MESSAGES.sessionMissing);

function signInPage(url: string, login: ApiHandler = () => ({ user: ANNA })) {
  const api = fakeApi({ [`GET ${AUTH_PATHS.session}`]: signedOut, [`POST ${AUTH_PATHS.login}`]: login });
  return { api, ...renderScreen(<LoginPage />, { url }) };
}

const email = () => screen.getByLabelText<HTMLInputElement>('Email');
const password = () => screen.getByLabelText<HTMLInputElement>('Password');
const signInButton = () => screen.getByRole('button', { name: 'Sign in' });

describe('the sign-in page', () => {
  it('sends a visitor who is already signed in on to the page asked for', async () => {
    fakeApi({ [`GET ${AUTH_PATHS.session}`]: () => ({ user: ANNA }) });
    const { router } = renderScreen(<LoginPage />, { url: '/login?next=%2Fcrm%2Ftags' });
    await waitFor(() => expect(currentUrl(router)).toBe('/crm/tags'));
  });

  it('names each missing field in the shared words and asks the server nothing', async () => {
    const { api, user } = signInPage('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(AUTH_MESSAGES.emailRequired)).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo(`POST ${AUTH_PATHS.login}`)).toHaveLength(0);

    await user.type(email(), 'anna@');
    await user.click(signInButton());
    expect(await screen.findByText(AUTH_MESSAGES.emailInvalid)).toBeTruthy();
    expect(screen.queryByText(AUTH_MESSAGES.emailRequired)).toBeNull();
  });

  it('signs in with the address as typed, trimmed and lower-cased, and goes to the page asked for', async () => {
    const { api, user, router } = signInPage('/login?next=%2Fcrm%2Fcontacts%3Fsearch%3Danna');
    await user.type(await screen.findByLabelText('Email'), '  Anna@Example.com ');
    await user.type(password(), 'a long passphrase');
    await user.click(signInButton());
    await waitFor(() => expect(currentUrl(router)).toBe('/crm/contacts?search=anna'));
    expect(api.callsTo(`POST ${AUTH_PATHS.login}`).map((c) => c.body)).toEqual([{ email: 'anna@example.com', password: 'a long passphrase' }]);
  });

  it('goes to the dashboard when the page asked for is not one of the CRM’s', async () => {
    const { user, router } = signInPage('/login?next=https%3A%2F%2Fevil.example%2Fcrm');
    await user.type(await screen.findByLabelText('Email'), ANNA.email);
    await user.type(password(), 'a long passphrase');
    await user.click(signInButton());
    await waitFor(() => expect(currentUrl(router)).toBe('/crm'));
  });

  it('on a refusal says so above the form, empties the password and keeps the email', async () => {
    const { user, router } = signInPage('/login', () => apiError(401, 'invalid_credentials', AUTH_MESSAGES.invalidCredentials));
    await user.type(await screen.findByLabelText('Email'), ANNA.email);
    await user.type(password(), 'not the password');
    await user.click(signInButton());
    expect((await screen.findByRole('alert')).textContent).toBe(` ${AUTH_MESSAGES.invalidCredentials}`);
    expect(password().value).toBe('');
    expect(email().value).toBe(ANNA.email);
    expect(currentUrl(router)).toBe('/login');
  });

  it('shows the server’s words for too many attempts and for no connection', async () => {
    let answer: ApiHandler = () => apiError(429, 'rate_limited', AUTH_MESSAGES.tooManyAttempts);
    const { user } = signInPage('/login', (call) => answer(call));
    await user.type(await screen.findByLabelText('Email'), ANNA.email);
    await user.type(password(), 'a long passphrase');
    await user.click(signInButton());
    expect((await screen.findByRole('alert')).textContent).toContain(AUTH_MESSAGES.tooManyAttempts);

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await user.type(password(), 'a long passphrase');
    await user.click(signInButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Cannot reach the server. Check your connection and try again.'));
  });

  it('says only "Invalid email or password" for any other failure, giving nothing else away', async () => {
    const { user } = signInPage('/login', () => apiError(400, 'validation', 'Password must be at most 256 characters'));
    await user.type(await screen.findByLabelText('Email'), ANNA.email);
    await user.type(password(), 'x');
    await user.click(signInButton());
    expect((await screen.findByRole('alert')).textContent).toContain(AUTH_MESSAGES.invalidCredentials);
    expect(screen.queryByText(/256/)).toBeNull();
  });

  it('after the first admin was created, greets them with their address filled in, until a failure', async () => {
    const { user } = signInPage('/login?setup=done&email=anna%40example.com', () => apiError(401, 'invalid_credentials', AUTH_MESSAGES.invalidCredentials));
    expect((await screen.findByText(/Your administrator account is ready/)).textContent).toBe(' Your administrator account is ready. Sign in to continue.');
    expect(screen.getByRole('status').textContent).toContain('Your administrator account is ready.');
    expect(email().value).toBe(ANNA.email);
    await user.type(password(), 'wrong password');
    await user.click(signInButton());
    await screen.findByRole('alert');
    expect(screen.queryByText(/Your administrator account is ready/)).toBeNull();
  });

  it('lets the password be shown and hidden again', async () => {
    const { user } = signInPage('/login');
    await user.type(await screen.findByLabelText('Password'), 'secret words');
    expect(password().type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password().type).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password().type).toBe('password');
  });
});
