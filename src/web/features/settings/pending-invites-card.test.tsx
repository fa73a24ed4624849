// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_MESSAGES, USER_PATHS, type PendingInvite } from '@shared/users/api.ts';
import { apiError, fakeApi, reply, type ApiHandler } from '@web/testing/fake-api.ts';
import { renderScreen } from '@web/testing/render.tsx';
import { PendingInvitesCard } from './pending-invites-card.tsx';

const CARLA: PendingInvite = {
  id: 'i1',
  email: 'carla@example.com',
  invited_by: 'anna@example.com',
  created_at: '2026-03-01T09:00:00.000Z',
  expires_at: '2026-03-04T09:00:00.000Z',
};
const DAN: PendingInvite = { ...CARLA, id: 'i2', email: 'dan@example.com', invited_by: 'ben@example.com', expires_at: '2026-03-05T10:30:00.000Z' };
const LIST = `GET ${USER_PATHS.invites}`;

let invites: PendingInvite[];
let list: ApiHandler;
let revoke: ApiHandler;
let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  invites = [CARLA, DAN];
  list = () => ({ invites });
  revoke = (call) => {
    invites = invites.filter((i) => USER_PATHS.invite.path({ id: i.id }) !== call.path);
    return reply(204, '');
  };
  api = fakeApi({
    [LIST]: (call) => list(call),
    [`DELETE ${USER_PATHS.invite.path({ id: 'i1' })}`]: (c) => revoke(c),
    [`DELETE ${USER_PATHS.invite.path({ id: 'i2' })}`]: (c) => revoke(c),
  });
});

const card = () => renderScreen(<PendingInvitesCard />, { url: '/crm/settings' });

/** Each row of the table: its cells' text and its revoke button. */
async function rows() {
  const table = await screen.findByRole('table', { name: 'Pending invites' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => ({ row, cells: within(row).getAllByRole('cell'), button: within(row).getByRole('button') }));
}

describe('the pending invites', () => {
  it('lists each address with who invited and until when the link works', async () => {
    card();
    expect(screen.getByRole('status').textContent?.trim()).toBe('Loading invites...');
    const [carla, dan] = await rows();
    expect(carla!.cells[0]!.textContent).toContain('carla@example.com');
    expect(carla!.cells[1]!.textContent).toBe('anna@example.com');
    expect(carla!.cells[2]!.querySelector('time')?.getAttribute('datetime')).toBe(CARLA.expires_at);
    expect(dan!.cells[1]!.textContent).toBe('ben@example.com');
    expect(carla!.button.getAttribute('aria-label')).toBe('Revoke the invite for carla@example.com');
  });

  it('says when there are none', async () => {
    invites = [];
    card();
    expect(await screen.findByText(/^No pending invites\./)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the list cannot be loaded and loads it again on request', async () => {
    let fail = true;
    list = () => (fail ? apiError(500, 'internal', 'Internal error') : { invites });
    const { user } = card();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load the pending invites. Please try again.')).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await rows()).toHaveLength(2);
  });
});

describe('revoking an invite', () => {
  it('asks first, naming the address; Cancel revokes nothing and gives focus back to the button', async () => {
    const { user } = card();
    const [carla] = await rows();
    await user.click(carla!.button);
    const dialog = screen.getByRole('dialog', { name: 'Revoke the invite for carla@example.com?' });
    expect(within(dialog).getByText(/The link stops working at once/)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(carla!.button));
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });

  it('revokes once confirmed, says so, refreshes the list and puts focus on its heading', async () => {
    const { user } = card();
    const [carla] = await rows();
    await user.click(carla!.button);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke invite' }));
    expect(await screen.findByText('The invite for carla@example.com was revoked. Its link no longer works.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([USER_PATHS.invite.path({ id: 'i1' })]);
    await waitFor(async () => expect((await rows()).map((r) => r.cells[0]!.textContent)).toEqual([expect.stringContaining('dan@example.com')]));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Pending invites' })));
  });

  it('shows the server’s reason when the invite was used meanwhile, and refreshes the list', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    revoke = () => {
      invites = [DAN]; // Carla accepted before the click arrived.
      return apiError(404, 'not_found', USER_MESSAGES.inviteNotPending);
    };
    const { user } = card();
    const [carla] = await rows();
    await user.click(carla!.button);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke invite' }));
    expect(await screen.findByText(USER_MESSAGES.inviteNotPending)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    logged.mockRestore();
  });
});
