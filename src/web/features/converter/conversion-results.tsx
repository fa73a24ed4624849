import { AlertTriangle, Download, FilePlus2, Scissors } from 'lucide-react';
import { useMemo } from 'react';
import { CONVERTER_MESSAGES } from '@shared/landing-pages/converter/messages.ts';
import { serializeContent } from '@shared/landing-pages/parse-content.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { summaryRows, type Converted } from './conversion.ts';

/** Rows the summary shows; a page of thousands of components is summed up, not drawn row by row. */
const SUMMARY_LIMIT = 500;
/** Characters of JSON the preview shows; the download holds all of it. */
const PREVIEW_LIMIT = 100_000;

/** The converted page: a summary of every component, the JSON, and what to do with it. */
export function ConversionResults({
  converted,
  onDownload,
  onCreate,
  creating,
}: {
  converted: Converted;
  onDownload: (json: string) => void;
  onCreate: () => void;
  creating: boolean;
}) {
  const json = useMemo(() => serializeContent(converted.sections), [converted.sections]);
  const { rows, total } = useMemo(() => summaryRows(converted.sections, SUMMARY_LIMIT), [converted.sections]);
  const sectionCount = converted.sections.length;

  return (
    <Card role="region" aria-labelledby="conversion-results">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <CardTitle id="conversion-results">Results</CardTitle>
          <p className="mt-1 text-sm text-gray-600" role="status">
            {sectionCount === 1 ? 'Successfully converted 1 section' : CONVERTER_MESSAGES.builderSuccess(sectionCount)} · {total - sectionCount} components
            {converted.cuts.length > 0 ? ` · ${CONVERTER_MESSAGES.notAllConverted}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => onDownload(json)}>
            <Download aria-hidden /> Download JSON
          </Button>
          <Button onClick={onCreate} disabled={creating}>
            {creating ? <Spinner className="size-4 text-white" /> : <FilePlus2 aria-hidden />} Create landing page
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-6">
        {converted.cuts.length > 0 ? (
          <section aria-labelledby="conversion-cuts" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
            <h3 id="conversion-cuts" className="flex items-center gap-2 font-semibold">
              <Scissors aria-hidden className="size-4" /> {CONVERTER_MESSAGES.notAllConverted}
            </h3>
            <ul className="mt-2 list-disc space-y-1 pl-6">
              {converted.cuts.map((cut) => (
                <li key={cut}>{cut}</li>
              ))}
            </ul>
          </section>
        ) : null}

        {converted.warnings.length > 0 ? (
          <section aria-labelledby="conversion-notes" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            <h3 id="conversion-notes" className="flex items-center gap-2 font-medium">
              <AlertTriangle aria-hidden className="size-4" /> Converted with notes
            </h3>
            <ul className="mt-2 list-disc space-y-1 pl-6">
              {converted.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          </section>
        ) : null}

        <div className="space-y-2">
          <h3 id="summary-heading" className="text-sm font-semibold text-gray-900">
            Summary
          </h3>
          {/* Scrolls on small screens: focusable so a keyboard can scroll it too. */}
          <div className="max-h-[28rem] overflow-auto rounded-lg border border-gray-200" tabIndex={0} role="region" aria-label="Converted components">
            <table className="w-full min-w-[48rem] table-fixed text-left text-sm">
              <colgroup>
                <col className="w-44" />
                <col className="w-48" />
                <col />
                <col className="w-56" />
                <col className="w-24" />
              </colgroup>
              <thead className="sticky top-0 bg-gray-50 text-xs font-medium tracking-wide text-gray-600 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">Type</th>
                  <th scope="col" className="px-3 py-2">ID</th>
                  <th scope="col" className="px-3 py-2">Text</th>
                  <th scope="col" className="px-3 py-2">Tailwind classes</th>
                  <th scope="col" className="px-3 py-2 text-right">Children</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {rows.map((row) => (
                  <tr key={row.id} className={row.depth === 0 ? 'bg-gray-50/60' : undefined}>
                    <td className="truncate px-3 py-1.5" style={{ paddingLeft: `${0.75 + row.depth}rem` }}>
                      <span className={row.depth === 0 ? 'font-semibold text-gray-900' : 'text-gray-800'}>{row.type}</span>
                    </td>
                    <td className="truncate px-3 py-1.5 font-mono text-xs text-gray-600" title={row.id}>
                      {row.id}
                    </td>
                    <td className="truncate px-3 py-1.5 text-gray-800" title={row.text}>
                      {row.text}
                    </td>
                    <td className="truncate px-3 py-1.5 font-mono text-xs text-gray-600" title={row.classes}>
                      {row.classes}
                    </td>
                    <td className="px-3 py-1.5 text-right tabular-nums text-gray-800">{row.children}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {total > rows.length ? (
            <p className="text-sm text-gray-600">
              Showing the first {rows.length} of {total} entries; the JSON holds them all.
            </p>
          ) : null}
        </div>

        <div className="space-y-2">
          <h3 id="json-heading" className="text-sm font-semibold text-gray-900">
            JSON preview
          </h3>
          <pre
            tabIndex={0}
            aria-labelledby="json-heading"
            className="max-h-[28rem] overflow-auto rounded-lg bg-gray-900 p-4 font-mono text-xs leading-5 text-gray-100"
          >
            {json.length > PREVIEW_LIMIT ? `${json.slice(0, PREVIEW_LIMIT)}\n…` : json}
          </pre>
          {json.length > PREVIEW_LIMIT ? (
            <p className="text-sm text-gray-600">
              The preview shows the first {PREVIEW_LIMIT.toLocaleString('en')} of {json.length.toLocaleString('en')} characters; the download holds all of it.
            </p>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
