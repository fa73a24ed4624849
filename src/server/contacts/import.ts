import { inArray, sql } from 'drizzle-orm';
import type { ImportReport } from '../../shared/contacts/api.ts';
import { checkImportRow, type ImportRequestValues } from '../../shared/contacts/csv.ts';
import type { ContactFormField, ContactValues } from '../../shared/contacts/form.ts';
import type { ContactEventActor } from '../../shared/contacts/timeline.ts';
import type { Db } from '../db/client.ts';
import { changeEvents, createdEvent, recordContactEvents } from './events.ts';
import { contacts } from './schema.ts';
import { lockTagNames } from '../tags/service.ts';

interface ValidRow {
  row: number;
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
export async function importContacts(db: Db, request: ImportRequestValues, userEmail: string | null): Promise<ImportReport> {
  const actor: ContactEventActor = { kind: 'import', file: request.file_name ?? null, user_email: userEmail };
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
      valid.push({ ...result, row });
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
          .returning();
        report.created += inserted.length;
        await recordContactEvents(tx, inserted.map((contact) => createdEvent(contact, actor)));
        const insertedEmails = new Set(inserted.map((r) => r.email));
        for (const r of fresh) if (!insertedEmails.has(r.values.email)) existing.add(r.values.email);
      }

      const known = batch.filter((r) => existing.has(r.values.email));
      if (request.on_duplicate === 'skip') report.skipped += known.length;
      else if (known.length > 0) report.updated += await updateExisting(tx, known, actor);
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
async function updateExisting(tx: Db, rows: ValidRow[], actor: ContactEventActor): Promise<number> {
  const changes = rows.map(({ values, provided, row }) => {
    const change: Record<string, unknown> = { email: values.email, row };
    for (const field of provided) change[field] = values[field];
    return change;
  });
  // Joined to itself as `prior`, the table gives each row's values from before the update, for the timeline.
  const updated = await tx.execute(sql`
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
      email text, row integer, first_name text, last_name text, full_name text, phone text, address text,
      country text, linkedin text, source text, status text, tags jsonb
    ), ${contacts} as prior
    where lower(c.email) = v.email and prior.id = c.id
    returning c.id, v.row, to_jsonb(prior) as before, to_jsonb(c) as after`);
  const rowsBack = rowsOf<{ id: string; row: number; before: Contact; after: Contact }>(updated);
  await recordContactEvents(
    tx,
    rowsBack.flatMap(({ id, row, before, after }) => [
      { contact_id: id, actor, data: { type: 'imported' as const, row } },
      ...changeEvents(before, after, id, actor),
    ]),
  );
  return rowsBack.length;
}

type Contact = typeof contacts.$inferSelect;

/** node-postgres answers `{ rows }`, PGlite too, but typed loosely across drivers. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}
