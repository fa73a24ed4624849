import { CircleCheck, CircleX, Copy, UserX } from 'lucide-react';
import { useMemo } from 'react';
import { CONTACT_SOURCE_LABELS, CONTACT_STATUS_LABELS } from '@shared/contacts.ts';
import type { ImportDuplicatePolicy, ImportErasedPolicy, ImportMapping } from '@shared/contacts/csv.ts';
import { contactDisplayName } from '@shared/contacts/form.ts';
import { ERASED_IMPORT_MESSAGES as E } from '@shared/privacy/erasure.ts';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { Table, TableScroll, Td, Th } from '@web/components/ui/table.tsx';
import type { CsvFile } from './csv-file.ts';
import { checkRows, type CheckSummary } from './import-checks.ts';

/** Rows shown in the preview: enough to see the mapping is right; the rest are only counted. */
const PREVIEW_ROWS = 10;

interface Choice<T extends string> {
  value: T;
  label: string;
  hint: string;
}

const POLICIES: Array<Choice<ImportDuplicatePolicy>> = [
  { value: 'skip', label: 'Skip them', hint: 'Contacts that already exist stay exactly as they are.' },
  {
    value: 'update',
    label: 'Update them',
    hint: 'Filled cells replace the contact’s values; empty cells keep them; tags are added.',
  },
];

const ERASED_POLICIES: Array<Choice<ImportErasedPolicy>> = [
  { value: 'skip', label: E.skip, hint: E.skipHint },
  { value: 'import', label: E.importAnyway, hint: E.importAnywayHint },
];

/** A choice of one, as cards side by side (each a radio button with its label and hint). */
function ChoiceCards<T extends string>({
  name,
  options,
  value,
  onChange,
  cardClassName,
}: {
  name: string;
  options: Array<Choice<T>>;
  value: T;
  onChange: (value: T) => void;
  cardClassName: string;
}) {
  return (
    <div className="mt-2 grid gap-2 sm:grid-cols-2">
      {options.map((option) => (
        <label key={option.value} className={`flex cursor-pointer gap-3 rounded-lg border p-3 has-checked:border-brand-500 has-checked:bg-brand-50 ${cardClassName}`}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="mt-0.5 size-4 accent-brand-600"
          />
          <span className="text-sm">
            <span className="block font-medium text-gray-900">{option.label}</span>
            <span className="text-gray-600">{option.hint}</span>
          </span>
        </label>
      ))}
    </div>
  );
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Step 3: the first rows as they will be imported, every row checked and counted, and what to do with existing contacts. */
export function ImportReviewStep({
  file,
  mapping,
  knownTags,
  policy,
  onPolicy,
  summary,
  erased,
  erasedPolicy,
  onErasedPolicy,
}: {
  file: CsvFile;
  /** Every row checked, counted by the dialog (its Import button says how many are ready). */
  summary: CheckSummary;
  mapping: Partial<ImportMapping>;
  knownTags: ReadonlySet<string>;
  policy: ImportDuplicatePolicy;
  onPolicy: (policy: ImportDuplicatePolicy) => void;
  /** How many ready rows name people erased before (counted by the server), or that it could not tell. */
  erased: { count: number; failed: boolean };
  erasedPolicy: ImportErasedPolicy;
  onErasedPolicy: (policy: ImportErasedPolicy) => void;
}) {
  const preview = useMemo(() => checkRows(file.rows, 0, PREVIEW_ROWS, mapping, knownTags, new Map()), [file, mapping, knownTags]);
  const done = summary.checked === summary.total;

  return (
    <div className="space-y-5">
      <div aria-live="polite" className="rounded-lg bg-gray-50 px-4 py-3 text-sm text-gray-700">
        {done ? (
          <p>
            <span className="font-medium text-gray-900">{count(summary.total, 'row', 'rows')}:</span>{' '}
            {count(summary.ready, 'ready to import', 'ready to import')}
            {summary.invalid > 0 ? `, ${count(summary.invalid, 'row with problems', 'rows with problems')} (left out)` : ''}
            {summary.repeated > 0 ? `, ${count(summary.repeated, 'repeated email', 'repeated emails')} (skipped)` : ''}.
          </p>
        ) : (
          <p className="flex items-center gap-2">
            <Spinner className="size-4" /> Checking rows... {summary.checked.toLocaleString('en-US')} of {summary.total.toLocaleString('en-US')}
          </p>
        )}
      </div>

      {erased.count > 0 ? (
        <fieldset className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3">
          <legend className="sr-only">{E.choice}</legend>
          <p className="flex items-center gap-2 text-sm font-medium text-amber-900">
            <UserX aria-hidden className="size-4 shrink-0" />
            {E.warning(erased.count)}
          </p>
          <ChoiceCards name="on_erased" options={ERASED_POLICIES} value={erasedPolicy} onChange={onErasedPolicy} cardClassName="border-amber-200 bg-white" />
        </fieldset>
      ) : null}
      {erased.failed ? <p className="text-sm text-gray-600">{E.checkFailed}</p> : null}

      <div>
        <h3 className="mb-2 text-sm font-semibold text-gray-900">
          Preview {file.rows.length > PREVIEW_ROWS ? `(first ${PREVIEW_ROWS} rows)` : ''}
        </h3>
        <TableScroll label="Import preview" className="rounded-lg border border-gray-200">
          <Table aria-label="Import preview" className="min-w-[44rem]">
            <thead>
              <tr>
                <Th className="w-14">Row</Th>
                <Th>Email</Th>
                <Th>Name</Th>
                <Th>Status</Th>
                <Th>Source</Th>
                <Th>Tags</Th>
                <Th>Check</Th>
              </tr>
            </thead>
            <tbody>
              {preview.map((check) =>
                check.status === 'ready' ? (
                  <tr key={check.row}>
                    <Td className="tabular-nums">{check.row}</Td>
                    <Td className="max-w-48 truncate">{check.values.email}</Td>
                    <Td className="max-w-40 truncate">{contactDisplayName(check.values) ?? '—'}</Td>
                    <Td>{CONTACT_STATUS_LABELS[check.values.status]}</Td>
                    <Td className="whitespace-nowrap">{CONTACT_SOURCE_LABELS[check.values.source]}</Td>
                    <Td className="max-w-40 truncate">{check.values.tags.join(', ') || '—'}</Td>
                    <Td>
                      <span className="inline-flex items-center gap-1 text-emerald-700">
                        <CircleCheck aria-hidden className="size-4" /> Ready
                      </span>
                    </Td>
                  </tr>
                ) : (
                  <tr key={check.row} className="bg-red-50/50">
                    <Td className="tabular-nums">{check.row}</Td>
                    <Td className="max-w-48 truncate">{check.email || '—'}</Td>
                    <Td colSpan={5} className={check.status === 'invalid' ? 'text-red-700' : 'text-amber-800'}>
                      <span className="inline-flex items-start gap-1">
                        {check.status === 'invalid' ? (
                          <CircleX aria-hidden className="mt-0.5 size-4 shrink-0" />
                        ) : (
                          <Copy aria-hidden className="mt-0.5 size-4 shrink-0" />
                        )}
                        {check.reason}
                      </span>
                    </Td>
                  </tr>
                ),
              )}
            </tbody>
          </Table>
        </TableScroll>
      </div>

      <fieldset>
        <legend className="text-sm font-semibold text-gray-900">When a contact with the same email already exists</legend>
        <ChoiceCards name="on_duplicate" options={POLICIES} value={policy} onChange={onPolicy} cardClassName="border-gray-200" />
      </fieldset>
    </div>
  );
}
