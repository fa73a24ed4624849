import { z } from 'zod';
import { timestamp } from '../http/codecs.ts';
import { CONTACT_FIELDS, type ContactFieldDefinition } from './fields.ts';
import type { FieldSchema } from './form.ts';
import { routePath } from '../http/route-path.ts';
import { KIT_SUBSCRIBER_STATES } from '../kit/subscriber-state.ts';

/**
 * The contacts' HTTP contract (src/server/contacts/routes.ts): paths and answers. The requests'
 * rules live beside the logic they share with the screens: form.ts (a contact), list.ts (the list's
 * query), csv.ts (an import).
 */

export const CONTACT_PATHS = {
  /** GET the list (ContactListQuery), POST a new contact. */
  list: '/api/contacts',
  stats: '/api/contacts/stats',
  /** GET the CSV of a view (ContactFilters): a file, not JSON. */
  exportCsv: '/api/contacts/export.csv',
  import: '/api/contacts/import',
  /** POST the emails of an import's rows (ImportErasedRequest): how many name people erased before who are not contacts now. */
  importErased: '/api/contacts/import/erased',
  /** GET, PUT, DELETE. */
  one: routePath('/api/contacts/:id'),
} as const;

/** A contact's id is a uuid: anything else is refused before it reaches the database. */
export const contactIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a contact id' }) });

/** A field's value as the answer carries it: what the form's rules give (text, null, one of the values, tag names). */
function fieldDto(field: ContactFieldDefinition): z.ZodType {
  switch (field.type) {
    case 'email':
      return z.string();
    case 'enum':
      return z.enum(field.values);
    case 'tags':
      return z.array(z.string());
    default:
      return z.string().nullable();
  }
}

/** A contact's fields as the API returns them, for a table of fields. */
export function contactDtoShape<const T extends readonly ContactFieldDefinition[]>(fields: T) {
  return Object.fromEntries(fields.map((field) => [field.name, fieldDto(field)])) as { [F in T[number] as F['name']]: z.ZodType<z.output<FieldSchema<F>>, z.output<FieldSchema<F>>> };
}

/** A contact as the API returns it. */
export const contactSchema = z.object({
  id: z.string(),
  ...contactDtoShape(CONTACT_FIELDS),
  kit_id: z.number().int().nullable(),
  /** Kit's state of the subscriber and since when (Kit's time); null until Kit reports one. */
  kit_state: z.enum(KIT_SUBSCRIBER_STATES).nullable(),
  kit_state_at: timestamp.nullable(),
  /** Captured when a landing page created the contact; read-only. */
  url_parameters: z.record(z.string(), z.string()),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ContactDto = z.output<typeof contactSchema>;
export const contactResponseSchema = z.object({ contact: contactSchema });

export const contactListResponseSchema = z.object({
  contacts: z.array(contactSchema),
  /** Contacts matching the search and filters (all pages); given with the first page only, null after. */
  total: z.number().int().nullable(),
  /** True when `total` stopped counting at its cap (very short search terms): show "{total}+". */
  total_capped: z.boolean(),
  /** Pass as `cursor` to fetch the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type ContactListResponse = z.output<typeof contactListResponseSchema>;

export const contactStatsSchema = z.object({
  total: z.number().int(),
  customers: z.number().int(),
  prospects: z.number().int(),
});
export type ContactStats = z.output<typeof contactStatsSchema>;

export const importReportSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  /** Rows left alone: existing emails under the 'skip' policy, and repeated emails within the file. */
  skipped: z.number().int(),
  /** `row` counts the data rows from 1 (the header line is not counted). */
  invalid: z.array(z.object({ row: z.number().int(), email: z.string(), reason: z.string() })),
  /** Rows left out because they name a person erased before (who is not a contact now). */
  erased: z.number().int(),
  /** Rows skipped because an earlier row of the file has the same email. */
  duplicates: z.array(z.object({ row: z.number().int(), email: z.string(), first_row: z.number().int() })),
});
export type ImportReport = z.output<typeof importReportSchema>;
