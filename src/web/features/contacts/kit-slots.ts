import type { ComponentType } from 'react';
import type { ContactSelectionInput } from '@shared/contacts/bulk.ts';
/** The contact as GET /api/contacts returns it (snake_case). */
export interface ContactsKitSlots {
  /** Extra row actions (check in Kit, sync to Kit), rendered in the Actions cell before edit and delete. */
  RowActions?: ComponentType<{ contact: { id: string; email: string; first_name: string | null; last_name: string | null; tags: string[]; kit_id: number | null }; onChanged: () => void }>;
  /**
   * Rendered in the toolbar when contacts are selected (the "Sync N to Kit" button and its dialog):
   * the rows picked, or all that match the view (`count` of them, more when `capped`).
   */
  BulkActions?: ComponentType<{ selection: ContactSelectionInput; count: number; capped: boolean; clearSelection: () => void }>;
  /** Rendered in the Kit ID cell (the kit_id and the sync state). Without it, show kit_id or "—". */
  SyncState?: ComponentType<{ contact: { id: string; kit_id: number | null } }>;
}
