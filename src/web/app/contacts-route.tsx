import { ContactsPage } from '@web/features/contacts/contacts-page.tsx';
import { KitBulkSync } from '@web/features/kit/kit-bulk-sync.tsx';
import { KitRowActions } from '@web/features/kit/kit-row-actions.tsx';
import { KitSyncProgress } from '@web/features/kit/kit-sync-progress.tsx';
import { KitSyncState } from '@web/features/kit/kit-sync-state.tsx';

const kit = { RowActions: KitRowActions, BulkActions: KitBulkSync, SyncState: KitSyncState };

/**
 * The contacts screen as routed: the place where other features' parts (Kit actions) are plugged
 * into it. The progress of a bulk sync to Kit sits above the screen, where it stays after the
 * selection that started it is gone and after a reload.
 */
export default function ContactsRoute() {
  return (
    <>
      <KitSyncProgress />
      <ContactsPage kit={kit} />
    </>
  );
}
