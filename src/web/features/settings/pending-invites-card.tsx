import { Link2Off, RefreshCw } from 'lucide-react';
import { useRef, useState } from 'react';
import type { PendingInvite } from '@shared/users/api.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { DateText } from '@web/components/ui/date-text.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { Table, TableScroll, Td, Th } from '@web/components/ui/table.tsx';
import { ApiError } from '@web/lib/api.ts';
import { notifyError, notifySuccess } from '@web/lib/notify.tsx';
import { RevokeInviteDialog } from './revoke-invite-dialog.tsx';
import { usePendingInvites, useRevokeInvite } from './users-api.ts';

const LOAD_FAILED = 'Failed to load the pending invites. Please try again.';

/**
 * Invite links nobody has used yet, with who made each and until when it works; revoking one ends its
 * link at once. Expired links are not listed: they no longer let anyone in.
 */
export function PendingInvitesCard() {
  const invites = usePendingInvites();
  const revoke = useRevokeInvite();
  const [revoking, setRevoking] = useState<PendingInvite | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = invites.data ?? [];

  const confirmRevoke = (invite: PendingInvite) =>
    revoke.mutate(invite.id, {
      onSuccess: () => {
        setRevoking(null);
        notifySuccess(`The invite for ${invite.email} was revoked. Its link no longer works.`);
        // The button that opened the dialog left with its row: keyboard users continue from the list's heading.
        setTimeout(() => heading.current?.focus());
      },
      onError: (error) => {
        setRevoking(null);
        console.error('Revoking an invite failed', error);
        notifyError(error instanceof ApiError ? error.message : 'Failed to revoke the invite. Please try again.');
      },
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle id="invites-title" ref={heading} tabIndex={-1} className="outline-none">
          Pending invites
        </CardTitle>
        <p className="mt-1 text-sm text-gray-600">Invite links not used yet. Each works once, until it expires or you revoke it.</p>
      </CardHeader>

      {invites.isPending ? (
        <div role="status" className="flex items-center justify-center gap-2 px-6 py-10 text-sm text-gray-600">
          <Spinner className="size-5" /> Loading invites...
        </div>
      ) : invites.isError ? (
        <div role="alert" className="flex flex-col items-center gap-4 px-6 py-10 text-center">
          <p className="text-sm text-red-700">{LOAD_FAILED}</p>
          <Button variant="secondary" onClick={() => invites.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="px-6 py-6 text-sm text-gray-600">No pending invites. A link you create shows here until it is used, expires or is revoked.</p>
      ) : (
        // `relative`: the screen-reader-only header text is positioned, and must stay inside the scroll area.
        <TableScroll label="Pending invites" className="relative">
          <Table aria-labelledby="invites-title">
            <thead>
              <tr>
                <Th className="pl-6">Email</Th>
                <Th className="hidden sm:table-cell">Invited by</Th>
                <Th className="hidden sm:table-cell">Expires</Th>
                <Th className="pr-6 text-right">
                  <span className="sr-only">Actions</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {list.map((invite) => (
                <tr key={invite.id}>
                  <Td className="pl-6 font-medium text-gray-900">
                    <span className="[overflow-wrap:anywhere]">{invite.email}</span>
                    {/* On a phone, who and until when go under the address instead of in their own columns. */}
                    <span className="mt-0.5 block text-xs font-normal text-gray-500 sm:hidden">
                      By {invite.invited_by}, until <DateText value={invite.expires_at} format="datetime" />
                    </span>
                  </Td>
                  <Td className="hidden sm:table-cell">
                    <span className="[overflow-wrap:anywhere]">{invite.invited_by}</span>
                  </Td>
                  <Td className="hidden whitespace-nowrap sm:table-cell">
                    <DateText value={invite.expires_at} format="datetime" />
                  </Td>
                  <Td className="pr-6 text-right">
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-red-600 hover:bg-red-50 hover:text-red-700"
                      aria-label={`Revoke the invite for ${invite.email}`}
                      onClick={() => setRevoking(invite)}
                    >
                      <Link2Off aria-hidden /> <span className="hidden sm:inline">Revoke</span>
                    </Button>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}

      {revoking ? (
        <RevokeInviteDialog invite={revoking} busy={revoke.isPending} onConfirm={() => confirmRevoke(revoking)} onClose={() => setRevoking(null)} />
      ) : null}
    </Card>
  );
}
