import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrationsFolder, type Database, type Db } from '../db/client.ts';

/*
 * What a backup reads about the database it copies, and a restore about the one it fills: the
 * tables in an order that satisfies their foreign keys, their columns, and the schema version,
 * which is the number of migrations applied (the journal in db/migrations lists them in order).
 */

type Executor = Pick<Db, 'execute'>;

export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}

function journal(folder = migrationsFolder()): { version: string; dialect: string; entries: JournalEntry[] } {
  return JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8'));
}

/** The schema version this code migrates to, and each version's tag. */
export function currentSchema(): { version: number; tags: string[] } {
  const entries = journal().entries;
  return { version: entries.length, tags: entries.map((e) => e.tag) };
}

/** Migrations applied to this database (0 when none ever were). */
export async function appliedSchemaVersion(db: Executor): Promise<number> {
  const [found] = await rowsOf<{ exists: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`);
  if (!found?.exists) return 0;
  const [row] = await rowsOf<{ count: number | string }>(db, sql`select count(*) as count from drizzle.__drizzle_migrations`);
  return Number(row?.count ?? 0);
}

export interface TableShape {
  name: string;
  /** Columns a row is written with: every stored column except generated ones, which the database computes. */
  columns: string[];
  /** Columns whose values come from a sequence (identity or serial), set past the highest restored value. */
  sequenced: string[];
}

/** The app's tables (schema public), parents before the tables that refer to them. */
export async function tablesInLoadOrder(db: Executor): Promise<TableShape[]> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const references = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent from pg_constraint f
        join pg_class child on child.oid = f.conrelid join pg_class parent on parent.oid = f.confrelid
        join pg_namespace n on n.oid = f.connamespace
        where f.contype = 'f' and n.nspname = 'public' and child.oid <> parent.oid`,
  );
  const columns = await rowsOf<{ table_name: string; name: string; sequenced: boolean }>(
    db,
    sql`select c.relname as table_name, a.attname as name,
          (a.attidentity <> '' or pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null) as sequenced
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        order by c.relname, a.attnum`,
  );
  const parents = new Map(tables.map((t) => [t.name, new Set<string>()]));
  for (const ref of references) parents.get(ref.child)?.add(ref.parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t.name) && [...parents.get(t.name)!].every((p) => placed.has(p)));
    if (ready.length === 0) throw new Error('The tables refer to each other in a cycle; a backup cannot order them.');
    for (const t of ready) {
      ordered.push(t.name);
      placed.add(t.name);
    }
  }
  return ordered.map((name) => ({
    name,
    columns: columns.filter((c) => c.table_name === name).map((c) => c.name),
    sequenced: columns.filter((c) => c.table_name === name && c.sequenced).map((c) => c.name),
  }));
}

/**
 * Applies migrations up to `version` (all of them when omitted), from a copy of the journal cut at
 * that version: a restore first builds the schema the archive was made with.
 */
export async function migrateTo(database: Database, version?: number): Promise<void> {
  const source = migrationsFolder();
  let folder = source;
  let temporary: string | undefined;
  if (version !== undefined) {
    temporary = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-migrations-'));
    const full = journal(source);
    fs.mkdirSync(path.join(temporary, 'meta'));
    fs.writeFileSync(path.join(temporary, 'meta', '_journal.json'), JSON.stringify({ ...full, entries: full.entries.slice(0, version) }));
    for (const entry of full.entries.slice(0, version)) fs.copyFileSync(path.join(source, `${entry.tag}.sql`), path.join(temporary, `${entry.tag}.sql`));
    folder = temporary;
  }
  try {
    if (database.driver === 'pglite') await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    else await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  } finally {
    if (temporary) fs.rmSync(temporary, { recursive: true, force: true });
  }
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
