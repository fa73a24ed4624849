import { CircleAlert } from 'lucide-react';
import { IMPORT_MESSAGES, type ImportMapping } from '@shared/contacts/csv.ts';
import { CONTACT_FIELD_LABELS, CONTACT_FORM_FIELDS, type ContactFormField } from '@shared/contacts/form.ts';
import { Select } from '@web/components/ui/select.tsx';
import { Table, Td, Th } from '@web/components/ui/table.tsx';
import type { CsvFile } from './csv-file.ts';

/** Every contact field comes from one column at most: choosing a field for a column takes it from any other. */
function assignColumn(mapping: Partial<ImportMapping>, header: string, field: ContactFormField | ''): Partial<ImportMapping> {
  const next: Partial<Record<ContactFormField, string>> = {};
  for (const [f, h] of Object.entries(mapping) as Array<[ContactFormField, string]>) {
    if (h !== header && f !== field) next[f] = h;
  }
  if (field) next[field] = header;
  return next as Partial<ImportMapping>;
}

/** The first non-empty value of a column, so the person sees what the column holds. */
function sample(file: CsvFile, header: string): string {
  for (let i = 0; i < Math.min(file.rows.length, 20); i++) {
    const value = file.rows[i]?.[header]?.trim();
    if (value) return value;
  }
  return '';
}

/** Step 2: which column fills which contact field; guessed from the headers, editable per column. */
export function ImportMappingStep({
  file,
  mapping,
  onChange,
}: {
  file: CsvFile;
  mapping: Partial<ImportMapping>;
  onChange: (mapping: Partial<ImportMapping>) => void;
}) {
  const fieldOf = (header: string) => (Object.entries(mapping) as Array<[ContactFormField, string]>).find(([, h]) => h === header)?.[0] ?? '';
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-600">
        <span className="font-medium text-gray-900">{file.name}</span>: {file.rows.length.toLocaleString('en-US')}{' '}
        {file.rows.length === 1 ? 'row' : 'rows'}, {file.headers.length} {file.headers.length === 1 ? 'column' : 'columns'}. Choose the contact
        field each column fills; columns set to “Don’t import” are left out.
      </p>
      {!mapping.email ? (
        <p role="alert" className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <CircleAlert aria-hidden className="size-4 shrink-0" /> {IMPORT_MESSAGES.emailColumnRequired}
        </p>
      ) : null}
      <div className="max-h-[45dvh] overflow-auto rounded-lg border border-gray-200">
        <Table className="min-w-[32rem]">
          <thead className="sticky top-0 z-10">
            <tr>
              <Th>Column in file</Th>
              <Th>Example</Th>
              <Th className="w-52">Contact field</Th>
            </tr>
          </thead>
          <tbody>
            {file.headers.map((header) => (
              <tr key={header}>
                <Td className="font-medium text-gray-900">{header}</Td>
                <Td className="max-w-48 truncate text-gray-500" title={sample(file, header)}>
                  {sample(file, header) || '—'}
                </Td>
                <Td className="py-2">
                  <Select
                    aria-label={`Contact field for column ${header}`}
                    value={fieldOf(header)}
                    onChange={(e) => onChange(assignColumn(mapping, header, e.target.value as ContactFormField | ''))}
                  >
                    <option value="">Don’t import</option>
                    {CONTACT_FORM_FIELDS.map((field) => (
                      <option key={field} value={field}>
                        {CONTACT_FIELD_LABELS[field]}
                        {field === 'email' ? ' (required)' : ''}
                      </option>
                    ))}
                  </Select>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </div>
  );
}
