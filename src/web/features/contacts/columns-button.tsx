import { Columns3 } from 'lucide-react';
import { Button } from '@web/components/ui/button.tsx';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { Popover } from '@web/components/ui/popover.tsx';
import { COLUMN_LABELS, OPTIONAL_COLUMNS, type ContactColumn } from './contact-columns.ts';

/** The Columns button and its panel: one checkbox per optional column of the table. */
export function ColumnsButton({ columns, onToggle }: { columns: readonly ContactColumn[]; onToggle: (column: ContactColumn) => void }) {
  return (
    <Popover
      label="Columns"
      align="end"
      className="w-56"
      trigger={
        <Button variant="secondary">
          <Columns3 aria-hidden /> Columns
        </Button>
      }
    >
      <fieldset className="space-y-3">
        <legend className="mb-3 text-sm font-semibold text-gray-900">Show columns</legend>
        {OPTIONAL_COLUMNS.map((column) => (
          <Checkbox key={column} label={COLUMN_LABELS[column]} checked={columns.includes(column)} onChange={() => onToggle(column)} />
        ))}
      </fieldset>
    </Popover>
  );
}
