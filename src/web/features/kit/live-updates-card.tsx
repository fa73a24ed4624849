import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Radio } from 'lucide-react';
import { KIT_WEBHOOK_PATHS, liveUpdatesStateSchema, type LiveUpdatesState } from '@shared/kit/webhooks.ts';
import { Button } from '@web/components/ui/button.tsx';
import { DateText } from '@web/components/ui/date-text.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { apiParsed } from '@web/lib/api.ts';
import { notifyError, notifySuccess } from '@web/lib/notify.tsx';
import { queryKeys } from '@web/lib/query-keys.ts';
import { KitCard, LoadError, Loading } from './kit-card.tsx';

const LIVE_UPDATES_KEY = [...queryKeys.kit.all, 'live-updates'] as const;
const CONFIRM_OFF = 'Turn live updates off? Kit stops telling the CRM about unsubscribes, bounces and tags at once; the hourly reconciliation pass still catches up.';

function useLiveUpdates() {
  return useQuery({ queryKey: LIVE_UPDATES_KEY, queryFn: () => apiParsed(liveUpdatesStateSchema, 'GET', KIT_WEBHOOK_PATHS.liveUpdates), refetchInterval: 30_000 });
}

function useSwitchLiveUpdates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => apiParsed(liveUpdatesStateSchema, on ? 'PUT' : 'DELETE', KIT_WEBHOOK_PATHS.liveUpdates),
    onSuccess: (state) => client.setQueryData(LIVE_UPDATES_KEY, state),
  });
}

/**
 * Live updates: Kit tells the CRM at once when someone subscribes, unsubscribes, bounces, complains
 * or gets a tag. Possible only where Kit can reach the CRM (a public https PUBLIC_URL); the card says
 * so otherwise.
 */
export function LiveUpdatesCard() {
  const state = useLiveUpdates();
  const change = useSwitchLiveUpdates();
  const turn = (on: boolean) => {
    if (!on && !window.confirm(CONFIRM_OFF)) return;
    change.mutate(on, {
      onSuccess: () => notifySuccess(on ? 'Live updates are on: Kit now tells the CRM of every change.' : 'Live updates are off.'),
      onError: (error) => notifyError(on ? 'Could not turn live updates on.' : 'Could not turn live updates off.', error),
    });
  };
  return (
    <KitCard
      title="Live updates"
      icon={Radio}
      description="Kit tells the CRM at once when a subscriber is added, confirms, unsubscribes, bounces, complains or gets a tag."
    >
      {state.isPending ? (
        <Loading text="Loading live updates..." />
      ) : state.isError ? (
        <LoadError message={state.error.message} onRetry={() => void state.refetch()} />
      ) : (
        <LiveUpdatesBody state={state.data} busy={change.isPending} onTurn={turn} />
      )}
    </KitCard>
  );
}

function LiveUpdatesBody({ state, busy, onTurn }: { state: LiveUpdatesState; busy: boolean; onTurn: (on: boolean) => void }) {
  if (!state.enabled && !state.available) {
    return (
      <p role="note" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        {state.unavailable_reason}
      </p>
    );
  }
  if (!state.enabled) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-gray-700">Off. The hourly reconciliation pass keeps Kit states right within the hour.</p>
        <Button onClick={() => onTurn(true)} disabled={busy}>
          {busy ? <Spinner className="size-4" /> : null} Turn on live updates
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-gray-600">Status</dt>
          <dd className="font-medium text-emerald-700">On since {state.enabled_at ? <DateText value={state.enabled_at} format="datetime" /> : '—'}</dd>
        </div>
        <div>
          <dt className="text-gray-600">Last delivery from Kit</dt>
          <dd className="text-gray-900">{state.last_received_at ? <DateText value={state.last_received_at} format="datetime" /> : 'None yet'}</dd>
        </div>
        <div>
          <dt className="text-gray-600">Events applied (24 hours)</dt>
          <dd className="text-gray-900 tabular-nums">{state.applied_last_day.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt className="text-gray-600">Waiting to be applied</dt>
          <dd className="text-gray-900 tabular-nums">{state.pending.toLocaleString('en-US')}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-gray-600">Kit posts to</dt>
          <dd className="truncate font-mono text-xs text-gray-800" title={state.url ?? ''}>
            {state.url}
          </dd>
        </div>
      </dl>
      <Button variant="secondary" onClick={() => onTurn(false)} disabled={busy}>
        {busy ? <Spinner className="size-4" /> : null} Turn off live updates
      </Button>
    </div>
  );
}
