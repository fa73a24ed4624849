import { desc, sql } from 'drizzle-orm';
import type { SaveStatementBody } from '../../shared/privacy/consent.ts';
import type { SignupKind } from '../../shared/privacy/sources.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { consentStatements } from './schema.ts';

/*
 * Consent statements: a row is never changed, so saving a statement adds the kind's next version
 * and every consent record keeps pointing at the exact words it was given under.
 */

/** A row, its kind one of SIGNUP_KINDS (the table's check constraint). */
export type StatementRow = Omit<typeof consentStatements.$inferSelect, 'kind'> & { kind: SignupKind };

/** Every version of every kind, newest first within a kind. */
export async function listStatements(db: Db): Promise<StatementRow[]> {
  return (await db.select().from(consentStatements).orderBy(consentStatements.kind, desc(consentStatements.version))) as StatementRow[];
}

/** The newest version of each kind (a kind without any is absent). */
export async function currentStatements(db: Db): Promise<StatementRow[]> {
  const result = (await db.execute(sql`
    select distinct on (kind) id, kind, version, text_en, text_de, created_by, created_at
    from ${consentStatements} order by kind, version desc`)) as unknown as { rows: StatementRow[] };
  return result.rows.map((row) => ({ ...row, created_at: new Date(row.created_at) }));
}

/**
 * Adds the kind's next version in one statement. Two owners saving at once: the unique index on
 * (kind, version) lets one through, and the other is asked to look again rather than overwrite.
 */
export async function saveStatement(db: Db, kind: SignupKind, texts: SaveStatementBody, userId: string | null): Promise<StatementRow> {
  try {
    const result = (await db.execute(sql`
      insert into ${consentStatements} (kind, version, text_en, text_de, created_by)
      select ${kind}, coalesce(max(version), 0) + 1, ${texts.text_en.trim()}, ${texts.text_de.trim()}, ${userId}::uuid
      from ${consentStatements} where kind = ${kind}
      returning id, kind, version, text_en, text_de, created_by, created_at`)) as unknown as { rows: StatementRow[] };
    const row = result.rows[0]!;
    return { ...row, created_at: new Date(row.created_at) };
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(409, 'statement_conflict', 'Someone saved this statement at the same moment. Reload to see their version, then edit again.');
    }
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}
