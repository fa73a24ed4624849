import Papa from 'papaparse';
import type { ContactSelection } from '../../shared/contacts/bulk.ts';
import { CSV_FORMULA_PATTERN } from '../../shared/contacts/csv.ts';
import { CONSENT_CSV_COLUMNS } from '../../shared/privacy/erasure.ts';
import { contactBatches } from '../contacts/service.ts';
import type { Db } from '../db/client.ts';
import { consentOf } from './person-export.ts';

const BOM = '\ufeff';
const NEWLINE = '\r\n';
// Cells a spreadsheet would run as a formula are written as text (a visitor typed the page address).
const unparse = (rows: unknown[][]) => Papa.unparse(rows, { newline: NEWLINE, escapeFormulae: CSV_FORMULA_PATTERN });

/** The consent records of a selection's contacts, one line each, streamed a batch of contacts at a time. */
export async function* consentRecordsCsv(db: Db, selection: ContactSelection): AsyncGenerator<string> {
  yield BOM + unparse([[...CONSENT_CSV_COLUMNS]]) + NEWLINE;
  for await (const batch of contactBatches(db, selection, { sort: 'created_at', order: 'asc' })) {
    const emails = new Map(batch.map((c) => [c.id, c.email]));
    const records = await consentOf(db, batch.map((c) => c.id));
    if (records.length === 0) continue;
    const rows = records.map((r) => [
      emails.get(r.contact_id) ?? '',
      r.source,
      r.statement_kind,
      r.statement_version,
      r.language,
      r.statement_text,
      r.page_url,
      r.given_at.toISOString(),
      r.kit_form_id ?? '',
      r.confirmed_at?.toISOString() ?? '',
    ]);
    yield unparse(rows) + NEWLINE;
  }
}

export const consentCsvFileName = (now = new Date()) => `consent-records-${now.toISOString().slice(0, 10)}.csv`;
