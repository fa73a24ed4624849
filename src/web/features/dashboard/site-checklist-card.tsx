import { CircleCheck, ListChecks, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import type { SiteChecklistResponse } from '@shared/dashboard/api.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { useSiteChecklist } from './dashboard-api.ts';

/** How many findings show before 'Show all': enough to see the kinds, short enough to keep the dashboard a dashboard. */
const FIRST_ITEMS = 5;

/** The owner checklist: each sample value the public site still shows, with the file and field to change. */
export function SiteChecklistCard() {
  const checklist = useSiteChecklist();
  const titleId = useId();
  return (
    <Card className="overflow-hidden">
      <section aria-labelledby={titleId}>
        <CardHeader className="flex items-center gap-3">
          <ListChecks aria-hidden className="size-5 shrink-0 text-brand-600" />
          <CardTitle id={titleId}>Public site checklist</CardTitle>
        </CardHeader>
        {checklist.isPending ? (
          <div className="space-y-3 p-6" role="status" aria-label="Loading the public site checklist">
            {[0, 1].map((i) => (
              <div key={i} className="h-5 animate-pulse rounded bg-gray-100" />
            ))}
          </div>
        ) : checklist.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 px-6 py-5 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-red-700">The checklist could not be loaded.</p>
            <Button variant="secondary" size="sm" onClick={() => void checklist.refetch()}>
              <RefreshCw aria-hidden /> Try again
            </Button>
          </div>
        ) : checklist.data.items.length === 0 ? (
          <p className="flex items-center gap-2 px-6 py-5 text-sm text-gray-700">
            <CircleCheck aria-hidden className="size-5 text-emerald-600" />
            Your public site shows none of the sample content. Nothing left to replace.
          </p>
        ) : (
          <Findings items={checklist.data.items} />
        )}
      </section>
    </Card>
  );
}

function Findings({ items }: { items: SiteChecklistResponse['items'] }) {
  const [showAll, setShowAll] = useState(false);
  const listId = useId();
  const shown = showAll ? items : items.slice(0, FIRST_ITEMS);
  return (
    <div className="px-6 py-5">
      <p className="text-sm text-gray-700">
        {items.length === 1 ? 'One sample value is' : `${items.length} sample values are`} still live on your public site. Change each in the
        file named, then run <code className="rounded bg-gray-100 px-1 py-0.5 text-xs">npm run build</code> and restart.
      </p>
      <ul id={listId} className="mt-4 divide-y divide-gray-100 rounded-lg border border-gray-200">
        {shown.map((item) => (
          <li key={`${item.file} ${item.path}`} className="min-w-0 px-4 py-3 text-sm">
            <p className="font-medium text-gray-900">{item.problem}</p>
            <p className="mt-1 truncate text-gray-700" title={item.value}>
              <span className="sr-only">Value: </span>
              {item.value}
            </p>
            <p className="mt-1 text-xs break-words text-gray-600">
              <span className="sr-only">Change it in </span>
              <code>{item.file}</code> <span aria-hidden>→</span>
              <span className="sr-only">, field </span> <code>{item.path}</code>
            </p>
          </li>
        ))}
      </ul>
      {items.length > FIRST_ITEMS ? (
        <Button variant="ghost" size="sm" className="mt-3" aria-expanded={showAll} aria-controls={listId} onClick={() => setShowAll((v) => !v)}>
          {showAll ? 'Show fewer' : `Show all ${items.length}`}
        </Button>
      ) : null}
    </div>
  );
}
