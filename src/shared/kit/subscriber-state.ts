/**
 * A contact's state in Kit, as Kit reports it (an import, a webhook event, a reconciliation pass or
 * a sync's answer). The CRM never decides it: it only records what Kit said and when.
 */

export const KIT_SUBSCRIBER_STATES = ['active', 'inactive', 'cancelled', 'bounced', 'complained'] as const;
export type KitSubscriberState = (typeof KIT_SUBSCRIBER_STATES)[number];

/** What the screens call each state. */
export const KIT_STATE_LABELS: Record<KitSubscriberState, string> = {
  active: 'Subscribed',
  inactive: 'Waiting for confirmation',
  cancelled: 'Unsubscribed',
  bounced: 'Bounced',
  complained: 'Complained',
};

/** States a sync must never turn back into a subscription: the person left, or their address fails. */
export const KIT_FINAL_STATES: readonly KitSubscriberState[] = ['cancelled', 'bounced', 'complained'];
export const isFinalKitState = (state: KitSubscriberState | null): boolean => state !== null && KIT_FINAL_STATES.includes(state);

/** How the CRM learnt of a state. */
export const KIT_STATE_SOURCES = ['import', 'webhook', 'reconciliation', 'sync'] as const;
export type KitStateSource = (typeof KIT_STATE_SOURCES)[number];
