import { useNavigate } from 'react-router';
import type { StoredCalendarEvent } from '@shared/calendar/api.ts';
import { CALENDAR_MESSAGES as M } from '@shared/calendar/messages.ts';
import { notifyError, notifySuccess } from '@web/lib/notify.tsx';
import { copyText } from './clipboard.ts';
import { EDIT_SEARCH_PARAM, storeEventForEditing } from './edit-handoff.ts';
import { useDeleteEvent } from './events-api.ts';
import { downloadStoredIcs } from './ics-download.ts';

export interface EventActions {
  edit: (event: StoredCalendarEvent) => void;
  download: (event: StoredCalendarEvent) => void;
  copyUrl: (event: StoredCalendarEvent) => void;
  remove: (event: StoredCalendarEvent) => void;
  /** The event id being deleted, if any. */
  deleting: string | null;
}

/** What the manager does with one event, from its card or from its details. */
export function useEventActions({ onDeleted }: { onDeleted: (event: StoredCalendarEvent) => void }): EventActions {
  const navigate = useNavigate();
  const deleteEvent = useDeleteEvent();

  return {
    edit(event) {
      try {
        storeEventForEditing(event);
      } catch {
        return notifyError(M.loadForEditFailed);
      }
      navigate(`/crm/calendar-link-creator?${EDIT_SEARCH_PARAM}=true`);
    },
    download(event) {
      downloadStoredIcs(event.event_id, event.title).then(
        () => notifySuccess(M.managerIcsDownloaded),
        () => notifyError(M.downloadIcsFailed),
      );
    },
    copyUrl(event) {
      copyText(event.download_url).then(
        () => notifySuccess(M.downloadUrlCopied),
        () => notifyError(M.copyLinkFailed),
      );
    },
    remove(event) {
      if (!window.confirm(M.confirmDelete)) return;
      deleteEvent.mutate(event.event_id, {
        onSuccess: () => {
          notifySuccess(M.deleted);
          onDeleted(event);
        },
        onError: () => notifyError(M.deleteFailed),
      });
    },
    deleting: deleteEvent.isPending ? (deleteEvent.variables ?? null) : null,
  };
}
