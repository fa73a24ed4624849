import { Copy, Download } from 'lucide-react';
import { useState } from 'react';
import type { PageContent } from '@shared/landing-pages/types.ts';
import { serializeContent } from '@shared/landing-pages/parse-content.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';
import { saveFile } from '@web/lib/download.ts';
import { useStoredPage } from './builder-api.ts';

type Source = 'editor' | 'database';

/**
 * The raw JSON of the page, to copy or download: as it would be saved now, or as the
 * database holds it with its title, slug and time of the last save, read when the dialog opens.
 */
export function DebugDialog({ doc, pageId, fileName, open, onClose }: { doc: PageContent; pageId: string; fileName: string; open: boolean; onClose: () => void }) {
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const [source, setSource] = useState<Source>('editor');
  const stored = useStoredPage(pageId, open);
  const json = !open ? '' : source === 'editor' ? serializeContent(doc) : (stored.data?.content ?? '');
  const choose = (next: Source) => {
    setSource(next);
    setCopied(null);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title="Debug: page JSON" className="sm:max-w-3xl">
      <p role="status" className="mb-3 text-sm text-gray-700">
        {stored.data
          ? `In the database: ${stored.data.title} · /lp/${stored.data.slug} · last saved ${stored.data.updated_at.toLocaleString()}`
          : stored.isError
            ? `The stored page could not be read: ${stored.error.message}`
            : 'Reading the stored page…'}
      </p>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <div role="group" aria-label="Show the JSON" className="inline-flex rounded-lg border border-gray-300 p-0.5">
          {(['editor', 'database'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={source === option}
              onClick={() => choose(option)}
              className="rounded-md px-3 py-1 text-sm text-gray-700 aria-pressed:bg-gray-900 aria-pressed:text-white"
            >
              {option === 'editor' ? 'In the editor' : 'In the database'}
            </button>
          ))}
        </div>
        <Button
          size="sm"
          variant="secondary"
          disabled={json === ''}
          onClick={() =>
            navigator.clipboard.writeText(json).then(
              () => setCopied('copied'),
              () => setCopied('failed'),
            )
          }
        >
          <Copy className="size-4" aria-hidden /> Copy
        </Button>
        <Button size="sm" variant="secondary" disabled={json === ''} onClick={() => saveFile(new Blob([json], { type: 'application/json' }), fileName)}>
          <Download className="size-4" aria-hidden /> Download
        </Button>
        <span role="status" className="text-sm text-gray-700">
          {copied === 'copied' ? 'Copied to the clipboard' : copied === 'failed' ? 'The browser refused to copy' : ''}
        </span>
      </div>
      <pre tabIndex={0} aria-label="Page JSON" className="max-h-[60vh] overflow-auto rounded-lg bg-gray-900 p-4 font-mono text-xs text-gray-100">
        {json}
      </pre>
    </Dialog>
  );
}
