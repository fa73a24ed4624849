import { RefreshCw, Trash2, UserPlus } from 'lucide-react';
import { useRef, useState } from 'react';
import { notifyError, notifySuccess } from '@web/lib/notify.tsx';
import type { StaffUser } from '@shared/users/api.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { DateText } from '@web/components/ui/date-text.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { Table, TableScroll, Td, Th } from '@web/components/ui/table.tsx';
import { ApiError } from '@web/lib/api.ts';
import { InviteDialog } from './invite-dialog.tsx';
import { RemoveUserDialog } from './remove-user-dialog.tsx';
import { useRemoveUser, useUsers } from './users-api.ts';

const LOAD_FAILED = 'Failed to load users. Please try again.';

/** Who can sign in: the staff users, an invite for a new one, and removal (never of the last one). */
export function UsersCard({ myId, onRemovedMyself }: { myId: string; onRemovedMyself: () => void }) {
  const users = useUsers();
  const remove = useRemoveUser();
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<StaffUser | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = users.data ?? [];

  const confirmRemove = (user: StaffUser) =>
    remove.mutate(user.id, {
      onSuccess: () => {
        setRemoving(null);
        if (user.id === myId) return onRemovedMyself();
        notifySuccess(`${user.email} was removed and signed out.`);
        // The button that opened the dialog left with its row: keyboard users continue from the list's heading.
        setTimeout(() => heading.current?.focus());
      },
      onError: (error) => {
        setRemoving(null);
        console.error('Removing a user failed', error);
        notifyError(error instanceof ApiError ? error.message : 'Failed to remove the user. Please try again.');
      },
    });

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <CardTitle id="users-title" ref={heading} tabIndex={-1} className="outline-none">
            Users
          </CardTitle>
          <p className="mt-1 text-sm text-gray-600">Everyone who can sign in to this CRM.</p>
        </div>
        <Button onClick={() => setInviting(true)}>
          <UserPlus aria-hidden /> Invite user
        </Button>
      </CardHeader>

      {users.isPending ? (
        <div role="status" className="flex items-center justify-center gap-2 px-6 py-10 text-sm text-gray-600">
          <Spinner className="size-5" /> Loading users...
        </div>
      ) : users.isError ? (
        <div role="alert" className="flex flex-col items-center gap-4 px-6 py-10 text-center">
          <p className="text-sm text-red-700">{LOAD_FAILED}</p>
          <Button variant="secondary" onClick={() => users.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </div>
      ) : (
        // `relative`: the screen-reader-only header text is positioned, and must stay inside the scroll area.
        <TableScroll label="Staff users" className="relative">
          <Table aria-labelledby="users-title">
            <thead>
              <tr>
                <Th className="pl-6">Email</Th>
                <Th className="hidden sm:table-cell">Created</Th>
                <Th className="hidden sm:table-cell">Last active</Th>
                <Th className="pr-6 text-right">
                  <span className="sr-only">Actions</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {list.map((user) => {
                const isYou = user.id === myId;
                const onlyOne = list.length <= 1;
                return (
                  <tr key={user.id}>
                    <Td className="pl-6 font-medium text-gray-900">
                      <span className="[overflow-wrap:anywhere]">{user.email}</span>
                      {isYou ? (
                        <Badge tone="brand" className="ml-2">
                          You
                        </Badge>
                      ) : null}
                      {/* On a phone, the activity goes under the address instead of in its own column. */}
                      <span className="mt-0.5 block text-xs font-normal text-gray-500 sm:hidden">
                        Last active: <LastActive user={user} />
                      </span>
                    </Td>
                    <Td className="hidden whitespace-nowrap sm:table-cell">
                      <DateText value={user.created_at} />
                    </Td>
                    <Td className="hidden whitespace-nowrap sm:table-cell">
                      <LastActive user={user} />
                    </Td>
                    <Td className="pr-6 text-right">
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-red-600 hover:bg-red-50 hover:text-red-700"
                        aria-label={isYou ? `Remove your account ${user.email}` : `Remove ${user.email}`}
                        title={onlyOne ? 'The last user cannot be removed' : undefined}
                        disabled={onlyOne}
                        onClick={() => setRemoving(user)}
                      >
                        <Trash2 aria-hidden /> <span className="hidden sm:inline">Remove</span>
                      </Button>
                    </Td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
          {list.length === 1 ? (
            <p className="px-6 py-4 text-sm text-gray-600">You are the only user. Invite a colleague to give them their own sign-in.</p>
          ) : null}
        </TableScroll>
      )}

      {inviting ? <InviteDialog onClose={() => setInviting(false)} /> : null}
      {removing ? (
        <RemoveUserDialog
          user={removing}
          isYou={removing.id === myId}
          busy={remove.isPending}
          onConfirm={() => confirmRemove(removing)}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </Card>
  );
}

function LastActive({ user }: { user: StaffUser }) {
  return user.last_active_at ? <DateText value={user.last_active_at} format="datetime" /> : <span className="text-gray-500">Never</span>;
}
