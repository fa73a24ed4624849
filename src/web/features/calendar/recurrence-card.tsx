import { Repeat } from 'lucide-react';
import { RECURRENCE_FREQUENCIES, type RecurrenceFrequency } from '@shared/calendar/constants.ts';
import { CALENDAR_LIMITS as L } from '@shared/calendar/limits.ts';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { Field } from '@web/components/ui/field.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Select } from '@web/components/ui/select.tsx';
import { CalendarCard } from './calendar-card.tsx';
import type { FormCardProps } from './form-types.ts';

const FREQUENCY_LABELS: Record<RecurrenceFrequency, string> = {
  DAILY: 'Daily',
  WEEKLY: 'Weekly',
  MONTHLY: 'Monthly',
  YEARLY: 'Yearly',
};

/** The repeat rule; its fields show once repeating is switched on. */
export function RecurrenceCard({ form, update }: FormCardProps) {
  return (
    <CalendarCard title="Recurrence" icon={Repeat}>
      <Checkbox
        label="Enable recurrence"
        description="Repeat the event on a regular schedule."
        checked={form.recurrenceEnabled}
        onChange={(e) => update({ recurrenceEnabled: e.target.checked })}
      />
      {form.recurrenceEnabled ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Frequency">
            <Select value={form.recurrenceFrequency} onChange={(e) => update({ recurrenceFrequency: e.target.value })}>
              {RECURRENCE_FREQUENCIES.map((frequency) => (
                <option key={frequency} value={frequency}>
                  {FREQUENCY_LABELS[frequency]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Interval" hint="1 = every time, 2 = every second time">
            <Input
              type="number"
              inputMode="numeric"
              min={L.intervalMin}
              max={L.intervalMax}
              value={String(form.recurrenceInterval)}
              onChange={(e) => update({ recurrenceInterval: e.target.value })}
            />
          </Field>
          <Field label="Number of occurrences" hint="Optional; empty for no limit">
            <Input
              type="number"
              inputMode="numeric"
              min={L.countMin}
              max={L.countMax}
              placeholder="No limit"
              value={form.recurrenceCount === null ? '' : String(form.recurrenceCount)}
              onChange={(e) => update({ recurrenceCount: e.target.value })}
            />
          </Field>
          <Field label="Until" hint="Optional; used when no number is given">
            <Input type="date" value={form.recurrenceUntil} onChange={(e) => update({ recurrenceUntil: e.target.value })} />
          </Field>
        </div>
      ) : null}
    </CalendarCard>
  );
}
