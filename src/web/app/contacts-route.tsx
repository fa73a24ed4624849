import type { LoaderFunctionArgs } from 'react-router';
import { contactListQuery } from '@web/features/contacts/contacts-api.ts';
import { ContactsPage } from '@web/features/contacts/contacts-page.tsx';
import { readView } from '@web/features/contacts/contact-view.ts';
import { KitBulkSync } from '@web/features/kit/kit-bulk-sync.tsx';
import { KitRowActions } from '@web/features/kit/kit-row-actions.tsx';
import { KitSyncProgress } from '@web/features/kit/kit-sync-progress.tsx';
import { KitSyncState } from '@web/features/kit/kit-sync-state.tsx';
import { queryClient } from '@web/lib/query-client.ts';
import { loadScreenData } from './staff-shell.ts';

/** On a page load, the list's first page (asked for early) is in the cache when the screen first renders. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  loadScreenData(() => queryClient.prefetchInfiniteQuery(contactListQuery(readView(new URL(request.url).searchParams))));

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
