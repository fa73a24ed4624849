import { CONTACT_FIELD_LABELS, type ContactFormField } from '@shared/contacts/form.ts';
import type { ContactEvent, ContactEventActor, FieldChange } from '@shared/contacts/timeline.ts';

/** How the contact page words each timeline event: a title, who or what did it, and detail lines. */

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
      return 'by the Kit sync';
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
  }
}

/** Detail lines: each change as "Field: old → new", the form's data and URL parameters, a sync's error. */
export function eventDetails(event: ContactEvent): string[] {
  const { data } = event;
  switch (data.type) {
    case 'fields_changed':
      return data.changes.map((c) => `${fieldLabel(c.field)}: ${valueText(c.old)} → ${valueText(c.new)}`);
    case 'created':
    case 'signed_up': {
      const lines = data.type === 'created' && !data.form_data ? Object.entries(data.fields).map(([f, v]) => `${fieldLabel(f)}: ${valueText(v)}`) : [];
      if (data.form_data) lines.push(`Form data: ${Object.entries(data.form_data).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`).join(', ')}`);
      if (data.url_parameters && Object.keys(data.url_parameters).length > 0) lines.push(`URL parameters: ${valueText(data.url_parameters)}`);
      return lines;
    }
    case 'kit_sync':
      return [...(data.tags.length ? [`Tags: ${data.tags.join(', ')}`] : []), `Attempt ${data.attempt}`, ...(data.error ? [`Error: ${data.error}`] : [])];
    default:
      return [];
  }
}
