import type { ImportReport } from '@shared/contacts/api.ts';
import { IMPORT_MESSAGES } from '@shared/contacts/csv.ts';
import { ERASED_IMPORT_MESSAGES } from '@shared/privacy/erasure.ts';

/** Problems listed one by one up to this many; a file of thousands of bad rows gets a count beyond it. */
const LISTED = 200;

/** The import's figures: rows created, updated, skipped and left out as invalid. */
export function ImportFigures({ label, figures }: { label: string; figures: { created: number; updated: number; skipped: number; invalid: number } }) {
  const items = [
    { label: 'Created', value: figures.created, className: 'text-emerald-700' },
    { label: 'Updated', value: figures.updated, className: 'text-blue-700' },
    { label: 'Skipped', value: figures.skipped, className: 'text-gray-700' },
    { label: 'Invalid', value: figures.invalid, className: 'text-red-700' },
  ];
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map((f) => (
        <div key={f.label} className="rounded-lg border border-gray-200 px-4 py-3">
          <dt className="text-sm text-gray-600">{f.label}</dt>
          <dd className={`text-2xl font-semibold tabular-nums ${f.className}`}>{f.value.toLocaleString('en-US')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Rows left out as people erased before: only their number, never who. */
export function ErasedSkipped({ count }: { count: number }) {
  return count > 0 ? <p className="text-sm text-gray-700">{ERASED_IMPORT_MESSAGES.skipped(count)}.</p> : null;
}

/** Step 4: what the import did, and every row it left out with the reason. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const problems = [
    ...report.invalid.map((r) => ({ row: r.row, email: r.email, reason: r.reason, kind: 'Invalid' })),
    ...report.duplicates.map((r) => ({ row: r.row, email: r.email, reason: IMPORT_MESSAGES.duplicateInFile(r.first_row), kind: 'Skipped' })),
  ].sort((a, b) => a.row - b.row);
  return (
    <div className="space-y-5">
      <ImportFigures label="Import result" figures={{ ...report, invalid: report.invalid.length }} />
      <ErasedSkipped count={report.erased} />
      {problems.length > 0 ? (
        <div>
          <h3 className="mb-2 text-sm font-semibold text-gray-900">Rows not imported</h3>
          <ul aria-label="Rows not imported" className="max-h-64 divide-y divide-gray-100 overflow-y-auto rounded-lg border border-gray-200 text-sm">
            {problems.slice(0, LISTED).map((p) => (
              <li key={`${p.kind}-${p.row}`} className="px-3 py-2">
                <span className="font-medium text-gray-900">Row {p.row}</span>
                {p.email ? <span className="text-gray-600"> ({p.email})</span> : null}
                <span className={p.kind === 'Invalid' ? 'text-red-700' : 'text-gray-700'}>: {p.reason}</span>
              </li>
            ))}
          </ul>
          {problems.length > LISTED ? (
            <p className="mt-2 text-sm text-gray-600">…and {(problems.length - LISTED).toLocaleString('en-US')} more rows.</p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
