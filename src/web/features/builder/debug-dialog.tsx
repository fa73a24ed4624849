import { Copy, Download } from 'lucide-react';
import { useState } from 'react';
import type { PageContent } from '@shared/landing-pages/types.ts';
import { serializeContent } from '@shared/landing-pages/parse-content.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';
import { saveFile } from '@web/lib/download.ts';

/** The raw JSON of the page as it would be saved now (spec 001, 2.3), to copy or download. */
export function DebugDialog({ doc, fileName, open, onClose }: { doc: PageContent; fileName: string; open: boolean; onClose: () => void }) {
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const json = open ? serializeContent(doc) : '';
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title="Debug: page JSON" className="sm:max-w-3xl">
      <div className="mb-3 flex items-center gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={() =>
            navigator.clipboard.writeText(json).then(
              () => setCopied('copied'),
              () => setCopied('failed'),
            )
          }
        >
          <Copy className="size-4" aria-hidden /> Copy
        </Button>
        <Button size="sm" variant="secondary" onClick={() => saveFile(new Blob([json], { type: 'application/json' }), fileName)}>
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
