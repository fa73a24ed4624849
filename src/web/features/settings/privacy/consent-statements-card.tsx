import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import type { ConsentStatement } from '@shared/privacy/consent.ts';
import { SIGNUP_KIND_LABELS, SIGNUP_KINDS } from '@shared/privacy/sources.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { DateText } from '@web/components/ui/date-text.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useStatements } from './consent-api.ts';
import { StatementDialog } from './statement-dialog.tsx';

/**
 * The statement each kind of form shows beside its button, in both languages: the current version
 * with its date, Edit (which adds a version), and the earlier versions, kept for the records that
 * point at them.
 */
export function ConsentStatementsCard() {
  const statements = useStatements();
  const [editing, setEditing] = useState<ConsentStatement | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Consent statements</CardTitle>
        <p className="mt-1 text-sm text-gray-600">What each form shows next to its button. Every sign-up records the version it showed.</p>
      </CardHeader>
      {statements.isPending ? (
        <div role="status" className="flex items-center justify-center gap-2 px-6 py-10 text-sm text-gray-600">
          <Spinner className="size-5" /> Loading statements...
        </div>
      ) : statements.isError ? (
        <div role="alert" className="flex flex-col items-center gap-4 px-6 py-10 text-center">
          <p className="text-sm text-red-700">The consent statements could not be loaded.</p>
          <Button variant="secondary" onClick={() => statements.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </div>
      ) : (
        <ul className="divide-y divide-gray-200">
          {SIGNUP_KINDS.map((kind) => {
            const versions = statements.data.filter((s) => s.kind === kind);
            const current = versions[0];
            return (
              <li key={kind} className="space-y-3 px-6 py-5" aria-labelledby={`statement-${kind}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 id={`statement-${kind}`} className="font-medium text-gray-900">
                    {SIGNUP_KIND_LABELS[kind]}
                    {current ? (
                      <span className="ml-2 text-sm font-normal text-gray-600">
                        version {current.version}, <DateText value={current.created_at} />
                      </span>
                    ) : null}
                  </h3>
                  {current ? (
                    <Button variant="secondary" size="sm" onClick={() => setEditing(current)} aria-label={`Edit the ${SIGNUP_KIND_LABELS[kind]} statement`}>
                      Edit
                    </Button>
                  ) : null}
                </div>
                {current ? (
                  <dl className="grid gap-2 text-sm sm:grid-cols-[6rem_1fr]">
                    <dt className="text-gray-600">English</dt>
                    <dd>{current.text_en}</dd>
                    <dt className="text-gray-600">German</dt>
                    <dd lang="de">{current.text_de}</dd>
                  </dl>
                ) : (
                  <p className="text-sm text-red-700">No statement yet: forms of this kind cannot be published.</p>
                )}
                {versions.length > 1 ? (
                  <details className="text-sm">
                    <summary className="cursor-pointer text-gray-700">Earlier versions ({versions.length - 1})</summary>
                    <ol className="mt-2 space-y-2">
                      {versions.slice(1).map((v) => (
                        <li key={v.id} className="rounded-md bg-gray-50 p-3">
                          <p className="font-medium">
                            Version {v.version}, <DateText value={v.created_at} />
                          </p>
                          <p className="mt-1">{v.text_en}</p>
                          <p className="mt-1" lang="de">
                            {v.text_de}
                          </p>
                        </li>
                      ))}
                    </ol>
                  </details>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {editing ? <StatementDialog statement={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
