import { ClipboardPaste, FileUp, Globe, type LucideIcon } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Textarea } from '@web/components/ui/textarea.tsx';
import { cn } from '@web/lib/cn.ts';
import type { SourceMode } from './conversion.ts';

const MODES: ReadonlyArray<{ mode: SourceMode; label: string; icon: LucideIcon }> = [
  { mode: 'paste', label: 'Paste HTML', icon: ClipboardPaste },
  { mode: 'file', label: 'Upload file', icon: FileUp },
  { mode: 'url', label: 'From URL', icon: Globe },
];

export interface ChosenFile {
  readonly name: string;
  readonly size: number;
  readonly text: string;
}

/** The three ways in: paste HTML, upload an .html or .htm file, or give a URL. */
export function SourceInput({
  mode,
  onModeChange,
  pasted,
  onPastedChange,
  file,
  fileInputKey,
  onFile,
  url,
  onUrlChange,
  disabled,
}: {
  mode: SourceMode;
  onModeChange: (mode: SourceMode) => void;
  pasted: string;
  onPastedChange: (html: string) => void;
  file: ChosenFile | null;
  /** Changes when the form is cleared, so the file input forgets its file. */
  fileInputKey: number;
  onFile: (file: File) => void;
  url: string;
  onUrlChange: (url: string) => void;
  disabled: boolean;
}) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onFile(dropped);
  };

  return (
    <div className="space-y-4">
      <div role="group" aria-label="Source" className="grid grid-cols-3 gap-1 rounded-lg bg-gray-100 p-1 sm:inline-grid">
        {MODES.map(({ mode: value, label, icon: Icon }) => (
          <button
            key={value}
            type="button"
            aria-pressed={mode === value}
            onClick={() => onModeChange(value)}
            className={cn(
              'inline-flex items-center justify-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium whitespace-nowrap transition-colors sm:px-3',
              mode === value ? 'bg-white text-gray-900 shadow-sm' : 'text-gray-600 hover:text-gray-900',
            )}
          >
            <Icon aria-hidden className="hidden size-4 shrink-0 sm:block" />
            {label}
          </button>
        ))}
      </div>

      {mode === 'paste' ? (
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-html`}>HTML</Label>
          <Textarea
            id={`${id}-html`}
            rows={14}
            spellCheck={false}
            className="font-mono text-xs leading-5"
            placeholder={'<section class="py-16">\n  <h1>Your headline</h1>\n  <p>Your text</p>\n</section>'}
            value={pasted}
            disabled={disabled}
            onChange={(event) => onPastedChange(event.target.value)}
          />
        </div>
      ) : mode === 'file' ? (
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-file`}>HTML file</Label>
          <div
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cn(
              'flex flex-col items-start gap-3 rounded-lg border-2 border-dashed px-4 py-6 sm:flex-row sm:items-center',
              dragging ? 'border-brand-500 bg-brand-50' : 'border-gray-300 bg-white',
            )}
          >
            <FileUp aria-hidden className="size-8 shrink-0 text-gray-400" />
            <div className="min-w-0 flex-1 space-y-2">
              {/*
               * The native input is only visually hidden (focus and keyboard still reach it); the button
               * below draws its face. Styling the native one cannot hide its own file name everywhere
               * (forced colours paint transparent text), and the line below already names the file.
               */}
              <input
                key={fileInputKey}
                id={`${id}-file`}
                type="file"
                accept=".html,.htm,text/html"
                disabled={disabled}
                aria-describedby={`${id}-file-hint`}
                onChange={(event) => {
                  const chosen = event.target.files?.[0];
                  if (chosen) onFile(chosen);
                }}
                className="peer sr-only"
              />
              {/* A second label of the input: a click opens the file chooser; hidden from screen readers, which hear the input itself. */}
              <label
                htmlFor={`${id}-file`}
                aria-hidden
                className="inline-flex cursor-pointer items-center rounded-md border border-transparent bg-gray-900 px-3 py-1.5 text-sm font-medium text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus-ring peer-disabled:cursor-not-allowed peer-disabled:opacity-50 hover:bg-gray-700"
              >
                Choose file
              </label>
              <p id={`${id}-file-hint`} className="text-sm text-gray-600">
                {file ? (
                  <>
                    <span className="font-medium text-gray-900">{file.name}</span> · {formatSize(file.size)}
                  </>
                ) : (
                  'Choose or drop an .html or .htm file.'
                )}
              </p>
            </div>
          </div>
        </div>
      ) : (
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-url`}>Page address</Label>
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://example.com/landing-page"
            value={url}
            disabled={disabled}
            aria-describedby={`${id}-url-hint`}
            onChange={(event) => onUrlChange(event.target.value)}
          />
          <p id={`${id}-url-hint`} className="text-sm text-gray-600">
            The server fetches the page (public addresses only, up to 5 MB) and its links and images keep pointing to the original site.
          </p>
        </div>
      )}
    </div>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
