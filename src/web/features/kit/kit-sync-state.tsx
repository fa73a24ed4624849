import { KIT_MESSAGES } from '@shared/kit/messages.ts';
import { cn } from '@web/lib/cn.ts';
import { formatDateTime, formatShortMoment } from './format.ts';
import type { KitSyncState as SyncState } from '@shared/kit/api.ts';
import { useKitSyncState } from './use-sync-state.ts';

/**
 * The contacts table's Kit column: the contact's Kit subscriber id and where its sync stands
 * (never synced, queued, syncing, waiting for a working key, synced at …, failed with the reason). The states of the rows on
 * screen arrive in one request (use-sync-state.ts).
 */
export function KitSyncState({ contact }: { contact: { id: string; kit_id: number | null } }) {
  const query = useKitSyncState(contact.id);
  return (
    <div className="min-w-0 space-y-1 text-sm">
      <div className={cn('font-mono text-xs', contact.kit_id === null ? 'text-gray-400' : 'text-gray-900')}>
        {contact.kit_id === null ? (
          <>
            <span aria-hidden>—</span>
            <span className="sr-only">No Kit ID</span>
          </>
        ) : (
          contact.kit_id
        )}
      </div>
      {query.isPending ? (
        <span className="sr-only">Loading sync state...</span>
      ) : query.isError ? (
        <p className="truncate text-xs text-gray-600">Sync state unavailable</p>
      ) : (
        <StateLine state={query.data} />
      )}
    </div>
  );
}

function StateLine({ state }: { state: SyncState }) {
  switch (state.state) {
    case 'never':
      return <Line className="text-gray-600" text="Never synced" />;
    case 'queued':
      return state.error ? (
        <Line className="text-amber-700" text="Queued (retrying)" detail={`Queued, retrying after: ${state.error}`} />
      ) : (
        <Line className="text-amber-700" text="Queued" />
      );
    case 'running':
      return <Line className="text-brand-700" text="Syncing..." />;
    case 'waiting':
      return <Line className="text-amber-700" text={KIT_MESSAGES.waitingForKey} detail={`${KIT_MESSAGES.waitingForKey}. Kit answered: ${state.error || 'Unknown error'}`} />;
    case 'synced':
      return state.last_synced_at ? (
        <Line
          className="text-emerald-700"
          text={`Synced ${formatShortMoment(state.last_synced_at)}`}
          detail={`Synced at ${formatDateTime(state.last_synced_at)}`}
        />
      ) : (
        <Line className="text-emerald-700" text="Synced" />
      );
    case 'failed':
      return <Line className="text-red-700" text={`Failed: ${state.error || 'Unknown error'}`} />;
  }
}

/**
 * One short line, to fit a narrow table cell: the colour and the words say the state; the whole
 * text (and any detail) shows on hover and reaches screen readers.
 */
function Line({ className, text, detail }: { className: string; text: string; detail?: string }) {
  return (
    <p className={cn('truncate text-[11px] leading-4 font-medium', className)} title={detail ?? text}>
      {detail ? (
        <>
          <span aria-hidden>{text}</span>
          <span className="sr-only">{detail}</span>
        </>
      ) : (
        text
      )}
    </p>
  );
}
