import { Copy, Download, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import type { StoredCalendarEvent } from '@shared/calendar/api.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';
import { germanDateTime } from './german-dates.ts';
import type { EventActions } from './use-event-actions.ts';

/** Everything about one saved event, with edit, download and copy. */
export function EventDetailsDialog({
  event,
  actions,
  onClose,
}: {
  event: StoredCalendarEvent | null;
  actions: EventActions;
  onClose: () => void;
}) {
  const organizer = event ? [event.organizer_name, event.organizer_email && `(${event.organizer_email})`].filter(Boolean).join(' ') : '';
  return (
    <Dialog open={event !== null} onOpenChange={(open) => !open && onClose()} title={event?.title ?? ''} className="sm:max-w-xl">
      {event ? (
        <>
          <dl className="grid gap-x-4 gap-y-3 text-sm sm:grid-cols-[8rem_1fr]">
            <Row label="Start">{germanDateTime(event.start_date, event.start_time)}</Row>
            <Row label="End">{germanDateTime(event.end_date, event.end_time)}</Row>
            <Row label="Timezone">{event.timezone}</Row>
            {event.location ? <Row label="Location">{event.location}</Row> : null}
            {event.description ? (
              <Row label="Description">
                <span className="whitespace-pre-line">{event.description}</span>
              </Row>
            ) : null}
            {organizer ? <Row label="Organizer">{organizer}</Row> : null}
            <Row label="Event ID">
              <span className="font-mono text-xs">{event.event_id}</span>
            </Row>
            <Row label="Download URL">
              <a href={event.download_url} target="_blank" rel="noopener noreferrer" className="font-mono text-xs text-brand-700 underline-offset-2 hover:underline">
                {event.download_url}
              </a>
            </Row>
          </dl>
          <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <Button onClick={() => actions.edit(event)}>
              <Pencil aria-hidden /> Edit Event
            </Button>
            <Button variant="secondary" onClick={() => actions.download(event)}>
              <Download aria-hidden /> Download ICS
            </Button>
            <Button variant="secondary" onClick={() => actions.copyUrl(event)}>
              <Copy aria-hidden /> Copy URL
            </Button>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-gray-500">{label}</dt>
      <dd className="-mt-2 min-w-0 break-words text-gray-900 sm:mt-0">{children}</dd>
    </>
  );
}
