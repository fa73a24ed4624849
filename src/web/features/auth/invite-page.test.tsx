// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, NEW_PASSWORD_HINT } from '@shared/auth/api.ts';
import { USER_MESSAGES, USER_PATHS, type InviteState } from '@shared/users/api.ts';
import { queryKeys } from '@web/lib/query-keys.ts';
import { apiError, fakeApi, reply, type ApiHandler } from '@web/testing/fake-api.ts';
import { currentUrl, renderScreen } from '@web/testing/render.tsx';
import InvitePage from './invite-page.tsx';

const BEN = { id: 'u2', email: 'ben@example.com', role: 'admin' };
const PASSPHRASE = 'seven quiet harbours glow';
const CHECK = `POST ${USER_PATHS.checkInvite}`;
const ACCEPT = `POST ${USER_PATHS.acceptInvite}`;

function invitePage(url: string, check: ApiHandler, accept: ApiHandler = () => ({ user: BEN })) {
  const api = fakeApi({ [CHECK]: check, [ACCEPT]: accept });
  return { api, ...renderScreen(<InvitePage />, { url }) };
}
const valid = () => ({ state: 'valid', email: BEN.email });
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

async function choosePassword(user: ReturnType<typeof renderScreen>['user'], password: string, confirmation = password) {
  await user.type(await screen.findByLabelText('Password'), password);
  await user.type(field('Confirm password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Create account and sign in' }));
}

describe('the invite page', () => {
  it('without a token in the address says the link is not valid, and asks the server nothing', () => {
    const { api } = invitePage('/invite', valid);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Invite link not valid');
    expect(screen.getByRole('alert').textContent).toBe(USER_MESSAGES.inviteInvalid);
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login');
    expect(api.calls).toHaveLength(0);
  });

  const refusals: Array<[Exclude<InviteState, 'valid'>, string, string]> = [
    ['expired', 'Invite link expired', USER_MESSAGES.inviteExpired],
    ['used', 'Invite link already used', USER_MESSAGES.inviteUsed],
    ['invalid', 'Invite link not valid', USER_MESSAGES.inviteInvalid],
  ];
  for (const [state, title, message] of refusals) {
    it(`says why a link that is ${state} cannot be used`, async () => {
      const { api } = invitePage('/invite#tok-123', () => ({ state }));
      expect((await screen.findByRole('heading', { level: 1, name: title })).textContent).toBe(title);
      expect(screen.getByRole('alert').textContent).toBe(message);
      expect(api.calls.map((c) => c.body)).toEqual([{ token: 'tok-123' }]);
      expect(screen.queryByLabelText('Password')).toBeNull();
    });
  }

  it('asks to reload when the link cannot be checked, instead of calling it invalid', async () => {
    invitePage('/invite#tok-123', () => apiError(503, 'unavailable', 'Service unavailable'));
    expect((await screen.findByRole('alert')).textContent).toBe('Cannot check the link right now. Please reload the page.');
  });

  it('shows the invited address, read-only, and the new-password rules', async () => {
    invitePage('/invite#tok-123', valid);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Join mycrm');
    const email = field('Email');
    expect(email.value).toBe(BEN.email);
    expect(email.readOnly).toBe(true);
    expect(document.activeElement).toBe(field('Password'));
    expect(screen.getByText(NEW_PASSWORD_HINT)).toBeTruthy();
  });

  it('refuses a common password and a confirmation that differs before asking the server', async () => {
    const { api, user } = invitePage('/invite#tok-123', valid);
    await choosePassword(user, 'passwordpassword');
    expect(await screen.findByText(AUTH_MESSAGES.passwordTooCommon)).toBeTruthy();
    await user.clear(field('Password'));
    await user.type(field('Password'), PASSPHRASE);
    await user.click(screen.getByRole('button', { name: 'Create account and sign in' }));
    expect(await screen.findByText(AUTH_MESSAGES.passwordsDiffer)).toBeTruthy();
    expect(api.callsTo(ACCEPT)).toHaveLength(0);
  });

  it('creates the account with the token, signs the person in and opens the CRM', async () => {
    const { api, user, router, client } = invitePage('/invite#tok-123', valid);
    await choosePassword(user, PASSPHRASE);
    await waitFor(() => expect(currentUrl(router)).toBe('/crm'));
    expect(api.callsTo(ACCEPT).map((c) => c.body)).toEqual([{ token: 'tok-123', password: PASSPHRASE, password_confirmation: PASSPHRASE }]);
    expect(client.getQueryData(queryKeys.session)).toEqual(BEN);
  });

  it('puts a password refused by the server on its field, and any other failure above the form', async () => {
    let answer: ApiHandler = () =>
      reply(400, { error: { code: 'validation', message: 'Invalid input', fields: { password: AUTH_MESSAGES.passwordTooShort } } });
    const { user, router } = invitePage('/invite#tok-123', valid, (call) => answer(call));
    await choosePassword(user, PASSPHRASE);
    const message = await screen.findByText(AUTH_MESSAGES.passwordTooShort);
    expect(message.id).toBe(field('Password').getAttribute('aria-describedby'));
    expect(document.activeElement).toBe(field('Password'));

    answer = () => apiError(410, 'invite_used', USER_MESSAGES.inviteUsed);
    await user.click(screen.getByRole('button', { name: 'Create account and sign in' }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent?.trim())).toContain(USER_MESSAGES.inviteUsed));
    expect(currentUrl(router)).toBe('/invite');
  });
});
