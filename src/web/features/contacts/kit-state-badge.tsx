import { Ban } from 'lucide-react';
import { isFinalKitState, KIT_STATE_LABELS, type KitSubscriberState } from '@shared/kit/subscriber-state.ts';
import { Badge } from '@web/components/ui/badge.tsx';

const TONES: Record<KitSubscriberState, 'green' | 'amber' | 'red'> = {
  active: 'green',
  inactive: 'amber',
  cancelled: 'red',
  bounced: 'red',
  complained: 'red',
};

/**
 * Kit's state of a contact as its label. States no sync may reverse (unsubscribed, bounced, complained)
 * also carry a "no entry" icon, so they stand out without relying on colour.
 */
export function KitStateBadge({ state }: { state: KitSubscriberState | null }) {
  if (state === null) return <span className="text-gray-400">—</span>;
  const final = isFinalKitState(state);
  return (
    <Badge tone={TONES[state]} data-kit-state={state} data-final={final || undefined} title={KIT_STATE_LABELS[state]}>
      {final ? <Ban aria-hidden className="size-3 shrink-0" /> : null}
      {KIT_STATE_LABELS[state]}
    </Badge>
  );
}
