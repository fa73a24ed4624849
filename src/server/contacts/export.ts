import Papa from 'papaparse';
import { CONTACT_EXPORT_COLUMNS, CSV_FORMULA_PATTERN, CSV_TAG_SEPARATOR } from '../../shared/contacts/csv.ts';
import type { ContactSelection } from '../../shared/contacts/bulk.ts';
import type { ContactFilters } from '../../shared/contacts/list.ts';
import type { Db } from '../db/client.ts';
import { contactBatches, type Contact } from './service.ts';

/** Excel opens a UTF-8 file correctly only when it starts with a byte order mark. */
const BOM = '\ufeff';
const NEWLINE = '\r\n';

function csvRow(c: Contact): Array<string | number> {
  return CONTACT_EXPORT_COLUMNS.map((column) => {
    if (column === 'tags') return c.tags.join(CSV_TAG_SEPARATOR);
    if (column === 'created_at') return c.created_at.toISOString();
    return c[column] ?? '';
  });
}

const unparse = (rows: Array<Array<string | number>>) =>
  Papa.unparse(rows, { newline: NEWLINE, escapeFormulae: CSV_FORMULA_PATTERN });

/** A selection (a filtered view, or rows picked) as CSV text in the list's order, streamed batch by batch so memory stays flat for any size. */
export async function* contactsCsv(db: Db, selection: ContactSelection, ordering: Pick<ContactFilters, 'sort' | 'order'>): AsyncGenerator<string> {
  yield BOM + unparse([[...CONTACT_EXPORT_COLUMNS]]) + NEWLINE;
  for await (const batch of contactBatches(db, selection, ordering)) {
    yield unparse(batch.map(csvRow)) + NEWLINE;
  }
}

export function exportFileName(now = new Date()): string {
  return `contacts-${now.toISOString().slice(0, 10)}.csv`;
}
