import { CalendarClock } from 'lucide-react';
import { CALENDAR_TIMEZONES } from '@shared/calendar/constants.ts';
import { formEndsBeforeStart } from '@shared/calendar/event.ts';
import { nextDay } from '@shared/calendar/event-times.ts';
import { CALENDAR_LIMITS as L } from '@shared/calendar/limits.ts';
import { CALENDAR_MESSAGES as M } from '@shared/calendar/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { Field } from '@web/components/ui/field.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Select } from '@web/components/ui/select.tsx';
import { Textarea } from '@web/components/ui/textarea.tsx';
import { CalendarCard } from './calendar-card.tsx';
import type { FormCardProps } from './form-types.ts';
import { RequiredLabel } from './required-label.tsx';

const REQUIRED = 'Required';

/**
 * What, when and where: the five required fields, time zone, description, location, guests,
 * organizer and reminder. `showMissing` marks the empty required fields after a refused Generate or Save.
 */
export function EventDetailsCard({
  form,
  update,
  onStartDate,
  showMissing,
}: FormCardProps & { onStartDate: (date: string) => void; showMissing: boolean }) {
  const missing = (value: string) => (showMissing && !value.trim() ? REQUIRED : undefined);
  // Shown as soon as the four are filled: an end before the start is never turned around silently.
  const endBeforeStart = formEndsBeforeStart(form);
  const dayAfterStart = endBeforeStart ? nextDay(form.startDate.trim()) : '';
  return (
    <CalendarCard title="Event Details" icon={CalendarClock}>
      <Field label={<RequiredLabel>Title</RequiredLabel>} error={missing(form.title)}>
        <Input
          required
          maxLength={L.titleMax}
          placeholder="e.g. Learning Ecosystem Webinar"
          value={form.title}
          onChange={(e) => update({ title: e.target.value })}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={<RequiredLabel>Start date</RequiredLabel>} error={missing(form.startDate)}>
          <Input type="date" required value={form.startDate} onChange={(e) => onStartDate(e.target.value)} />
        </Field>
        <Field label={<RequiredLabel>Start time</RequiredLabel>} error={missing(form.startTime)}>
          <Input type="time" required value={form.startTime} onChange={(e) => update({ startTime: e.target.value })} />
        </Field>
        <Field label={<RequiredLabel>End date</RequiredLabel>} error={missing(form.endDate)}>
          <Input type="date" required value={form.endDate} onChange={(e) => update({ endDate: e.target.value })} />
        </Field>
        <Field
          label={<RequiredLabel>End time</RequiredLabel>}
          error={missing(form.endTime) ?? (endBeforeStart ? M.endBeforeStart : undefined)}
        >
          <Input type="time" required value={form.endTime} onChange={(e) => update({ endTime: e.target.value })} />
        </Field>
      </div>
      {endBeforeStart ? (
        <Button type="button" variant="secondary" size="sm" onClick={() => update({ endDate: dayAfterStart })}>
          {M.endNextDay(dayAfterStart)}
        </Button>
      ) : null}
      <Field label="Timezone">
        <Select value={form.timezone} onChange={(e) => update({ timezone: e.target.value })}>
          {CALENDAR_TIMEZONES.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Description">
        <Textarea
          rows={4}
          maxLength={L.descriptionMax}
          placeholder="What the event is about, and how to join"
          value={form.description}
          onChange={(e) => update({ description: e.target.value })}
        />
      </Field>
      <Field label="Location">
        <Input
          maxLength={L.locationMax}
          placeholder="Online, a meeting link or an address"
          value={form.location}
          onChange={(e) => update({ location: e.target.value })}
        />
      </Field>
      <Field label="Guests" hint="Email addresses, separated by commas">
        <Input
          placeholder="anna@example.com, ben@example.com"
          value={form.guests}
          onChange={(e) => update({ guests: e.target.value })}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Organizer name">
          <Input
            maxLength={L.nameMax}
            autoComplete="name"
            value={form.organizerName}
            onChange={(e) => update({ organizerName: e.target.value })}
          />
        </Field>
        <Field label="Organizer email">
          <Input
            type="email"
            maxLength={L.emailMax}
            autoComplete="email"
            value={form.organizerEmail}
            onChange={(e) => update({ organizerEmail: e.target.value })}
          />
        </Field>
      </div>
      <div className="space-y-3 rounded-lg bg-gray-50 p-3 sm:p-4">
        <Checkbox
          label="Enable reminder"
          description="Calendar apps alert the guest before the event starts."
          checked={form.reminderEnabled}
          onChange={(e) => update({ reminderEnabled: e.target.checked })}
        />
        <Field label="Minutes before">
          <Input
            type="number"
            inputMode="numeric"
            min={L.reminderMinutesMin}
            max={L.reminderMinutesMax}
            disabled={!form.reminderEnabled}
            className="sm:max-w-40"
            value={String(form.reminderMinutes)}
            onChange={(e) => update({ reminderMinutes: e.target.value })}
          />
        </Field>
      </div>
    </CalendarCard>
  );
}
