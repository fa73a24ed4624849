import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { ImportReport } from '../../shared/contacts/api.ts';
import { checkImportRow, type ImportDuplicatePolicy, type ImportRequestValues } from '../../shared/contacts/csv.ts';
import { normalizeEmail } from '../../shared/contacts.ts';
import { CONTACT_FIELDS, type ContactFieldDefinition } from '../../shared/contacts/fields.ts';
import { CONTACT_MESSAGES, type ContactFormField, type ContactValues } from '../../shared/contacts/form.ts';
import { IMPORT_BATCH_SIZE, IMPORT_JOB_MESSAGES, type ImportJob } from '../../shared/contacts/import-job.ts';
import { storableText } from '../../shared/text/characters.ts';
import type { ContactEventActor } from '../../shared/contacts/timeline.ts';
import type { Db } from '../db/client.ts';
import { isUuid } from '../db/sql-helpers.ts';
import { listTags, lockTagNames } from '../tags/service.ts';
import { changeEvents, createdEvent, recordContactEvents } from './events.ts';
import { contactImportJobs, contacts } from './schema.ts';

/*
 * A CSV import, however large, without holding the database: the rows are checked a slice at a
 * time (the server's thread is free between slices), then written a batch per transaction, and each
 * batch counts its progress in the job row in the same transaction. So a batch is never half
 * written, other requests get in between batches, and the screen reads the progress.
 *
 * The rows still to write stay in the memory of the instance that runs the job; it renews its lease
 * (locked_at) with each batch. A job whose lease ran out (its instance died) cannot go on anywhere and
 * is shown as stopped, with what its batches did.
 */

interface ValidRow {
  row: number;
  values: ContactValues;
  provided: ContactFormField[];
}

/** An import under way: its job, and the checked rows left to write. */
export interface ImportRun {
  jobId: string;
  /** The lease: only the holder writes batches. */
  token: string;
  rows: ValidRow[];
  /** The first row of the next batch. */
  next: number;
  onDuplicate: ImportDuplicatePolicy;
  /** Emails of people erased before, left out unless they are contacts again (empty: the owner chose to bring them back). */
  erased: ReadonlySet<string>;
  actor: ContactEventActor;
  /** Contacts created or updated so far (fresh planner statistics after many). */
  changed: number;
}

/**
 * How long the rows' checks hold the server's thread before requests get a turn. By time, not rows:
 * a request waits one slice at each of its steps, and a cold slice of 1,000 rows took 70 ms.
 */
const CHECK_SLICE_MS = 8;
/** A running job whose instance has not finished a batch for this long has stopped. */
export const IMPORT_LEASE_MS = 30_000;
const ANALYZE_AFTER_ROWS = 1000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Which of these emails belong to people erased before (normalised); the privacy feature answers it. */
export type ErasedEmails = (db: Db, emails: readonly string[]) => Promise<Set<string>>;

/**
 * How many of these emails name a person erased before who is not a contact now: the import
 * preview's warning. Only the count leaves the server.
 */
export async function countErasedAmong(db: Db, erasedAmong: ErasedEmails, emails: readonly string[]): Promise<number> {
  const erased = await erasedAmong(db, emails);
  if (erased.size === 0) return 0;
  const lowerEmail = sql<string>`lower(${contacts.email})`;
  const current = await db.select({ email: lowerEmail }).from(contacts).where(inArray(lowerEmail, [...erased]));
  return erased.size - current.length;
}

/**
 * Checks every row with the contact form's rules (repeated emails: the first row wins), records the
 * job with the rows left out, and leases it to the caller, who runs it (runImport) or hands it on.
 */
export async function startImport(db: Db, request: ImportRequestValues, userEmail: string | null, erasedAmong: ErasedEmails): Promise<ImportRun> {
  // Not locked: each batch locks the tags of its rows and leaves out rows whose tag is gone by then.
  const knownTags = new Set((await listTags(db)).map((tag) => tag.name));
  const invalid: ImportReport['invalid'] = [];
  const duplicates: ImportReport['duplicates'] = [];
  const firstRowByEmail = new Map<string, number>();
  const valid: ValidRow[] = [];
  let sliceStarted = performance.now();
  for (let i = 0; i < request.rows.length; i++) {
    if (i % 64 === 0 && performance.now() - sliceStarted > CHECK_SLICE_MS) {
      await nextTurn();
      sliceStarted = performance.now();
    }
    const row = i + 1;
    const result = checkImportRow(request.rows[i], request.mapping, knownTags);
    if (!result.ok) {
      // Kept as the file had it, less what the database cannot store (the row was refused for it).
      invalid.push({ row, email: storableText(result.email), reason: storableText(result.reason) });
      continue;
    }
    const email = result.values.email;
    const firstRow = firstRowByEmail.get(email);
    if (firstRow !== undefined) {
      duplicates.push({ row, email, first_row: firstRow });
      continue;
    }
    firstRowByEmail.set(email, row);
    valid.push({ ...result, row });
  }
  // Matched when a batch is written, so someone who became a contact again meanwhile is updated as usual.
  const erased = request.on_erased === 'skip' ? await erasedAmong(db, valid.map((r) => r.values.email)) : new Set<string>();
  const token = randomUUID();
  const [job] = await db
    .insert(contactImportJobs)
    .values({ file_name: request.file_name ?? null, total: valid.length, skipped: duplicates.length, invalid, duplicates, lock_token: token, locked_at: sql`now()` })
    .returning({ id: contactImportJobs.id });
  return {
    jobId: job!.id,
    token,
    rows: valid,
    next: 0,
    onDuplicate: request.on_duplicate,
    erased,
    actor: { kind: 'import', file: request.file_name ?? null, user_email: userEmail },
    changed: 0,
  };
}

/**
 * Writes the next batch and counts it, in one transaction. 'more': call again; 'finished': the job
 * is done; 'lost': the job is no longer this caller's (it was stopped).
 */
export async function runImportBatch(db: Db, run: ImportRun, batchSize = IMPORT_BATCH_SIZE): Promise<'more' | 'finished' | 'lost'> {
  const batch = run.rows.slice(run.next, run.next + batchSize);
  const finished = run.next + batch.length >= run.rows.length;
  const outcome = await db.transaction(async (tx) => {
    const [job] = await tx
      .select({ status: contactImportJobs.status, lock_token: contactImportJobs.lock_token })
      .from(contactImportJobs)
      .where(eq(contactImportJobs.id, run.jobId))
      .for('update');
    if (!job || job.status !== 'running' || job.lock_token !== run.token) return null;
    const { writable, invalid } = await withTagsThatExist(tx, batch);
    const counts = await writeBatch(tx, writable, run);
    await tx
      .update(contactImportJobs)
      .set({
        done: sql`${contactImportJobs.done} + ${batch.length}`,
        created: sql`${contactImportJobs.created} + ${counts.created}`,
        updated: sql`${contactImportJobs.updated} + ${counts.updated}`,
        skipped: sql`${contactImportJobs.skipped} + ${counts.skipped}`,
        erased: sql`${contactImportJobs.erased} + ${counts.erased}`,
        ...(invalid.length > 0 ? { invalid: sql`${contactImportJobs.invalid} || ${JSON.stringify(invalid)}::jsonb` } : {}),
        locked_at: sql`now()`,
        ...(finished ? { status: 'done' as const, finished_at: sql`now()`, lock_token: null } : {}),
      })
      .where(eq(contactImportJobs.id, run.jobId));
    return counts;
  });
  if (!outcome) return 'lost';
  run.next += batch.length;
  run.changed += outcome.created + outcome.updated;
  return finished ? 'finished' : 'more';
}

/**
 * A tag deleted on the tags screen since the rows were checked leaves its rows out, with the reason
 * the checks give (no contact gets a tag that does not exist). The batch's tags are locked until it commits.
 */
async function withTagsThatExist(tx: Db, batch: ValidRow[]): Promise<{ writable: ValidRow[]; invalid: ImportReport['invalid'] }> {
  const existing = await lockTagNames(tx, [...new Set(batch.flatMap((r) => r.values.tags))]);
  const writable: ValidRow[] = [];
  const invalid: ImportReport['invalid'] = [];
  for (const r of batch) {
    const unknown = r.values.tags.filter((tag) => !existing.has(tag));
    if (unknown.length > 0) invalid.push({ row: r.row, email: r.values.email, reason: CONTACT_MESSAGES.tagsUnknown(unknown) });
    else writable.push(r);
  }
  return { writable, invalid };
}

/** Creates, updates or skips a batch's rows by email: a few statements, whatever its size. */
async function writeBatch(tx: Db, batch: ValidRow[], run: ImportRun): Promise<{ created: number; updated: number; skipped: number; erased: number }> {
  const counts = { created: 0, updated: 0, skipped: 0, erased: 0 };
  if (batch.length === 0) return counts;
  const lowerEmail = sql<string>`lower(${contacts.email})`;
  const existingRows = await tx
    .select({ email: lowerEmail })
    .from(contacts)
    .where(inArray(lowerEmail, batch.map((r) => r.values.email)));
  const existing = new Set(existingRows.map((r) => r.email));

  const absent = batch.filter((r) => !existing.has(r.values.email));
  // A person erased before is brought back only by the owner's choice (run.erased is empty then).
  const fresh = absent.filter((r) => !run.erased.has(normalizeEmail(r.values.email)));
  counts.erased = absent.length - fresh.length;
  if (fresh.length > 0) {
    // DO NOTHING covers a contact created by someone else since the check above.
    const inserted = await tx
      .insert(contacts)
      .values(fresh.map((r) => r.values))
      .onConflictDoNothing()
      .returning();
    counts.created = inserted.length;
    await recordContactEvents(tx, inserted.map((contact) => createdEvent(contact, run.actor)));
    const insertedEmails = new Set(inserted.map((r) => r.email));
    for (const r of fresh) if (!insertedEmails.has(r.values.email)) existing.add(r.values.email);
  }

  const known = batch.filter((r) => existing.has(r.values.email));
  if (run.onDuplicate === 'skip') counts.skipped = known.length;
  else if (known.length > 0) counts.updated = await updateExisting(tx, known, run.actor);
  return counts;
}

/** Runs the job to its end in the caller, a batch per turn of the event loop. */
export async function runImport(db: Db, run: ImportRun, batchSize = IMPORT_BATCH_SIZE): Promise<'finished' | 'lost'> {
  for (;;) {
    const step = await runImportBatch(db, run, batchSize);
    if (step === 'finished') {
      if (run.changed >= ANALYZE_AFTER_ROWS) await refreshPlannerStatistics(db);
      return step;
    }
    if (step === 'lost') return step;
    await nextTurn();
  }
}

/**
 * Fresh planner statistics after a bulk change; PGlite has no autovacuum to gather them. From a
 * sample of 9,000 rows instead of the default 30,000: on the embedded database ANALYZE holds every
 * other request, and the full sample took 0.5 s at 100,000 contacts, this one 0.13 s, while
 * bench:contacts' lists, searches and filters ran as fast with either.
 */
async function refreshPlannerStatistics(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local default_statistics_target = 30`);
    await tx.execute(sql`analyze ${contacts}`);
  });
}

/** Ends the job as stopped: what its batches wrote stays, its other rows are not written. */
export async function stopImport(db: Db, run: ImportRun): Promise<void> {
  await db
    .update(contactImportJobs)
    .set({ status: 'failed', error: IMPORT_JOB_MESSAGES.stopped, finished_at: sql`now()`, lock_token: null })
    .where(and(eq(contactImportJobs.id, run.jobId), eq(contactImportJobs.lock_token, run.token)));
}

/** The job's progress, and its whole report once done. A running job whose lease ran out is ended as stopped first. */
export async function getImportJob(db: Db, id: string, leaseMs = IMPORT_LEASE_MS): Promise<ImportJob | undefined> {
  if (!isUuid(id)) return undefined;
  const { invalid, duplicates, lock_token: _token, locked_at: lockedAt, ...columns } = getTableColumns(contactImportJobs);
  const leaseRanOut = and(eq(contactImportJobs.status, 'running'), sql`${lockedAt} < now() - ${leaseMs}::integer * interval '1 millisecond'`);
  // One statement while the job runs: progress is read every second, each read waiting its turn behind a batch.
  const read = () =>
    db
      .select({ ...columns, invalid_count: sql<number>`jsonb_array_length(${invalid})`.mapWith(Number), lease_ran_out: sql<boolean>`coalesce(${leaseRanOut}, false)` })
      .from(contactImportJobs)
      .where(eq(contactImportJobs.id, id));
  let [job] = await read();
  if (job?.lease_ran_out) {
    await db
      .update(contactImportJobs)
      .set({ status: 'failed', error: IMPORT_JOB_MESSAGES.stopped, finished_at: sql`now()`, lock_token: null })
      .where(and(eq(contactImportJobs.id, id), leaseRanOut));
    [job] = await read();
  }
  if (!job) return undefined;
  const { invalid_count, lease_ran_out: _leaseRanOut, ...progress } = job;
  const dto = { ...progress, invalid: invalid_count, report: null };
  if (job.status !== 'done') return dto;
  // The lists only once done: they can hold thousands of rows, and progress is read every second.
  const [lists] = await db.select({ invalid, duplicates }).from(contactImportJobs).where(eq(contactImportJobs.id, id));
  const report: ImportReport = {
    created: job.created,
    updated: job.updated,
    skipped: job.skipped,
    erased: job.erased,
    // Rows a batch left out (a tag deleted meanwhile) join those of the checks, in the file's order.
    invalid: lists!.invalid.toSorted((a, b) => a.row - b.row),
    duplicates: lists!.duplicates,
  };
  return { ...dto, report };
}

/**
 * `field = coalesce(v.field, c.field)` for each field an import writes over, so an empty or unmapped
 * cell keeps what the contact has. The email is the key and tags are added (updateExisting), so
 * neither is among them.
 */
export function keepUnlessFilled(fields: readonly ContactFieldDefinition[]): SQL {
  const overwritten = fields.filter((field) => field.type !== 'email' && field.type !== 'tags');
  return sql.join(
    overwritten.map(({ name }) => sql`${sql.identifier(name)} = coalesce(v.${sql.identifier(name)}, c.${sql.identifier(name)})`),
    sql`, `,
  );
}

/**
 * Updates contacts by email from the rows' filled fields only: an empty or unmapped cell keeps what
 * the contact has, and tags are added to the contact's tags, never removed. One statement per batch;
 * the rows are read as records of the contacts table, so each value gets its column's type.
 */
async function updateExisting(tx: Db, rows: ValidRow[], actor: ContactEventActor): Promise<number> {
  const changes = rows.map(({ values, provided }) => {
    const change: Record<string, unknown> = { email: values.email };
    for (const field of provided) change[field] = values[field];
    return change;
  });
  // Joined to itself as `prior`, the table gives each row's values from before the update, for the timeline.
  const updated = await tx.execute(sql`
    update ${contacts} as c set
      ${keepUnlessFilled(CONTACT_FIELDS)},
      tags = c.tags || array(select t from unnest(v.tags) as e(t) where t <> all(c.tags)),
      updated_at = now()
    from jsonb_populate_recordset(null::${contacts}, ${JSON.stringify(changes)}::jsonb) with ordinality as v, ${contacts} as prior
    where lower(c.email) = v.email and prior.id = c.id
    returning c.id, v.ordinality::integer as change, to_jsonb(prior) as before, to_jsonb(c) as after`);
  const rowsBack = rowsOf<{ id: string; change: number; before: Contact; after: Contact }>(updated);
  await recordContactEvents(
    tx,
    rowsBack.flatMap(({ id, change, before, after }) => [
      { contact_id: id, actor, data: { type: 'imported' as const, row: rows[change - 1]!.row } },
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
