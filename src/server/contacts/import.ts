import { inArray, sql } from 'drizzle-orm';
import { checkImportRow, type ImportReport, type ImportRequestValues } from '../../shared/contacts/csv.ts';
import type { ContactFormField, ContactValues } from '../../shared/contacts/form.ts';
import type { Db } from '../db/client.ts';
import { contacts } from './schema.ts';
import { lockTagNames } from '../tags/service.ts';

interface ValidRow {
  values: ContactValues;
  provided: ContactFormField[];
}

/** Rows per statement: well under PostgreSQL's 65,535 parameters for a multi-row INSERT. */
const BATCH = 1000;
const ANALYZE_AFTER_ROWS = 1000;

/**
 * Validates every row with the contact form's schema, drops repeated emails (first row wins),
 * then creates, updates or skips in batches: a few statements per 1,000 rows. One transaction, so a
 * failure leaves the database as it was; a bad row only lands in the report.
 */
export async function importContacts(db: Db, request: ImportRequestValues): Promise<ImportReport> {
  const report: ImportReport = { created: 0, updated: 0, skipped: 0, invalid: [], duplicates: [] };
  await db.transaction(async (tx) => {
    // Lock the tag list: no tag disappears while rows that use it are written.
    const knownTags = await lockTagNames(tx);
    const firstRowByEmail = new Map<string, number>();
    const valid: ValidRow[] = [];
    request.rows.forEach((raw, index) => {
      const row = index + 1;
      const result = checkImportRow(raw, request.mapping, knownTags);
      if (!result.ok) {
        report.invalid.push({ row, email: result.email, reason: result.reason });
        return;
      }
      const email = result.values.email;
      const firstRow = firstRowByEmail.get(email);
      if (firstRow !== undefined) {
        report.skipped++;
        report.duplicates.push({ row, email, first_row: firstRow });
        return;
      }
      firstRowByEmail.set(email, row);
      valid.push(result);
    });

    for (let i = 0; i < valid.length; i += BATCH) {
      const batch = valid.slice(i, i + BATCH);
      const lowerEmail = sql<string>`lower(${contacts.email})`;
      const existingRows = await tx
        .select({ email: lowerEmail })
        .from(contacts)
        .where(inArray(lowerEmail, batch.map((r) => r.values.email)));
      const existing = new Set(existingRows.map((r) => r.email));

      const fresh = batch.filter((r) => !existing.has(r.values.email));
      if (fresh.length > 0) {
        // DO NOTHING covers a contact created by someone else since the check above.
        const inserted = await tx
          .insert(contacts)
          .values(fresh.map((r) => r.values))
          .onConflictDoNothing()
          .returning({ email: contacts.email });
        report.created += inserted.length;
        const insertedEmails = new Set(inserted.map((r) => r.email));
        for (const r of fresh) if (!insertedEmails.has(r.values.email)) existing.add(r.values.email);
      }

      const known = batch.filter((r) => existing.has(r.values.email));
      if (request.on_duplicate === 'skip') report.skipped += known.length;
      else if (known.length > 0) report.updated += await updateExisting(tx, known);
    }
  });
  // Fresh planner statistics after a bulk change; PGlite has no autovacuum to gather them.
  if (report.created + report.updated >= ANALYZE_AFTER_ROWS) await db.execute(sql`analyze ${contacts}`);
  return report;
}

/**
 * Updates contacts by email from the rows' filled fields only: an empty or unmapped cell keeps what
 * the contact has, and tags are added to the contact's tags, never removed. One statement per batch.
 */
async function updateExisting(tx: Db, rows: ValidRow[]): Promise<number> {
  const changes = rows.map(({ values, provided }) => {
    const change: Record<string, unknown> = { email: values.email };
    for (const field of provided) change[field] = values[field];
    return change;
  });
  const updated = await tx.execute<{ id: string }>(sql`
    update ${contacts} as c set
      first_name = coalesce(v.first_name, c.first_name),
      last_name = coalesce(v.last_name, c.last_name),
      full_name = coalesce(v.full_name, c.full_name),
      phone = coalesce(v.phone, c.phone),
      address = coalesce(v.address, c.address),
      country = coalesce(v.country, c.country),
      linkedin = coalesce(v.linkedin, c.linkedin),
      source = coalesce(v.source::contact_source, c.source),
      status = coalesce(v.status::contact_status, c.status),
      tags = c.tags || array(select t from jsonb_array_elements_text(coalesce(v.tags, '[]')) as e(t) where t <> all(c.tags)),
      updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as v(
      email text, first_name text, last_name text, full_name text, phone text, address text,
      country text, linkedin text, source text, status text, tags jsonb
    )
    where lower(c.email) = v.email
    returning c.id`);
  return rowCount(updated);
}

/** node-postgres answers `{ rows }`, PGlite too, but typed loosely across drivers. */
function rowCount(result: unknown): number {
  const rows = (result as { rows?: unknown[] }).rows ?? (result as unknown[]);
  return rows.length;
}
