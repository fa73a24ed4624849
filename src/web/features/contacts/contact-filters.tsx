import { Filter, X } from 'lucide-react';
import {
  CONTACT_SOURCE_LABELS,
  CONTACT_SOURCES,
  CONTACT_STATUS_LABELS,
  CONTACT_STATUSES,
  type ContactSource,
  type ContactStatus,
} from '@shared/contacts.ts';
import { KIT_STATE_LABELS, KIT_SUBSCRIBER_STATES, type KitSubscriberState } from '@shared/kit/subscriber-state.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Field } from '@web/components/ui/field.tsx';
import { Popover } from '@web/components/ui/popover.tsx';
import { Select } from '@web/components/ui/select.tsx';
import { hasFilters, type ContactView } from './contact-view.ts';

type FilterPatch = Partial<Pick<ContactView, 'status' | 'source' | 'kit_state' | 'tag'>>;

const NO_FILTERS: FilterPatch = { status: undefined, source: undefined, kit_state: undefined, tag: undefined };

/** The Filters button and its panel: status, source, Kit state and tag, each "all" or one value; they combine with the search. */
export function FiltersButton({ view, tagNames, onChange }: { view: ContactView; tagNames: string[]; onChange: (patch: FilterPatch) => void }) {
  const active = [view.status, view.source, view.kit_state, view.tag].filter(Boolean).length;
  // A bookmarked tag that no longer exists still shows as chosen.
  const tags = view.tag && !tagNames.includes(view.tag) ? [view.tag, ...tagNames] : tagNames;
  return (
    <Popover
      label="Filters"
      align="end"
      trigger={
        <Button variant="secondary">
          <Filter aria-hidden /> Filters
          {active > 0 ? (
            <span className="rounded-full bg-brand-600 px-1.5 text-xs leading-5 text-white" aria-label={`${active} active`}>
              {active}
            </span>
          ) : null}
        </Button>
      }
    >
      <div className="space-y-4">
        <Field label="Status">
          <Select value={view.status ?? ''} onChange={(e) => onChange({ status: (e.target.value || undefined) as ContactStatus | undefined })}>
            <option value="">All statuses</option>
            {CONTACT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {CONTACT_STATUS_LABELS[status]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Source">
          <Select value={view.source ?? ''} onChange={(e) => onChange({ source: (e.target.value || undefined) as ContactSource | undefined })}>
            <option value="">All sources</option>
            {CONTACT_SOURCES.map((source) => (
              <option key={source} value={source}>
                {CONTACT_SOURCE_LABELS[source]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Kit state">
          <Select value={view.kit_state ?? ''} onChange={(e) => onChange({ kit_state: (e.target.value || undefined) as KitSubscriberState | undefined })}>
            <option value="">All Kit states</option>
            {KIT_SUBSCRIBER_STATES.map((state) => (
              <option key={state} value={state}>
                {KIT_STATE_LABELS[state]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Tag">
          <Select value={view.tag ?? ''} onChange={(e) => onChange({ tag: e.target.value || undefined })}>
            <option value="">All tags</option>
            {tags.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </Field>
        <Button variant="ghost" size="sm" className="w-full" disabled={!hasFilters(view)} onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </Button>
      </div>
    </Popover>
  );
}

/** The filters in force, each removable on its own: what the list shows is never a mystery. */
export function ActiveFilters({ view, onChange }: { view: ContactView; onChange: (patch: FilterPatch) => void }) {
  if (!hasFilters(view)) return null;
  const chips: Array<{ key: keyof FilterPatch; label: string }> = [];
  if (view.status) chips.push({ key: 'status', label: `Status: ${CONTACT_STATUS_LABELS[view.status]}` });
  if (view.source) chips.push({ key: 'source', label: `Source: ${CONTACT_SOURCE_LABELS[view.source]}` });
  if (view.kit_state) chips.push({ key: 'kit_state', label: `Kit: ${KIT_STATE_LABELS[view.kit_state]}` });
  if (view.tag) chips.push({ key: 'tag', label: `Tag: ${view.tag}` });
  return (
    <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <li key={chip.key}>
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm font-medium text-brand-700">
            {chip.label}
            <button
              type="button"
              aria-label={`Remove filter ${chip.label}`}
              className="cursor-pointer rounded-full p-0.5 hover:bg-brand-100"
              onClick={() => onChange({ [chip.key]: undefined })}
            >
              <X aria-hidden className="size-3.5" />
            </button>
          </span>
        </li>
      ))}
      {chips.length > 1 ? (
        <li>
          <Button variant="link" size="sm" className="px-1" onClick={() => onChange(NO_FILTERS)}>
            Clear filters
          </Button>
        </li>
      ) : null}
    </ul>
  );
}
