import { useState } from 'react';
import { KIT_DEFAULT_TAG, type TagDto } from '@shared/tags/api.ts';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { SearchInput } from '@web/components/ui/search-input.tsx';
import type { KitTag } from '@shared/kit/api.ts';

/** Above this many tags the picker offers a filter. */
const FILTER_FROM = 8;

/** What a sync starts with: the default tag, always. */
export const initialTagSelection = () => new Set([KIT_DEFAULT_TAG]);

/**
 * What one contact's sync starts with: the default tag and the contact's own tags that stand for a
 * Kit tag (a Kit tag name or id saved on the CRM tag), by their Kit name, so a re-sync keeps the
 * contact's Kit tags (a waiting-list contact keeps LEM_Waiting_List).
 */
export function contactTagSelection(contactTags: string[], crmTags: TagDto[]): Set<string> {
  const own = new Set(contactTags);
  const linked = crmTags.filter((tag) => own.has(tag.name) && (tag.kit_tag_id !== null || Boolean(tag.kit_tag_name)));
  return new Set([KIT_DEFAULT_TAG, ...linked.map((tag) => tag.kit_tag_name || tag.name)]);
}

/**
 * Picks the Kit tags a sync adds, by name. The default tag via_mycrm is always offered (a sync
 * creates it in Kit when the account does not have it yet), and so are the `offered` names (a
 * contact's own Kit tags, perhaps not in Kit yet).
 */
export function TagPicker({
  tags,
  offered = [],
  selected,
  onChange,
}: {
  tags: KitTag[];
  offered?: string[];
  selected: Set<string>;
  onChange: (next: Set<string>) => void;
}) {
  const [filter, setFilter] = useState('');
  const names = [...new Set([KIT_DEFAULT_TAG, ...offered, ...tags.map((t) => t.name).sort((a, b) => a.localeCompare(b))])];
  const inKit = new Set(tags.map((t) => t.name));
  const needle = filter.trim().toLowerCase();
  const shown = needle ? names.filter((n) => n.toLowerCase().includes(needle) || selected.has(n)) : names;

  const toggle = (name: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(name);
    else next.delete(name);
    onChange(next);
  };

  return (
    <fieldset className="space-y-3">
      <legend className="mb-3 text-sm font-medium text-gray-700">
        Kit tags to add <span className="font-normal text-gray-500">({selected.size} selected)</span>
      </legend>
      {names.length > FILTER_FROM ? (
        <SearchInput aria-label="Filter tags" placeholder="Filter tags" value={filter} onChange={(e) => setFilter(e.target.value)} />
      ) : null}
      <div className="max-h-60 space-y-2.5 overflow-y-auto rounded-lg border border-gray-200 p-3">
        {shown.map((name) => (
          <Checkbox
            key={name}
            label={name}
            description={!inKit.has(name) ? 'Not in Kit yet: created on the first sync' : undefined}
            checked={selected.has(name)}
            onChange={(e) => toggle(name, e.target.checked)}
          />
        ))}
        {shown.length === 0 ? <p className="text-sm text-gray-500">No tag matches the filter.</p> : null}
      </div>
    </fieldset>
  );
}
