import { ContactPage } from '@web/features/contacts/contact-page.tsx';
import { KitRowActions } from '@web/features/kit/kit-row-actions.tsx';
import { KitSyncState } from '@web/features/kit/kit-sync-state.tsx';

const kit = { RowActions: KitRowActions, SyncState: KitSyncState };

/** A contact's page as routed, with the Kit feature's state and re-sync plugged in. */
export default function ContactRoute() {
  return <ContactPage kit={kit} />;
}
