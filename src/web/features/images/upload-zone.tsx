import { CheckCircle2, ImageUp, XCircle } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { IMAGE_MIMES } from '@shared/images/constants.ts';
import { Button } from '@web/components/ui/button.tsx';
import { ProgressBar } from '@web/components/ui/progress.tsx';
import { cn } from '@web/lib/cn.ts';
import type { UploadItem } from './use-upload-queue.ts';

/** Drag and drop (or choose) images; each file's upload shows its own progress. */
export function UploadZone({ items, onFiles, onClearFinished }: { items: UploadItem[]; onFiles: (files: File[]) => void; onClearFinished: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

  const onDrop = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    onFiles([...event.dataTransfer.files]);
  };
  const finished = items.some((item) => item.status === 'done' || item.status === 'failed');

  return (
    <div className="space-y-3">
      <div
        data-testid="upload-drop-zone"
        onDragEnter={(event) => hasFiles(event) && setDragging(true)}
        onDragOver={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors',
          dragging ? 'border-brand-500 bg-brand-50' : 'border-gray-300 bg-gray-50',
        )}
      >
        <ImageUp aria-hidden className="size-8 text-gray-500" />
        <p className="text-sm font-medium text-gray-800">Drag and drop images here</p>
        <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
          Choose images
        </Button>
        <p className="text-xs text-gray-600">JPG, PNG, GIF or WebP, up to 5MB each. Images over 1MB are resized to 1920 px.</p>
        <input
          ref={input}
          type="file"
          multiple
          accept={IMAGE_MIMES.join(',')}
          className="hidden"
          aria-label="Choose images to upload"
          onChange={(event) => {
            onFiles([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </div>

      {items.length ? (
        <div>
          <div className="mb-1 flex items-center justify-between">
            <h3 className="text-sm font-medium text-gray-800">Uploads</h3>
            {finished ? (
              <Button variant="ghost" size="sm" onClick={onClearFinished}>
                Clear finished
              </Button>
            ) : null}
          </div>
          <ul className="space-y-2" aria-label="Uploads">
            {items.map((item) => (
              <UploadRow key={item.key} item={item} />
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function UploadRow({ item }: { item: UploadItem }) {
  const percent = Math.round(item.progress * 100);
  return (
    <li className="rounded-lg border border-gray-200 px-3 py-2 text-sm">
      <div className="flex items-center gap-2">
        {item.status === 'done' ? <CheckCircle2 aria-hidden className="size-4 shrink-0 text-emerald-600" /> : null}
        {item.status === 'failed' ? <XCircle aria-hidden className="size-4 shrink-0 text-red-600" /> : null}
        <span className="min-w-0 flex-1 truncate font-medium text-gray-800">{item.name}</span>
        <span className="shrink-0 text-xs text-gray-600">
          {item.status === 'done' ? 'Uploaded' : item.status === 'failed' ? 'Failed' : item.status === 'waiting' ? 'Waiting' : percent === 100 ? 'Processing...' : `${percent}%`}
        </span>
      </div>
      {item.status === 'uploading' || item.status === 'waiting' ? (
        <ProgressBar className="mt-2" value={item.progress * 100} max={100} label={`Uploading ${item.name}`} />
      ) : null}
      {item.error ? <p className="mt-1 text-xs text-red-700">{item.error}</p> : null}
    </li>
  );
}
