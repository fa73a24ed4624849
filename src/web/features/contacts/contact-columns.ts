import { CONTACT_FIELDS, listFields, type ContactListField } from '@shared/contacts/fields.ts';

/*
 * The contacts table's optional columns: the contact fields that are list columns (their entries in
 * CONTACT_FIELDS say where, how wide and whether shown by default), then Created, Kit ID and Kit state.
 * Contact (with the row checkbox) and Actions are always shown; the others can be chosen, and the
 * choice is remembered in this browser. The defaults fit a laptop screen (1366 px) without
 * sideways scrolling; Phone and Source are one click away.
 */

/** Every optional column, left to right. */
const COLUMNS = [
  ...listFields(CONTACT_FIELDS).map(({ name, label, list }) => ({ name, label, widthRem: list.widthRem, shownByDefault: list.shownByDefault })),
  // Wide enough for a whole date ("Dec 31, 2026"), and for "Never synced" under the Kit ID.
  { name: 'created', label: 'Created', widthRem: 8, shownByDefault: true },
  { name: 'kit', label: 'Kit ID', widthRem: 7, shownByDefault: true },
  // Off by default: the default columns already fill a laptop's width. The Kit state filter and the
  // contact page show it either way.
  { name: 'kit_state', label: 'Kit state', widthRem: 8.5, shownByDefault: false },
] as const;

export type ContactColumn = ContactListField['name'] | 'created' | 'kit' | 'kit_state';
export const OPTIONAL_COLUMNS: readonly ContactColumn[] = COLUMNS.map((column) => column.name);
export const COLUMN_LABELS = Object.fromEntries(COLUMNS.map((column) => [column.name, column.label])) as Record<ContactColumn, string>;
/** Widths (rem) of the columns; Email takes its share of what is left, at least its entry here. */
export const COLUMN_REM = Object.fromEntries(COLUMNS.map((column) => [column.name, column.widthRem])) as Record<ContactColumn, number>;
export const DEFAULT_COLUMNS: readonly ContactColumn[] = COLUMNS.filter((column) => column.shownByDefault).map((column) => column.name);

const STORAGE_KEY = 'mycrm.contacts.columns';

/** The remembered choice, in table order; the defaults when none is stored or it cannot be read. */
export function readColumns(storage: Pick<Storage, 'getItem'>): ContactColumn[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null');
    if (!Array.isArray(stored)) return [...DEFAULT_COLUMNS];
    return OPTIONAL_COLUMNS.filter((column) => stored.includes(column));
  } catch {
    return [...DEFAULT_COLUMNS];
  }
}

export function writeColumns(storage: Pick<Storage, 'setItem'>, columns: readonly ContactColumn[]): void {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(columns));
  } catch {
    // Storage full or blocked: the choice lasts until the page is left.
  }
}

/** The choice with one column switched on or off, kept in table order. */
export function toggleColumn(columns: readonly ContactColumn[], column: ContactColumn): ContactColumn[] {
  const next = new Set(columns);
  if (next.has(column)) next.delete(column);
  else next.add(column);
  return OPTIONAL_COLUMNS.filter((c) => next.has(c));
}
