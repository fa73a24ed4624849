import { CalendarDays, Copy, Download, Eye, MapPin, Pencil, Trash2, User } from 'lucide-react';
import type { ReactNode } from 'react';
import type { StoredCalendarEvent } from '@shared/calendar/api.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { germanDay, germanRange } from './german-dates.ts';
import type { EventActions } from './use-event-actions.ts';

/** One saved event in the manager: when, where, who, and its actions. */
export function EventCard({ event, actions, onView }: { event: StoredCalendarEvent; actions: EventActions; onView: (opener: HTMLElement) => void }) {
  const organizer = [event.organizer_name, event.organizer_email && `(${event.organizer_email})`].filter(Boolean).join(' ');
  const deleting = actions.deleting === event.event_id;
  return (
    <Card className="flex min-w-0 flex-col" aria-labelledby={`${event.event_id}-title`} role="article">
      <div className="flex-1 space-y-3 p-4 sm:p-5">
        <h2 id={`${event.event_id}-title`} className="text-base font-semibold break-words text-gray-900">
          {event.title}
        </h2>
        <ul className="space-y-1.5 text-sm text-gray-700">
          <Detail icon={<CalendarDays aria-hidden />} label="When">
            {germanRange(event)}
          </Detail>
          {event.location ? (
            <Detail icon={<MapPin aria-hidden />} label="Location">
              {event.location}
            </Detail>
          ) : null}
          {organizer ? (
            <Detail icon={<User aria-hidden />} label="Organizer">
              {organizer}
            </Detail>
          ) : null}
        </ul>
        {event.description ? <p className="line-clamp-2 text-sm whitespace-pre-line text-gray-600">{event.description}</p> : null}
        <div className="space-y-0.5 text-xs text-gray-500">
          <p>Created: {germanDay(event.created_at)}</p>
          <p className="truncate font-mono" title={event.event_id}>
            ID: {event.event_id}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-1 border-t border-gray-100 px-3 py-2 sm:px-4">
        <Button variant="ghost" size="sm" onClick={(e) => onView(e.currentTarget)} aria-label={`View details of ${event.title}`}>
          <Eye aria-hidden /> View details
        </Button>
        <div className="ml-auto flex items-center gap-0.5">
          <IconButton label={`Edit ${event.title}`} onClick={() => actions.edit(event)}>
            <Pencil aria-hidden />
          </IconButton>
          <IconButton label={`Download ICS of ${event.title}`} onClick={() => actions.download(event)}>
            <Download aria-hidden />
          </IconButton>
          <IconButton label={`Copy download URL of ${event.title}`} onClick={() => actions.copyUrl(event)}>
            <Copy aria-hidden />
          </IconButton>
          <IconButton label={`Delete ${event.title}`} onClick={() => actions.remove(event)} disabled={deleting} danger>
            <Trash2 aria-hidden />
          </IconButton>
        </div>
      </div>
    </Card>
  );
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2 [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-gray-400">
      {icon}
      <span className="sr-only">{label}: </span>
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

function IconButton({
  label,
  onClick,
  disabled,
  danger,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className={danger ? 'text-red-600 hover:bg-red-50 hover:text-red-700' : undefined}
    >
      {children}
    </Button>
  );
}
