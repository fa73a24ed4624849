// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, NEW_PASSWORD_HINT } from '@shared/auth/api.ts';
import { USER_MESSAGES, USER_PATHS } from '@shared/users/api.ts';
import { apiError, fakeApi, reply, type ApiHandler } from '@web/testing/fake-api.ts';
import { renderScreen } from '@web/testing/render.tsx';
import { ChangePasswordCard } from './change-password-card.tsx';

const CHANGE = `POST ${USER_PATHS.changePassword}`;
const OLD = 'the old long passphrase';
const NEW = 'a brand new passphrase here';

let answer: ApiHandler;
let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  answer = () => ({ signed_out_sessions: 2 });
  api = fakeApi({ [CHANGE]: (call) => answer(call) });
});

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

function card() {
  return renderScreen(<ChangePasswordCard email="anna@example.com" />, { url: '/crm/settings' });
}

async function change(user: ReturnType<typeof renderScreen>['user'], values: { current?: string; password?: string; confirmation?: string }) {
  if (values.current) await user.type(field('Current password'), values.current);
  if (values.password) await user.type(field('New password'), values.password);
  if (values.confirmation) await user.type(field('Confirm new password'), values.confirmation);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('changing my password', () => {
  it('tells password managers whose password it is, and which fields hold the old and the new one', () => {
    card();
    const form = screen.getByRole('form', { name: 'Change password' });
    const username = form.querySelector<HTMLInputElement>('input[autocomplete="username"]');
    expect(username?.value).toBe('anna@example.com');
    expect(field('Current password').getAttribute('autocomplete')).toBe('current-password');
    expect(field('New password').getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByText(NEW_PASSWORD_HINT)).toBeTruthy();
  });

  it('names every missing field in the shared words, asking the server nothing', async () => {
    const { user } = card();
    await change(user, {});
    expect(await screen.findByText(USER_MESSAGES.currentPasswordRequired)).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.passwordTooShort)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a new password that is common or not confirmed', async () => {
    const { user } = card();
    await change(user, { current: OLD, password: 'passwordpassword', confirmation: 'passwordpassword' });
    expect(await screen.findByText(AUTH_MESSAGES.passwordTooCommon)).toBeTruthy();
    await user.clear(field('New password'));
    await user.type(field('New password'), NEW);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(AUTH_MESSAGES.passwordsDiffer)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('changes it, says how many other sessions were signed out, and empties the form', async () => {
    const { user } = card();
    await change(user, { current: OLD, password: NEW, confirmation: NEW });
    expect(await screen.findByText('Password changed. 2 other sessions were signed out.')).toBeTruthy();
    expect(api.callsTo(CHANGE).map((c) => c.body)).toEqual([{ current_password: OLD, password: NEW, password_confirmation: NEW }]);
    expect([field('Current password').value, field('New password').value, field('Confirm new password').value]).toEqual(['', '', '']);
  });

  it('says so in the singular, and when no other session was open', async () => {
    const { user } = card();
    answer = () => ({ signed_out_sessions: 1 });
    await change(user, { current: OLD, password: NEW, confirmation: NEW });
    expect(await screen.findByText('Password changed. 1 other session was signed out.')).toBeTruthy();
    answer = () => ({ signed_out_sessions: 0 });
    await change(user, { current: OLD, password: NEW, confirmation: NEW });
    expect(await screen.findByText('Password changed. No other session was open.')).toBeTruthy();
  });

  it('puts a wrong current password on its field and moves focus there, keeping what was typed', async () => {
    answer = () =>
      reply(400, { error: { code: 'validation', message: 'Invalid input', fields: { current_password: USER_MESSAGES.currentPasswordWrong } } });
    const { user } = card();
    await change(user, { current: OLD, password: NEW, confirmation: NEW });
    const message = await screen.findByText(USER_MESSAGES.currentPasswordWrong);
    expect(message.id).toBe(field('Current password').getAttribute('aria-describedby'));
    await waitFor(() => expect(document.activeElement).toBe(field('Current password')));
    expect(field('New password').value).toBe(NEW);
    expect(screen.queryByText('Invalid input')).toBeNull();
  });

  it('shows any other failure in a toast, in the server’s words or a plain one', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    answer = () => apiError(429, 'rate_limited', USER_MESSAGES.tooManyPasswordAttempts);
    const { user } = card();
    await change(user, { current: OLD, password: NEW, confirmation: NEW });
    expect(await screen.findByText(USER_MESSAGES.tooManyPasswordAttempts)).toBeTruthy();

    // An answer that breaks the contract is no ApiError: its text is not for people.
    answer = () => ({ unexpected: true });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Failed to change the password. Please try again.')).toBeTruthy();
    expect(logged).toHaveBeenCalledTimes(2);
    logged.mockRestore();
  });
});
