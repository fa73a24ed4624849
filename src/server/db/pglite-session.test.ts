import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PglitePreparedQuery } from 'drizzle-orm/pglite/session';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testDriver } from '../../../tests/helpers/test-db-config.ts';
import { openPglite, type PgliteDatabase } from './client.ts';
import { DRIZZLE_RAW_TYPES } from './pglite-session.ts';
import { plannedOnce } from './sql-helpers.ts';
import { contacts } from './schema.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const template = () => new Blob([fs.readFileSync(inject('pgliteTemplate'))]);

let database: PgliteDatabase;
/** PGlite on this thread, queried its own way: what the session's answers are compared with. */
let reference: PGlite;
beforeAll(async () => {
  if (testDriver !== 'pglite') return;
  database = await openPglite({ loadDataDir: template(), migrate: false });
  reference = await PGlite.create({ loadDataDir: template(), extensions: { pg_trgm } });
});
afterAll(async () => {
  await database?.close();
  await reference?.close();
});

/** Records the first byte (the message type) of each exchange the session starts, and how many wait for their answer at once. */
function watchExchanges() {
  const kinds: string[] = [];
  let waiting = 0;
  let mostWaiting = 0;
  const original = database.engine.exchange;
  database.engine.exchange = async (message, syncToFs) => {
    kinds.push(String.fromCharCode(message[0]!));
    mostWaiting = Math.max(mostWaiting, ++waiting);
    try {
      return await original.call(database.engine, message, syncToFs);
    } finally {
      waiting--;
    }
  };
  return {
    kinds,
    mostWaiting: () => mostWaiting,
    reset: () => {
      kinds.length = 0;
      mostWaiting = 0;
    },
    stop: () => {
      database.engine.exchange = original;
    },
  };
}

// How the app reaches the embedded database (PostgreSQL is reached through node-postgres' pool).
describe.runIf(testDriver === 'pglite')('the embedded database session', () => {
  it('answers with the values PGlite itself gives: dates as text for drizzle, json, arrays, numbers, booleans, nulls', async () => {
    const probe = sql`select '2026-01-02 03:04:05.5+02'::timestamptz as at, '{"a":[1,"x"]}'::jsonb as doc, array['a','b,c']::text[] as list, 42::int as n,
      true as yes, null::text as nothing, ${'a text'}::text as given, ${JSON.stringify({ k: 'v' })}::jsonb as param_doc,
      ${sql.param(['x', 'y"z'])}::text[] as param_list, ${sql.param(new Date('2026-01-02T03:04:05Z'))}::timestamptz as param_time`;
    const [ours] = rowsOf<Record<string, unknown>>(await database.db.execute(probe));
    // PGlite's own query path, with the parsers drizzle passes.
    const query = new PgDialect().sqlToQuery(probe);
    const raw = Object.fromEntries(DRIZZLE_RAW_TYPES.map((type) => [type, (value: string) => value]));
    const {
      rows: [theirs],
    } = await reference.query<Record<string, unknown>>(query.sql, query.params, { parsers: raw });
    expect(ours).toEqual(theirs);
    expect(ours).toMatchObject({ doc: { a: [1, 'x'] }, list: ['a', 'b,c'], n: 42, yes: true, nothing: null, given: 'a text', param_doc: { k: 'v' }, param_list: ['x', 'y"z'], param_time: '2026-01-02 03:04:05+00' });
    expect(typeof ours!.at).toBe('string');
  });

  it('installs exactly the parsers drizzle passes with each query, so leaving them out changes nothing', () => {
    // Private in its types: read as the driver passes them to PGlite.
    const prepared = new PglitePreparedQuery(reference, 'select 1', [], undefined as never, undefined as never, undefined, undefined, undefined, undefined, false) as unknown as {
      queryConfig: { parsers: Record<number, (value: string) => unknown> };
      rawQueryConfig: { parsers: Record<number, (value: string) => unknown> };
    };
    for (const { parsers } of [prepared.queryConfig, prepared.rawQueryConfig]) {
      expect(Object.keys(parsers).map(Number).sort()).toEqual([...DRIZZLE_RAW_TYPES].sort());
      for (const type of DRIZZLE_RAW_TYPES) expect(parsers[type]!('2026-01-02 03:04:05+00')).toBe('2026-01-02 03:04:05+00');
    }
  });

  it('commits a transaction, rolls one back on an error, and keeps working after a failed statement', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(contacts).values({ email: 'kept@example.com' });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(contacts).values({ email: 'gone@example.com' });
        await tx.insert(contacts).values({ email: 'KEPT@example.com' }); // the unique index on lower(email)
      }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    await expect(database.db.execute(sql`select * from no_such_table`)).rejects.toMatchObject({ cause: { code: '42P01' } });
    await expect(database.db.execute(sql`select ${'not a uuid'}::uuid`)).rejects.toMatchObject({ cause: { code: '22P02' } });
    const emails = (await database.db.select({ email: contacts.email }).from(contacts)).map((c) => c.email);
    expect(emails).toEqual(['kept@example.com']);
    // A statement that failed inside a transaction fails the transaction, caught or not.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 / 0`).catch(() => undefined);
      }),
    ).rejects.toThrow();
    await database.db.delete(contacts);
  });

  it('sends BEGIN with the first statement of a transaction: one exchange fewer, and that statement is inside it', async () => {
    const watch = watchExchanges();
    const exchanges = watch.kinds;
    try {
      await database.db.execute(sql`select 1`); // prepared once, outside the count below
      exchanges.length = 0;
      const [first, last] = await database.db.transaction(async (tx) => {
        // now() is the transaction's start: the same in its first and last statement.
        const [started] = rowsOf<{ t: string }>(await tx.execute(sql`select now()::text as t`));
        await tx.insert(contacts).values({ email: 'first-in-tx@example.com' });
        const [ending] = rowsOf<{ t: string }>(await tx.execute(sql`select pg_sleep(0.01), now()::text as t`));
        return [started!.t, ending!.t];
      });
      expect(first).toBe(last);
      // The first statement with BEGIN ('Q' ahead of it), the others bound ('B'; new ones prepared first: 'P'), COMMIT ('Q').
      expect(exchanges.filter((kind) => kind !== 'P')).toEqual(['Q', 'B', 'B', 'Q']);
      // The first statement's work is undone with the rest when the transaction fails.
      await expect(
        database.db.transaction(async (tx) => {
          await tx.insert(contacts).values({ email: 'undone@example.com' });
          await tx.execute(sql`select 1 / 0`);
        }),
      ).rejects.toThrow();
      const emails = (await database.db.select({ email: contacts.email }).from(contacts)).map((c) => c.email);
      expect(emails).toEqual(['first-in-tx@example.com']);
      // A transaction that sends nothing sends no BEGIN and no COMMIT.
      exchanges.length = 0;
      expect(await database.db.transaction(async () => 'nothing')).toBe('nothing');
      expect(exchanges).toEqual([]);
    } finally {
      watch.stop();
      await database.db.delete(contacts);
    }
  });

  it('sends statements of concurrent callers without waiting for answers, and holds them back while a transaction is open', async () => {
    const watch = watchExchanges();
    try {
      await database.db.execute(sql`select ${0}::int as i, pg_sleep(0) as s`); // prepared once, outside what is watched
      watch.reset();
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => database.db.execute(sql`select ${i}::int as i, pg_sleep(0) as s`)));
      expect(answers.map((a) => rowsOf<{ i: number }>(a)[0]!.i)).toEqual(Array.from({ length: 10 }, (_, i) => i));
      expect(watch.mostWaiting()).toBe(10);

      // Statements sent while a transaction is open wait for its end: none of them can land inside it.
      const order: string[] = [];
      let opened!: () => void;
      const open = new Promise<void>((resolve) => (opened = resolve));
      const transaction = database.db.transaction(async (tx) => {
        await tx.insert(contacts).values({ email: 'in-tx@example.com' });
        opened();
        await new Promise((resolve) => setTimeout(resolve, 20));
        const [seen] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from contacts`));
        order.push(`transaction saw ${seen!.n}`);
      });
      await open;
      const outside = database.db.execute(sql`select count(*)::int as n from contacts`).then((result) => order.push(`outside saw ${rowsOf<{ n: number }>(result)[0]!.n}`));
      await Promise.all([transaction, outside]);
      expect(order).toEqual(['transaction saw 1', 'outside saw 1']);
    } finally {
      watch.stop();
      await database.db.delete(contacts);
    }
  });

  it('keeps the first plan of a statement marked planned once, and plans every other statement anew', async () => {
    const mode = async () => rowsOf<{ plan_cache_mode: string }>(await database.db.execute(sql`show plan_cache_mode`))[0]!.plan_cache_mode;
    const count = (email: string) => database.db.execute(plannedOnce(sql`select count(*)::int as n from ${contacts} where lower(${contacts.email}) = ${email}`));
    await database.db.insert(contacts).values({ email: 'planned@example.com' });
    try {
      for (let i = 0; i < 3; i++) expect(rowsOf<{ n: number }>(await count('planned@example.com'))[0]!.n).toBe(1);
      expect(await mode()).toBe('force_custom_plan');
      // In a transaction the setting holds for that statement only, too.
      const inside = await database.db.transaction(async (tx) => {
        const [row] = rowsOf<{ n: number }>(await tx.execute(plannedOnce(sql`select count(*)::int as n from ${contacts}`)));
        return { n: row!.n, mode: rowsOf<{ plan_cache_mode: string }>(await tx.execute(sql`show plan_cache_mode`))[0]!.plan_cache_mode };
      });
      expect(inside).toEqual({ n: 1, mode: 'force_custom_plan' });
      // A failing one reports its error, and leaves no transaction open and no setting behind.
      await expect(database.db.execute(plannedOnce(sql`select ${'not a uuid'}::uuid`))).rejects.toMatchObject({ cause: { code: '22P02' } });
      expect(await mode()).toBe('force_custom_plan');
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
      });
      // A plan kept is PostgreSQL's generic one: the statement's parameter shows in it, not its value.
      const [statement] = rowsOf<{ generic_plans: number; custom_plans: number }>(
        await database.db.execute(sql`select generic_plans::int, custom_plans::int from pg_prepared_statements where statement like '/* planned once */ select count(*)::int as n from "contacts" where lower%'`),
      );
      expect(statement).toMatchObject({ custom_plans: 0 });
      expect(statement!.generic_plans).toBeGreaterThanOrEqual(3);
    } finally {
      await database.db.delete(contacts);
    }
  });

  it('runs statements of one transaction started together one after another, each with its own answer', async () => {
    const answers = await database.db.transaction((tx) => Promise.all(Array.from({ length: 20 }, (_, i) => tx.execute(sql`select ${i}::int as i`))));
    expect(answers.map((a) => rowsOf<{ i: number }>(a)[0]!.i)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('keeps working once more statements were used than it keeps prepared', async () => {
    for (let i = 0; i < 300; i++) await database.db.execute(sql.raw(`select ${i} as n${i}`));
    expect(rowsOf<{ n0: number }>(await database.db.execute(sql.raw('select 0 as n0')))[0]!.n0).toBe(0);
    // A statement with more parameters than are kept prepared (an import's batch) runs too.
    const many = Array.from({ length: 500 }, (_, i) => `e${i}@example.com`);
    const found = await database.db.select().from(contacts).where(sql`lower(${contacts.email}) in ${many}`);
    expect(found).toEqual([]);
  });

  it('lets the event loop run between units of work queued behind each other', async () => {
    let finished = 0;
    const queued = Array.from({ length: 20 }, () => database.db.execute(sql`select pg_sleep(0.002)`).then(() => finished++));
    // A timer due now stands for a request waiting to be read: it runs before the queue is through.
    const seenByTimer = await new Promise<number>((resolve) => setTimeout(() => resolve(finished), 0));
    await Promise.all(queued);
    expect(seenByTimer).toBeLessThan(20);
    expect(finished).toBe(20);
  });

  it('delivers notifications to listeners and stops when asked', async () => {
    const heard: Array<string | null> = [];
    const stop = await database.listen('probe', (payload) => heard.push(payload));
    await database.db.execute(sql`select pg_notify('probe', 'one')`);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('probe', 'two')`);
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await stop();
    await database.db.execute(sql`select pg_notify('probe', 'three')`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual(['one', 'two']);
  });
});

describe.runIf(testDriver === 'pglite')('the embedded database in a directory', () => {
  it('keeps what was committed across a restart', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-session-'));
    try {
      const first = await openPglite({ dataDir: dir, loadDataDir: template(), migrate: false });
      await first.db.insert(contacts).values({ email: 'durable@example.com' });
      await first.close();
      const again = await openPglite({ dataDir: dir, migrate: false });
      const [row] = await again.db.select().from(contacts).where(eq(contacts.email, 'durable@example.com'));
      await again.close();
      expect(row?.email).toBe('durable@example.com');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
