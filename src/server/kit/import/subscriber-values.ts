import { checkImportRow, type ImportMapping } from '../../../shared/contacts/csv.ts';
import type { KitImportSkipped } from '../../../shared/kit/import.ts';
import { KIT_CUSTOM_FIELD_KEYS } from '../../../shared/kit/messages.ts';
import type { KitSubscriber } from '../../../shared/kit/api.ts';
import type { KitContactInput } from '../../contacts/service.ts';

/*
 * A Kit subscriber as contact values: Kit's email and first name, and the custom fields a sync
 * sends (keyed like the contact fields), read back. The contact rules decide: an email or first
 * name they refuse skips the subscriber with their reason; a custom field they refuse (e.g. a
 * `status` in Kit that is no contact status) is left out and the rest is taken.
 */

const KIT_MAPPING: Partial<ImportMapping> = Object.fromEntries(
  [['email', 'email'] as const, ['first_name', 'first_name'] as const, ...KIT_CUSTOM_FIELD_KEYS.map((key) => [key, key] as const)],
) as Partial<ImportMapping>;

const NO_TAGS = new Set<string>();

export function subscriberValues(subscriber: KitSubscriber, tags: string[]): KitContactInput | KitImportSkipped {
  const row: Record<string, unknown> = { email: subscriber.email_address, first_name: subscriber.first_name };
  for (const key of KIT_CUSTOM_FIELD_KEYS) row[key] = subscriber.fields?.[key] ?? null;
  let result = checkImportRow(row, KIT_MAPPING, NO_TAGS);
  if (!result.ok) {
    for (const key of KIT_CUSTOM_FIELD_KEYS) {
      if (!checkImportRow({ email: subscriber.email_address, [key]: row[key] }, { email: 'email', [key]: key }, NO_TAGS).ok) delete row[key];
    }
    result = checkImportRow(row, KIT_MAPPING, NO_TAGS);
  }
  if (!result.ok) return { email: subscriber.email_address, reason: result.reason };
  return { values: result.values, provided: result.provided, tags, kit_id: subscriber.id, kit_state: subscriber.state };
}
