import type { UseQueryResult } from '@tanstack/react-query';
import { PlugZap, Unplug } from 'lucide-react';
import { Button } from '@web/components/ui/button.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { ConnectionLine } from './connection-line.tsx';
import type { ConnectionResult } from '@shared/kit/api.ts';
import { KitCard, LoadError, Loading } from './kit-card.tsx';

/** The saved key's connection to Kit, tested when the screen opens and on demand. */
export function ConnectionCard({ configured, connection }: { configured: boolean; connection: UseQueryResult<ConnectionResult> }) {
  return (
    <KitCard
      title="Connection"
      icon={configured && connection.data?.ok ? PlugZap : Unplug}
      description="Whether Kit accepts the saved API key."
      actions={
        configured ? (
          <Button variant="secondary" size="sm" disabled={connection.isFetching} onClick={() => void connection.refetch()}>
            {connection.isFetching ? <Spinner className="size-4" /> : <PlugZap aria-hidden />} Test Connection
          </Button>
        ) : null
      }
    >
      {!configured ? (
        <p className="text-sm text-gray-600">Not connected: no API key is saved.</p>
      ) : connection.isPending ? (
        <Loading text="Testing the connection..." />
      ) : connection.isError ? (
        <LoadError message={connection.error.message} onRetry={() => void connection.refetch()} />
      ) : (
        <ConnectionLine result={connection.data} />
      )}
    </KitCard>
  );
}
