import {
  CONTACT_SOURCE_LABELS,
  CONTACT_SOURCES,
  CONTACT_STATUS_LABELS,
  CONTACT_STATUSES,
  DEFAULT_CONTACT_SOURCE,
  DEFAULT_CONTACT_STATUS,
} from '../contacts.ts';
import { CONTACT_MESSAGES, CONTACT_TAGS_MAX } from './messages.ts';

/**
 * The fields a person fills on a contact, one entry each: the form's and the API's schemas, the CSV
 * import's mapping and its update statement, the export's columns, Kit's custom fields, the modal,
 * the contact page, the list's columns and the landing-page forms all read this table. A field's
 * column in `contacts` (src/server/contacts/schema.ts) has its name; a test and the compiler check
 * that the two agree. How to add one: docs/how-to/add-a-contact-field.md.
 */

/**
 * How a field is checked, edited and shown. 'email' is the contact's key (required, unique, lower
 * case); the text types are optional, trimmed, stored as null when empty and at most `max`
 * characters (CONTACT_TEXT_MAX unless given); 'multiline' keeps line breaks; 'url' takes http(s)
 * only (it is shown as a link) and adds https:// when no scheme is given; 'enum' is one of `values`;
 * 'tags' are names from the tags list.
 */
export type ContactFieldType = 'email' | 'text' | 'multiline' | 'phone' | 'url' | 'enum' | 'tags';

/** Where a sync puts the value in Kit: one of Kit's own subscriber fields, or the custom field keyed by the field's name. */
export type ContactKitField = 'email_address' | 'first_name' | 'custom_field';

/** A column of the contacts list. */
export interface ContactListColumn {
  /** Left to right among the field columns (Created and Kit ID follow them). */
  readonly position: number;
  /** Shown until the person chooses the columns. */
  readonly shownByDefault: boolean;
  readonly widthRem: number;
  /** The list sorts by it (the field's name is then one of CONTACT_SORTS). */
  readonly sortable: boolean;
}

interface FieldBase {
  /** The column of `contacts`, the key in the API, the form and the export's header. */
  readonly name: string;
  readonly label: string;
  /** Headers a CSV import maps to this field by itself, compared without case, spaces or punctuation. */
  readonly csvAliases: readonly string[];
  readonly kit: ContactKitField | null;
  /** Its place in the Add/Edit Contact modal: top to bottom by row; two fields of one row stand side by side. */
  readonly modal: { readonly row: number; readonly column: 1 | 2 } | null;
  /** Its place, top to bottom, among the contact page's details. */
  readonly page: number | null;
  readonly list: ContactListColumn | null;
  /**
   * A landing page's form stores it on the contact. A form field sends it when labelled like
   * `labels` (the label as typed, lower case, without a trailing colon or required star) or, without
   * `labels`, when its label slugs to the field's name.
   */
  readonly leadForm: { readonly labels?: RegExp } | null;
  /** A column of the CSV export (which an import takes back). */
  readonly exported: boolean;
}

interface EmailField extends FieldBase {
  readonly type: 'email';
  readonly placeholder?: string;
}

interface TextField extends FieldBase {
  readonly type: 'text' | 'multiline' | 'phone';
  readonly max?: number;
  readonly placeholder?: string;
}

interface UrlField extends FieldBase {
  readonly type: 'url';
  readonly max?: number;
  readonly placeholder?: string;
  readonly invalid: string;
}

interface EnumField extends FieldBase {
  readonly type: 'enum';
  readonly values: readonly [string, ...string[]];
  readonly labels: Readonly<Record<string, string>>;
  readonly default: string;
  readonly invalid: string;
}

interface TagsField extends FieldBase {
  readonly type: 'tags';
  readonly max: number;
}

export type ContactFieldDefinition = EmailField | TextField | UrlField | EnumField | TagsField;

const define = <const F extends ContactFieldDefinition>(field: F): F => field;

export const CONTACT_FIELDS = [
  define({
    name: 'email',
    label: 'Email',
    type: 'email',
    placeholder: 'name@example.com',
    csvAliases: ['email', 'emailaddress', 'mail', 'emailadresse'],
    kit: 'email_address',
    modal: { row: 1, column: 1 },
    page: 1,
    list: { position: 1, shownByDefault: true, widthRem: 11, sortable: true },
    leadForm: { labels: /^(?:your\s+)?e-?mail(?:\s+address)?$/ },
    exported: true,
  }),
  define({
    name: 'first_name',
    label: 'First name',
    type: 'text',
    csvAliases: ['firstname', 'first', 'givenname', 'forename', 'vorname'],
    kit: 'first_name',
    modal: { row: 2, column: 1 },
    page: 3,
    list: null,
    leadForm: {},
    exported: true,
  }),
  define({
    name: 'last_name',
    label: 'Last name',
    type: 'text',
    csvAliases: ['lastname', 'last', 'surname', 'familyname', 'nachname'],
    kit: 'custom_field',
    modal: { row: 2, column: 2 },
    page: 4,
    list: null,
    leadForm: {},
    exported: true,
  }),
  define({
    name: 'full_name',
    label: 'Full name',
    type: 'text',
    csvAliases: ['fullname', 'name', 'contactname', 'displayname', 'vollstandigername'],
    kit: null,
    modal: { row: 3, column: 1 },
    page: 2,
    list: null,
    leadForm: { labels: /^(?:your\s+)?(?:full\s*name|name|first\s+and\s+last\s+name|vor-?\s+und\s+nachname)$/ },
    exported: true,
  }),
  define({
    name: 'phone',
    label: 'Phone',
    type: 'phone',
    placeholder: '+49 30 1234567',
    csvAliases: ['phone', 'phonenumber', 'telephone', 'tel', 'mobile', 'mobilephone', 'cell', 'telefon', 'telefonnummer', 'handy'],
    kit: 'custom_field',
    modal: { row: 4, column: 1 },
    page: 5,
    list: { position: 2, shownByDefault: false, widthRem: 9, sortable: false },
    leadForm: { labels: /^(?:your\s+)?(?:phone|telephone|mobile|tel|telefon)(?:\s+number)?$/ },
    exported: true,
  }),
  define({
    name: 'address',
    label: 'Address',
    // Addresses pasted from elsewhere, or imported from a CSV cell, span several lines.
    type: 'multiline',
    csvAliases: ['address', 'streetaddress', 'street', 'adresse', 'anschrift', 'strasse'],
    kit: 'custom_field',
    modal: { row: 5, column: 1 },
    page: 6,
    list: null,
    leadForm: {},
    exported: true,
  }),
  define({
    name: 'country',
    label: 'Country',
    type: 'text',
    csvAliases: ['country', 'countryname', 'land'],
    kit: 'custom_field',
    modal: { row: 4, column: 2 },
    page: 7,
    list: null,
    leadForm: {},
    exported: true,
  }),
  define({
    name: 'linkedin',
    label: 'LinkedIn',
    type: 'url',
    placeholder: 'https://www.linkedin.com/in/name',
    invalid: CONTACT_MESSAGES.linkedinInvalid,
    csvAliases: ['linkedin', 'linkedinurl', 'linkedinprofile', 'linkedinprofileurl'],
    kit: 'custom_field',
    modal: { row: 6, column: 1 },
    page: 8,
    list: null,
    leadForm: { labels: /linked\s*in/ },
    exported: true,
  }),
  define({
    name: 'source',
    label: 'Source',
    type: 'enum',
    values: CONTACT_SOURCES,
    labels: CONTACT_SOURCE_LABELS,
    default: DEFAULT_CONTACT_SOURCE,
    invalid: CONTACT_MESSAGES.sourceInvalid,
    csvAliases: ['source', 'leadsource', 'quelle'],
    kit: 'custom_field',
    modal: { row: 7, column: 2 },
    page: 10,
    list: { position: 3, shownByDefault: false, widthRem: 8.5, sortable: true },
    leadForm: null,
    exported: true,
  }),
  define({
    name: 'status',
    label: 'Status',
    type: 'enum',
    values: CONTACT_STATUSES,
    labels: CONTACT_STATUS_LABELS,
    default: DEFAULT_CONTACT_STATUS,
    invalid: CONTACT_MESSAGES.statusInvalid,
    csvAliases: ['status', 'leadstatus', 'contactstatus'],
    kit: 'custom_field',
    modal: { row: 7, column: 1 },
    page: 9,
    list: { position: 5, shownByDefault: true, widthRem: 7, sortable: true },
    leadForm: null,
    exported: true,
  }),
  define({
    name: 'tags',
    label: 'Tags',
    type: 'tags',
    max: CONTACT_TAGS_MAX,
    csvAliases: ['tags', 'tag', 'labels', 'label', 'segments'],
    // A sync tags the subscriber in Kit with them, one call per tag.
    kit: null,
    modal: { row: 8, column: 1 },
    page: 11,
    list: { position: 4, shownByDefault: true, widthRem: 9, sortable: false },
    leadForm: null,
    exported: true,
  }),
] as const;

export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactFieldName = ContactField['name'];
export const CONTACT_FIELD_NAMES: readonly ContactFieldName[] = CONTACT_FIELDS.map((field) => field.name);

const BY_NAME: ReadonlyMap<string, ContactField> = new Map(CONTACT_FIELDS.map((field) => [field.name, field]));
export const contactField = <N extends ContactFieldName>(name: N) => BY_NAME.get(name) as Extract<ContactField, { name: N }>;

/** The fields that are columns of the contacts list. */
export type ContactListField = Extract<ContactField, { list: object }>;

/** The fields a landing page's form stores on the contact, besides the email it is keyed by. */
export type LeadFormContactField = Exclude<Extract<ContactField, { leadForm: object }>, { type: 'email' }>;
export function leadFormContactFields<F extends ContactFieldDefinition>(fields: readonly F[]) {
  return fields.filter((field): field is Exclude<Extract<F, { leadForm: object }>, { type: 'email' }> => field.leadForm !== null && field.type !== 'email');
}

/** The form labels that send a field under its name, whatever its label's slug (see FieldBase.leadForm). */
export function leadFormLabels(fields: readonly ContactFieldDefinition[]): Array<readonly [name: string, labels: RegExp]> {
  return fields.flatMap((field) => (field.leadForm?.labels ? [[field.name, field.leadForm.labels] as const] : []));
}

/** The fields a sync sends as Kit custom fields, keyed by their names: Kit keeps them only where such custom fields exist. */
export type KitCustomField = Extract<ContactField, { kit: 'custom_field' }>;
export function kitCustomFields<F extends ContactFieldDefinition>(fields: readonly F[]) {
  return fields.filter((field): field is Extract<F, { kit: 'custom_field' }> => field.kit === 'custom_field');
}

/** The fields of the contact page, top to bottom. */
export function pageFields<F extends ContactFieldDefinition>(fields: readonly F[]): F[] {
  return fields.filter((field) => field.page !== null).toSorted((a, b) => a.page! - b.page!);
}

/** The fields that are columns of the contacts list, left to right. */
export function listFields<F extends ContactFieldDefinition>(fields: readonly F[]) {
  return fields
    .filter((field): field is Extract<F, { list: object }> => field.list !== null)
    .toSorted((a, b) => a.list!.position - b.list!.position);
}

/** The modal's rows, top to bottom, each with its fields left to right. */
export function modalRows<F extends ContactFieldDefinition>(fields: readonly F[]): F[][] {
  const rows = new Map<number, F[]>();
  for (const field of fields.filter((f) => f.modal !== null).toSorted((a, b) => a.modal!.row - b.modal!.row || a.modal!.column - b.modal!.column)) {
    rows.set(field.modal!.row, [...(rows.get(field.modal!.row) ?? []), field]);
  }
  return [...rows.values()];
}
