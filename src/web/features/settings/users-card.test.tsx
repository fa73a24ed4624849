// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_MESSAGES, USER_PATHS, type StaffUser } from '@shared/users/api.ts';
import { apiError, fakeApi, reply, type ApiHandler } from '@web/testing/fake-api.ts';
import { renderScreen } from '@web/testing/render.tsx';
import { UsersCard } from './users-card.tsx';

const ANNA: StaffUser = { id: 'u1', email: 'anna@example.com', created_at: '2026-01-05T09:00:00.000Z', last_active_at: '2026-03-01T14:00:00.000Z' };
const BEN: StaffUser = { id: 'u2', email: 'ben@example.com', created_at: '2026-02-10T09:00:00.000Z', last_active_at: null };
const LIST = `GET ${USER_PATHS.users}`;

let users: StaffUser[];
let list: ApiHandler;
let remove: ApiHandler;
let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  users = [ANNA, BEN];
  list = () => ({ users });
  remove = (call) => {
    users = users.filter((u) => USER_PATHS.user.path({ id: u.id }) !== call.path);
    return reply(204, '');
  };
  api = fakeApi({ [LIST]: (call) => list(call), [`DELETE ${USER_PATHS.user.path({ id: 'u1' })}`]: (c) => remove(c), [`DELETE ${USER_PATHS.user.path({ id: 'u2' })}`]: (c) => remove(c) });
});

const onRemovedMyself = vi.fn();
function usersCard() {
  onRemovedMyself.mockClear();
  return renderScreen(<UsersCard myId="u1" onRemovedMyself={onRemovedMyself} />, { url: '/crm/settings' });
}

/** Each row of the users table: its email cell's text and its remove button. */
async function rows() {
  const table = await screen.findByRole('table', { name: 'Users' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => ({ row, button: within(row).getByRole('button') }));
}

describe('the users of the CRM', () => {
  it('lists everyone who can sign in, marking me, with when each was last active', async () => {
    usersCard();
    expect(screen.getByRole('status').textContent?.trim()).toBe('Loading users...');
    const [anna, ben] = await rows();
    expect(within(anna!.row).getByText('You')).toBeTruthy();
    expect(within(ben!.row).queryByText('You')).toBeNull();
    expect(within(ben!.row).getAllByText('Never').length).toBeGreaterThan(0);
    expect(anna!.row.querySelectorAll('time')[0]?.getAttribute('datetime')).toBe(ANNA.last_active_at);
    expect(anna!.button.getAttribute('aria-label')).toBe('Remove your account anna@example.com');
    expect(ben!.button.getAttribute('aria-label')).toBe('Remove ben@example.com');
  });

  it('never offers to remove the last user, and says why', async () => {
    users = [ANNA];
    usersCard();
    const [anna] = await rows();
    expect((anna!.button as HTMLButtonElement).disabled).toBe(true);
    expect(anna!.button.getAttribute('title')).toBe('The last user cannot be removed');
    expect(screen.getByText('You are the only user. Invite a colleague to give them their own sign-in.')).toBeTruthy();
  });

  it('says when the list cannot be loaded and loads it again on request', async () => {
    let fail = true;
    list = () => (fail ? apiError(500, 'internal', 'Internal error') : { users });
    const { user } = usersCard();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load users. Please try again.')).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await rows()).toHaveLength(2);
  });
});

describe('removing a user', () => {
  it('asks first, naming them; Cancel removes nobody and gives focus back to the button', async () => {
    const { user } = usersCard();
    const [, ben] = await rows();
    await user.click(ben!.button);
    const dialog = screen.getByRole('dialog', { name: 'Remove ben@example.com?' });
    expect(within(dialog).getByText(/They are signed out at once, on every device, and can no longer sign in\./)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(ben!.button));
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });

  it('removes them once confirmed, says so, refreshes the list and puts focus on its heading', async () => {
    const { user } = usersCard();
    const [, ben] = await rows();
    await user.click(ben!.button);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove user' }));
    expect(await screen.findByText('ben@example.com was removed and signed out.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([USER_PATHS.user.path({ id: 'u2' })]);
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Users' })));
    expect(onRemovedMyself).not.toHaveBeenCalled();
  });

  it('warns me when it is my own account, and hands over to the page once it is gone', async () => {
    const { user } = usersCard();
    const [anna] = await rows();
    await user.click(anna!.button);
    const dialog = screen.getByRole('dialog', { name: 'Remove your own account?' });
    expect(within(dialog).getByText('anna@example.com is signed out at once, here and everywhere, and can no longer sign in.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove my account' }));
    await waitFor(() => expect(onRemovedMyself).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/was removed and signed out/)).toBeNull();
  });

  it('shows the server’s reason when it refuses, and removes nobody from the list', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    remove = () => apiError(409, 'last_user', USER_MESSAGES.lastUser);
    const { user } = usersCard();
    const [, ben] = await rows();
    await user.click(ben!.button);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove user' }));
    expect(await screen.findByText(USER_MESSAGES.lastUser)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await rows()).toHaveLength(2);
    logged.mockRestore();
  });
});
