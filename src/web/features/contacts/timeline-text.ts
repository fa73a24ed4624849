import { CONTACT_FIELDS } from '@shared/contacts/fields.ts';
import { DATE_FORMATS } from '@web/components/ui/date-text.tsx';
import { CONTACT_FIELD_LABELS, type ContactFormField } from '@shared/contacts/form.ts';
import { KIT_STATE_LABELS, type KitStateSource } from '@shared/kit/subscriber-state.ts';
import type { ContactEvent, ContactEventActor, FieldChange } from '@shared/contacts/timeline.ts';

/** How the contact page words each timeline event: a title, who or what did it, and detail lines. */

const KIT_SOURCE_TEXT: Record<KitStateSource, string> = {
  import: 'by the import from Kit',
  webhook: 'by Kit (live update)',
  reconciliation: 'by the scheduled check with Kit',
  sync: 'by the Kit sync',
};

const FORM_NAMES = { waiting_list: 'the waiting-list form', webinar: 'the webinar form', landing_page: 'a landing page form' } as const;

export function actorText(actor: ContactEventActor): string {
  switch (actor.kind) {
    case 'user':
      return `by ${actor.email}`;
    case 'form':
      return actor.page_title ? `through the landing page “${actor.page_title}”` : `through ${FORM_NAMES[actor.form]}`;
    case 'import':
      return `by import${actor.file ? ` of ${actor.file}` : ''}${actor.user_email ? ` (${actor.user_email})` : ''}`;
    case 'kit':
      return actor.source ? KIT_SOURCE_TEXT[actor.source] : 'by the Kit sync';
    case 'tags_screen':
      return 'on the Tags screen';
  }
}

const FIELD_LABELS: Record<string, string> = { ...CONTACT_FIELD_LABELS, url_parameters: 'URL parameters' };
export const fieldLabel = (field: string) => FIELD_LABELS[field as ContactFormField] ?? field;

export function valueText(value: FieldChange['old']): string {
  if (value === null || value === '') return '(empty)';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.length ? value.join(', ') : '(none)';
  const pairs = Object.entries(value);
  return pairs.length ? pairs.map(([k, v]) => `${k}=${v}`).join(', ') : '(none)';
}

const KIT_TITLES = { synced: 'Synced to Kit', retrying: 'Kit sync failed, will retry', failed: 'Kit sync failed' } as const;

export function eventTitle(event: ContactEvent): string {
  const { data } = event;
  switch (data.type) {
    case 'created':
      return 'Created';
    case 'signed_up':
      return 'Signed up again';
    case 'fields_changed':
      return data.changes.length === 1 ? `${fieldLabel(data.changes[0]!.field)} changed` : `${data.changes.length} fields changed`;
    case 'tags_added':
      return `Tag${data.tags.length > 1 ? 's' : ''} added: ${data.tags.join(', ')}`;
    case 'tags_removed':
      return `Tag${data.tags.length > 1 ? 's' : ''} removed: ${data.tags.join(', ')}`;
    case 'imported':
      return `Imported (row ${data.row})`;
    case 'kit_sync':
      return KIT_TITLES[data.result];
    case 'kit_state_changed':
      return `Kit: ${KIT_STATE_LABELS[data.to]}`;
    case 'consent_given':
      return `Agreed to the ${SIGNUP_KIND_LABELS[data.kind]} statement, version ${data.version}, in ${LANGUAGE_NAMES[data.language]}, on ${data.page_url}`;
    case 'consent_confirmed':
      return data.already_subscribed ? 'Already subscribed in Kit: no confirmation needed' : 'Confirmed the subscription (double opt-in)';
  }
}

/** A statement's kind as the timeline names it: "the Webinar statement". */
const SIGNUP_KIND_LABELS = { waiting_list: 'Waiting list', webinar: 'Webinar', landing_page: 'Landing page' } as const;
const LANGUAGE_NAMES = { en: 'English', de: 'German' } as const;

/** A labelled list under an event: the fields a form sent, the URL parameters it came with. */
export interface FieldList {
  title: string;
  fields: Array<{ label: string; value: string }>;
}
/** One line of text, or a labelled list. */
export type EventDetail = string | FieldList;

/** What a sign-up form sends besides contact fields; any other key is shown as words. */
const FORM_KEY_LABELS: Record<string, string> = { campaign: 'Campaign', page: 'Page' };
const formKeyLabel = (key: string) => FIELD_LABELS[key] ?? FORM_KEY_LABELS[key] ?? humanise(key);
/** "company_size" → "Company size". */
const humanise = (key: string) => {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
};

/** Contact fields first, in their table's order, then the rest as stored (the database keeps no order of keys). */
const FIELD_ORDER = new Map<string, number>(CONTACT_FIELDS.map((field, i) => [field.name, i]));
const byFieldOrder = ([a]: [string, unknown], [b]: [string, unknown]) => (FIELD_ORDER.get(a) ?? Infinity) - (FIELD_ORDER.get(b) ?? Infinity) || 0;

/** The answers a form sent, labelled, as text; empty ones are left out. */
function fieldList(title: string, data: Record<string, unknown>, label: (key: string) => string): FieldList {
  const fields = Object.entries(data).sort(byFieldOrder).flatMap(([key, value]) => {
    if (value === null || value === undefined || value === '') return [];
    const text = typeof value === 'string' ? value : Array.isArray(value) ? value.join(', ') : typeof value === 'object' ? JSON.stringify(value) : String(value);
    return [{ label: label(key), value: text }];
  });
  return { title, fields };
}

/** Detail lines: each change as "Field: old → new", the form's data and URL parameters as labelled lists, a sync's error. */
export function eventDetails(event: ContactEvent): EventDetail[] {
  const { data } = event;
  switch (data.type) {
    case 'fields_changed':
      return data.changes.map((c) => `${fieldLabel(c.field)}: ${valueText(c.old)} → ${valueText(c.new)}`);
    case 'created':
    case 'signed_up': {
      const details: EventDetail[] =
        data.type === 'created' && !data.form_data ? Object.entries(data.fields).map(([f, v]) => `${fieldLabel(f)}: ${valueText(v)}`) : [];
      if (data.form_data) details.push(fieldList('Form data', data.form_data, formKeyLabel));
      if (data.url_parameters) details.push(fieldList('URL parameters', data.url_parameters, (key) => key));
      return details.filter((detail) => typeof detail === 'string' || detail.fields.length > 0);
    }
    case 'kit_sync':
      return [...(data.tags.length ? [`Tags: ${data.tags.join(', ')}`] : []), `Attempt ${data.attempt}`, ...(data.error ? [`Error: ${data.error}`] : [])];
    case 'consent_given':
      return data.double_opt_in ? ['Double opt-in: waiting for the confirmation from Kit'] : [];
    case 'consent_confirmed':
      return [`${SIGNUP_KIND_LABELS[data.kind]} statement, version ${data.version}`, `In Kit since: ${DATE_FORMATS.datetime.format(new Date(data.confirmed_at))}`];
    case 'kit_state_changed':
      return [
        `Before: ${data.from ? KIT_STATE_LABELS[data.from] : 'unknown'}`,
        `In Kit since: ${DATE_FORMATS.datetime.format(new Date(data.changed_at))}`,
        ...(data.reason ? [`Reason: ${data.reason}`] : []),
      ];
    default:
      return [];
  }
}
