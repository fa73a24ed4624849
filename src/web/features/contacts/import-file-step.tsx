import { CircleAlert, FileUp } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { IMPORT_MAX_ROWS } from '@shared/contacts/csv.ts';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { cn } from '@web/lib/cn.ts';
import { readCsvFile, type CsvFile } from './csv-file.ts';

/** Step 1: pick (or drop) a .csv file; it is read here in the browser, nothing is sent yet. */
export function ImportFileStep({ onRead }: { onRead: (file: CsvFile) => void }) {
  const inputId = useId();
  const [reading, setReading] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);

  const read = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    const result = await readCsvFile(file);
    setReading(false);
    if (result.ok) onRead(result.file);
    else setProblems([`${file.name}:`, ...result.problems]);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void read(event.dataTransfer.files[0]);
  };

  return (
    <div className="space-y-4">
      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors',
          dragging ? 'border-brand-500 bg-brand-50' : 'border-gray-300 hover:border-brand-500 hover:bg-gray-50',
        )}
      >
        {reading ? <Spinner className="size-8" /> : <FileUp aria-hidden className="size-8 text-brand-600" />}
        <span className="text-sm font-semibold text-gray-900">{reading ? 'Reading the file...' : 'Choose a CSV file'}</span>
        <span className="text-sm text-gray-600">or drop it here</span>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          disabled={reading}
          onChange={(e) => {
            void read(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
      <p className="text-sm text-gray-600">
        The first row holds the column names; you match them to contact fields in the next step. Up to{' '}
        {IMPORT_MAX_ROWS.toLocaleString('en-US')} rows per file. Tags must already exist on the Tags page; separate several with “;”.
      </p>
      {problems.length > 0 ? (
        <div role="alert" className="flex gap-2 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <div className="min-w-0 space-y-1">
            <p className="font-medium break-all">{problems[0]}</p>
            <p>{problems[1]}</p>
            {problems.length > 2 ? (
              <ul className="list-disc space-y-0.5 pl-5">
                {problems.slice(2).map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
