import { CircleCheck, Copy, Download } from 'lucide-react';
import type { SavedEventResult } from '@shared/calendar/api.ts';
import { Button } from '@web/components/ui/button.tsx';
import { CalendarCard, CodeBlock } from './calendar-card.tsx';

/** The saved event's permanent download URL, and how to use it in a newsletter. */
export function SavedEventCard({
  saved,
  onCopyUrl,
  onDownload,
}: {
  saved: SavedEventResult;
  onCopyUrl: () => void;
  onDownload: () => void;
}) {
  return (
    <CalendarCard title="Saved Event" icon={CircleCheck} className="border-emerald-200 ring-1 ring-emerald-100">
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="font-medium text-gray-700">Event ID</dt>
          <dd className="mt-1 font-mono text-xs break-all text-gray-900">{saved.eventId}</dd>
        </div>
        <div>
          <dt className="font-medium text-gray-700">Download URL</dt>
          <dd className="mt-1">
            <a href={saved.downloadUrl} target="_blank" rel="noopener noreferrer" className="font-mono text-xs break-all text-brand-700 underline-offset-2 hover:underline">
              {saved.downloadUrl}
            </a>
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onCopyUrl}>
          <Copy aria-hidden /> Copy URL
        </Button>
        <Button variant="secondary" onClick={onDownload}>
          <Download aria-hidden /> Download .ics
        </Button>
      </div>
      <div className="space-y-2 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
        <p className="font-medium">Use it in your newsletter</p>
        <p>
          Link to the download URL. Readers who click it get the .ics file, with buttons for Google Calendar and Outlook. For
          example:
        </p>
        <CodeBlock label="Example link for a newsletter" className="bg-white">{`<a href="${saved.downloadUrl}">Add to calendar</a>`}</CodeBlock>
      </div>
    </CalendarCard>
  );
}
