import { Copy, ExternalLink, Link2 } from 'lucide-react';
import { Button } from '@web/components/ui/button.tsx';
import { CalendarCard, CodeBlock } from './calendar-card.tsx';
import { StaleNote } from './stale-note.tsx';

/** The Google Calendar link: a preview, copy, and a test in a new tab. */
export function GeneratedLinkCard({ link, stale, onCopy }: { link: string | null; stale: boolean; onCopy: () => void }) {
  return (
    <CalendarCard title="Generated Link" icon={Link2} description="A Google Calendar link that adds the event in one click.">
      {link ? (
        <>
          {stale ? <StaleNote /> : null}
          <CodeBlock label="Google Calendar link" className="max-h-40">
            {link}
          </CodeBlock>
        </>
      ) : (
        <p className="text-sm text-gray-500">Fill in the event details and click “Generate Calendar Link” to see the link here.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onCopy}>
          <Copy aria-hidden /> Copy Link
        </Button>
        {link ? (
          <Button asChild>
            <a href={link} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden /> Test Link in Google Calendar
            </a>
          </Button>
        ) : null}
      </div>
    </CalendarCard>
  );
}
