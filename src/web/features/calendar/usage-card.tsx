import { Info } from 'lucide-react';
import { CalendarCard } from './calendar-card.tsx';

const STEPS = [
  'Fill in the event details: title, start and end, time zone, and whatever else your readers need.',
  'Click “Generate Calendar Link” and test the link in Google Calendar, or download the .ics file.',
  'Click “Save Event for Newsletter” to get a permanent download URL for the event.',
  'Put the download URL in your newsletter. Readers open it, the .ics file downloads, and they add the event to their calendar.',
];

/** How the tool is used, in four steps. */
export function UsageCard() {
  return (
    <CalendarCard title="How to Use" icon={Info}>
      <ol className="space-y-3 text-sm text-gray-700">
        {STEPS.map((step, index) => (
          <li key={step} className="flex gap-3">
            <span aria-hidden className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700">
              {index + 1}
            </span>
            <span>{step}</span>
          </li>
        ))}
      </ol>
    </CalendarCard>
  );
}
