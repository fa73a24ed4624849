import { Globe } from 'lucide-react';
import { CALENDAR_LIMITS as L } from '@shared/calendar/limits.ts';
import { Field } from '@web/components/ui/field.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { CalendarCard } from './calendar-card.tsx';
import type { FormCardProps } from './form-types.ts';

/** Where the event comes from: Google Calendar shows it as the event's source. */
export function SourceCard({ form, update }: FormCardProps) {
  return (
    <CalendarCard title="Source Properties" icon={Globe} description="Optional: shown by Google Calendar as the event's source.">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Website">
          <Input
            type="url"
            inputMode="url"
            maxLength={L.sourceWebsiteMax}
            placeholder="https://example.com"
            value={form.sourceWebsite}
            onChange={(e) => update({ sourceWebsite: e.target.value })}
          />
        </Field>
        <Field label="Source name">
          <Input
            maxLength={L.nameMax}
            placeholder="e.g. Newsletter"
            value={form.sourceName}
            onChange={(e) => update({ sourceName: e.target.value })}
          />
        </Field>
      </div>
    </CalendarCard>
  );
}
