import { X } from 'lucide-react';
import { Link } from 'react-router';
import { DEFAULT_TAG_COLOR } from '@shared/tags/api.ts';
import { Field } from '@web/components/ui/field.tsx';
import { Select } from '@web/components/ui/select.tsx';

/**
 * A contact's tags, chosen only from the configured tags, each at most once: the list offers only
 * the tags not yet chosen, and every chosen tag can be removed.
 */
export function TagPicker({
  value,
  onChange,
  options,
  loading,
  error,
}: {
  value: string[];
  onChange: (names: string[]) => void;
  options: Array<{ name: string; color: string }>;
  loading: boolean;
  error?: string;
}) {
  const available = options.filter((tag) => !value.includes(tag.name));
  const color = (name: string) => options.find((tag) => tag.name === name)?.color ?? DEFAULT_TAG_COLOR;
  const placeholder = loading ? 'Loading tags...' : options.length === 0 ? 'No tags configured' : available.length === 0 ? 'All tags added' : 'Add a tag...';
  return (
    <div className="space-y-2">
      <Field
        label="Tags"
        error={error}
        hint={
          !loading && options.length === 0 ? (
            <>
              Create tags on the{' '}
              <Link to="/crm/tags" className="font-medium text-brand-600 hover:underline">
                Tags
              </Link>{' '}
              page first.
            </>
          ) : undefined
        }
      >
        <Select
          value=""
          disabled={available.length === 0}
          onChange={(e) => {
            if (e.target.value) onChange([...value, e.target.value]);
          }}
        >
          <option value="">{placeholder}</option>
          {available.map((tag) => (
            <option key={tag.name} value={tag.name}>
              {tag.name}
            </option>
          ))}
        </Select>
      </Field>
      {value.length > 0 ? (
        <ul aria-label="Chosen tags" className="flex flex-wrap gap-2">
          {value.map((name) => (
            <li key={name}>
              <span className="inline-flex items-center gap-1.5 rounded-full border border-gray-200 bg-gray-50 py-1 pr-1 pl-2.5 text-sm text-gray-800">
                <span aria-hidden className="size-2.5 rounded-full" style={{ backgroundColor: color(name) }} />
                {name}
                <button
                  type="button"
                  aria-label={`Remove tag ${name}`}
                  className="cursor-pointer rounded-full p-0.5 text-gray-500 hover:bg-gray-200 hover:text-gray-900"
                  onClick={() => onChange(value.filter((n) => n !== name))}
                >
                  <X aria-hidden className="size-3.5" />
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
