import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import type { LeadCampaign } from '../../shared/leads/campaigns.ts';

/*
 * What other features may use of the metrics (eslint lets them import this file only): counters they
 * increment where things happen. An increment is all they cost: no I/O, no await.
 */

/** The process's own metrics: counters bumped anywhere in it, and Node's (event loop lag, memory, …). */
export const processMetrics = new Registry();

let defaultsCollected = false;
/** Node's runtime metrics, measured only once an endpoint can be scraped (the event loop monitor samples). */
export function collectRuntimeMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: processMetrics, prefix: 'mycrm_' });
}

const signups = new Counter({
  name: 'mycrm_signups_total',
  help: 'Public sign-ups stored, by form (a filled honeypot is not one).',
  labelNames: ['form'] as const,
  registers: [processMetrics],
});

export type SignupForm = LeadCampaign | 'landing_page';

export function countSignup(form: SignupForm): void {
  signups.inc({ form });
}

const kitSyncs = new Counter({
  name: 'mycrm_kit_syncs_total',
  help: "Syncs to Kit this instance's worker ended, by outcome.",
  labelNames: ['outcome'] as const,
  registers: [processMetrics],
});

/**
 * done: Kit has the contact; retry: failed, queued again after a back-off; failed: given up;
 * waiting_for_key: Kit refused the key, the job waits for a new one; handed_back: the worker stopped.
 */
export type KitSyncOutcome = 'done' | 'retry' | 'failed' | 'waiting_for_key' | 'handed_back';

export function countKitSync(outcome: KitSyncOutcome): void {
  kitSyncs.inc({ outcome });
}
