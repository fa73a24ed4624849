import { useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '@web/components/ui/page-header.tsx';
import { useSession } from '@web/lib/session.ts';
import { BackupsCard } from './backups-card.tsx';
import { ChangePasswordCard } from './change-password-card.tsx';
import { PendingInvitesCard } from './pending-invites-card.tsx';
import { PrivacySection } from './privacy/privacy-section.tsx';
import { UsersCard } from './users-card.tsx';

/** Settings: my password, the staff users who can sign in (invite, remove), the invites not used yet (revoke), backups, and privacy. */
export default function SettingsPage() {
  const session = useSession();
  const client = useQueryClient();
  const me = session.data;
  if (!me) return null; // The CRM shell renders screens for a signed-in user only.
  return (
    <>
      <PageHeader title="Settings" description="Your password, who can sign in to this CRM, backups, and privacy." />
      <div className="space-y-6">
        <ChangePasswordCard email={me.email} />
        {/* Removing my own account ends this session: asking again for it sends me to the sign-in page. */}
        <UsersCard myId={me.id} onRemovedMyself={() => void client.invalidateQueries()} />
        <PendingInvitesCard />
        <BackupsCard />
        <PrivacySection />
      </div>
    </>
  );
}
