import { Copy, Download, FileText } from 'lucide-react';
import { ICS_PREVIEW_LINES } from '@shared/calendar/ics.ts';
import { Button } from '@web/components/ui/button.tsx';
import { CalendarCard, CodeBlock } from './calendar-card.tsx';
import { StaleNote } from './stale-note.tsx';

/** The universal calendar file: its first lines, download and copy. */
export function IcsCard({
  preview,
  stale,
  onDownload,
  onCopy,
}: {
  preview: string | null;
  stale: boolean;
  onDownload: () => void;
  onCopy: () => void;
}) {
  return (
    <CalendarCard
      title=".ics Calendar File"
      icon={FileText}
      description="Works with Apple Calendar, Outlook, Google Calendar and most other calendar apps."
    >
      {preview ? (
        <>
          {stale ? <StaleNote /> : null}
          <CodeBlock label={`First ${ICS_PREVIEW_LINES} lines of the .ics file`}>{preview}</CodeBlock>
          <p className="text-xs text-gray-500">Preview of the first {ICS_PREVIEW_LINES} lines.</p>
        </>
      ) : (
        <p className="text-sm text-gray-500">The .ics file appears here once you generate the calendar link.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={onDownload}>
          <Download aria-hidden /> Download .ics File
        </Button>
        <Button variant="secondary" onClick={onCopy}>
          <Copy aria-hidden /> Copy .ics Content
        </Button>
      </div>
    </CalendarCard>
  );
}
