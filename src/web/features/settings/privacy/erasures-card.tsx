import { RefreshCw, RotateCcw } from 'lucide-react';
import { ERASURE_LOG_LIMIT } from '@shared/privacy/erasure.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { DateText } from '@web/components/ui/date-text.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { Table, TableScroll, Td, Th } from '@web/components/ui/table.tsx';
import { notifyError, notifySuccess } from '@web/lib/notify.tsx';
import { useErasureLog, useRetryUnsubscribes } from './privacy-api.ts';

/**
 * The erasure log: how many people were erased, when and by whom (no personal data is kept), and
 * the unsubscribes Kit still has to confirm.
 */
export function ErasuresCard() {
  const log = useErasureLog();
  const retry = useRetryUnsubscribes();
  const kit = log.data?.kit_unsubscribes;

  return (
    <Card>
      <CardHeader>
        <CardTitle id="erasures-title">Erasures</CardTitle>
        <p className="mt-1 text-sm text-gray-600">
          Erase a person from their contact page, or several from the contacts list. Only the date, who erased, and a code that cannot be turned back into the email remain.
        </p>
      </CardHeader>
      {log.isPending ? (
        <div role="status" className="flex items-center justify-center gap-2 px-6 py-8 text-sm text-gray-600">
          <Spinner className="size-5" /> Loading erasures...
        </div>
      ) : log.isError ? (
        <div role="alert" className="flex flex-col items-center gap-4 px-6 py-8 text-center">
          <p className="text-sm text-red-700">Failed to load the erasures. Please try again.</p>
          <Button variant="secondary" onClick={() => log.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </div>
      ) : (
        <CardContent className="space-y-4">
          <p className="text-sm text-gray-800">
            {log.data.total === 0 ? 'Nobody has been erased.' : `${log.data.total.toLocaleString('en-US')} ${log.data.total === 1 ? 'person' : 'people'} erased.`}{' '}
            {kit!.waiting > 0 ? `Kit unsubscribes waiting: ${kit!.waiting}.` : null} {kit!.failed > 0 ? `Kit unsubscribes failed: ${kit!.failed}.` : null}
          </p>
          {kit!.failed > 0 ? (
            <Button
              variant="secondary"
              size="sm"
              disabled={retry.isPending}
              onClick={() =>
                retry.mutate(undefined, {
                  onSuccess: (n) => notifySuccess(`${n} Kit ${n === 1 ? 'unsubscribe' : 'unsubscribes'} queued again.`),
                  onError: (error) => notifyError('The unsubscribes could not be queued again.', error),
                })
              }
            >
              {retry.isPending ? <Spinner className="size-4" /> : <RotateCcw aria-hidden />} Try the failed unsubscribes again
            </Button>
          ) : null}
          {log.data.erasures.length > 0 ? (
            <TableScroll label="Erasures">
              <Table aria-labelledby="erasures-title">
                <thead>
                  <tr>
                    <Th>When</Th>
                    <Th>By</Th>
                  </tr>
                </thead>
                <tbody>
                  {log.data.erasures.map((erasure) => (
                    <tr key={erasure.id}>
                      <Td className="whitespace-nowrap">
                        <DateText value={erasure.erased_at} format="datetime" />
                      </Td>
                      <Td>{erasure.erased_by ?? 'The retention rule, or a removed user'}</Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
          ) : null}
          {log.data.total > ERASURE_LOG_LIMIT ? <p className="text-sm text-gray-600">The newest {ERASURE_LOG_LIMIT} are listed.</p> : null}
        </CardContent>
      )}
    </Card>
  );
}
