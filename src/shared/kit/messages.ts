import { CONTACT_FIELDS, kitCustomFields, type KitCustomField } from '../contacts/fields.ts';
import { KIT_STATE_LABELS, type KitSubscriberState } from './subscriber-state.ts';

/*
 * The Kit integration's texts, word for word as users have always read them, shared by the server
 * and the screens, and the custom fields the sync writes.
 */

export const KIT_MESSAGES = {
  notConfigured: 'Kit API key not configured',
  apiKeyRequired: 'API key is required',
  saveFailed: 'Failed to save API key',
  syncSucceeded: 'Contact successfully synced to Kit!',
  syncFailed: 'Failed to sync contact to Kit. Please try again.',
  loadFailed: 'Failed to load Kit forms and tags. Please check your API key.',
  keyMissingAlert: 'Kit API key not set. Go to Kit Integration → Configure API Key, save your key, then retry.',
  emailRequiredForTags: 'Email is required to add tags in v4',
  contactNotFound: 'Contact not found',
  /** A subscribers page cursor that is not one of Kit's (edited or cut short). */
  invalidCursor: 'This page of subscribers is no longer available. Reload the list.',
  /** A contact's sync that Kit refused because of the key (401, 403): it runs again once a key is saved. */
  waitingForKey: 'Waiting for a working Kit API key',
  keyUnreadable:
    "The saved Kit API key cannot be decrypted with this server's secret key (MYCRM_SECRET_KEY or secret.key changed). Save the key again.",
} as const;

/** "Kit API error: {status} {method} {url} - {message or body}" */
export function kitApiErrorMessage(status: number, method: string, url: string, detail: string): string {
  return `Kit API error: ${status} ${method} ${url} - ${detail}`;
}

/** What the connection test reports when Kit answers with an error status. */
export function connectionTestErrorMessage(status: number, statusText: string): string {
  return `HTTP ${status}: ${statusText}`;
}

/** Why a sync leaves a contact alone: Kit says they left, or their address fails, and a sync would subscribe them again. */
export function kitStateFinalMessage(state: KitSubscriberState): string {
  return `Not synced: ${KIT_STATE_LABELS[state].toLowerCase()} in Kit. A sync would subscribe them again, so contacts who unsubscribed, bounced or complained are left as Kit has them.`;
}

/** The bulk sync dialog's and summary's count of contacts it leaves alone. */
export function bulkSyncSkippedMessage(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'contact is' : 'contacts are'} unsubscribed, bounced or complained in Kit and will be skipped.`;
}

/** One line of a bulk sync's failure list. */
export function bulkSyncFailureMessage(email: string, message?: string | null): string {
  return `Failed to sync ${email}: ${message || 'Unknown error'}`;
}

/** The contacts screen's alert when "Check in Kit" fails. */
export function checkFailedMessage(message?: string | null): string {
  return `Failed to check Kit status: ${message || 'Unknown error'}`;
}

/** The contact fields sent to Kit as custom fields, keyed by their names; Kit stores them only if fields with these keys exist. */
export const KIT_CUSTOM_FIELD_KEYS: ReadonlyArray<KitCustomField['name']> = kitCustomFields(CONTACT_FIELDS).map((field) => field.name);

/** The success message stays this long before the sync modal closes. */
export const SYNC_SUCCESS_CLOSE_MS = 2000;

/** Kit's default subscriber page size. */
export const SUBSCRIBER_PAGE_SIZE = 50;
