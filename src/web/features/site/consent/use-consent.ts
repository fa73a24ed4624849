import { useSyncExternalStore } from 'react';
import { onConsentChange, readConsent, type Consent } from './consent-store.ts';

/** The stored choice for the staff app's banner (React); null while none is made. */
export function useConsent(): Consent | null {
  return useSyncExternalStore(onConsentChange, readConsent, () => null);
}
