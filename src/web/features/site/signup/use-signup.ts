import { useCallback, useState } from 'react';
import { LEAD_HONEYPOT_FIELD, type LeadFormValues } from '@shared/leads/form.ts';
// Types only: the public pages do not load zod.
import type { LeadSignupResponse, LeadSyncState } from '@shared/leads/schema.ts';
import { ApiError, get, post } from '@web/lib/api.ts';
import { trackPixel } from '@web/features/site/consent/meta-pixel.ts';
import { urlParametersForSignup } from './url-parameters.ts';

/** idle → submitting → syncing (only when a sync to Kit was queued) → success (spec 002, section 4). */
export type SignupPhase = 'idle' | 'submitting' | 'syncing' | 'success';
export type SignupEndpoint = 'waiting-list' | 'webinar';

// How long the form waits to see the new subscriber in Kit. The queue retries on its own; a sign-up
// never fails because Kit is slow or down.
const SYNC_POLLS = 5;
const SYNC_POLL_MS = 600;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForKit(submissionId: string): Promise<void> {
  for (let i = 0; i < SYNC_POLLS; i++) {
    await sleep(SYNC_POLL_MS);
    try {
      if ((await get<LeadSyncState>(`/api/public/leads/${submissionId}/sync`)).synced) return;
    } catch {
      return;
    }
  }
}

export function useSignup(endpoint: SignupEndpoint) {
  const [phase, setPhase] = useState<SignupPhase>('idle');
  const [errorCode, setErrorCode] = useState<string | null>(null);

  const submit = useCallback(
    async (values: LeadFormValues, honeypot: string): Promise<boolean> => {
      setErrorCode(null);
      setPhase('submitting');
      try {
        const result = await post<LeadSignupResponse>(`/api/public/leads/${endpoint}`, {
          ...values,
          url_parameters: urlParametersForSignup(),
          page: window.location.pathname,
          [LEAD_HONEYPOT_FIELD]: honeypot,
        });
        if (result.kit_sync_queued) {
          setPhase('syncing');
          await waitForKit(result.submission_id);
        }
        trackPixel('Lead', { content_name: endpoint });
        setPhase('success');
        return true;
      } catch (error) {
        setErrorCode(error instanceof ApiError ? error.code : 'unknown');
        setPhase('idle');
        return false;
      }
    },
    [endpoint],
  );

  const clearError = useCallback(() => setErrorCode(null), []);
  return { phase, errorCode, submit, clearError, busy: phase === 'submitting' || phase === 'syncing' };
}
