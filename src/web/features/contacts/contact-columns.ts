/*
 * The contacts table's optional columns. Contact (with the row checkbox) and Actions are always
 * shown; the others can be chosen, and the choice is remembered in this browser. The defaults fit
 * a laptop screen (1366 px) without sideways scrolling; Phone and Source are one click away.
 */

export const OPTIONAL_COLUMNS = ['email', 'phone', 'source', 'tags', 'status', 'created', 'kit'] as const;
export type ContactColumn = (typeof OPTIONAL_COLUMNS)[number];

export const COLUMN_LABELS: Record<ContactColumn, string> = {
  email: 'Email',
  phone: 'Phone',
  source: 'Source',
  tags: 'Tags',
  status: 'Status',
  created: 'Created',
  kit: 'Kit ID',
};

export const DEFAULT_COLUMNS: readonly ContactColumn[] = ['email', 'tags', 'status', 'created', 'kit'];

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
