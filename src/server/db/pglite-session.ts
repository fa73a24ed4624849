import { parse, protocol, TransactionAbortedError, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/*
 * How the app talks to the embedded database. PGlite runs PostgreSQL on this process's only thread:
 * while a statement runs, nothing else does, and PGlite's own query path makes that time longer
 * than it needs to be. Two things keep requests moving under load:
 *
 * - Turns. A statement outside a transaction, or a whole transaction, is one unit of work, and units
 *   take turns in arrival order, each starting after the event loop has had its turn (sockets,
 *   timers). Without that, units queued behind each other ran back to back as one chain of promise
 *   callbacks: fifty sign-ups' statements held the thread for hundreds of milliseconds while new
 *   requests, and even new connections, waited unread in the kernel.
 * - One call per statement. PGlite's query() calls into PostgreSQL six times per statement (parse,
 *   describe, bind, describe, execute, sync), parses and plans the text each time, and copies its
 *   300 type parsers into a new object whenever the caller passes parsers (drizzle always does).
 *   Here a SQL text is parsed once, as a named prepared statement (planned anew for each execution,
 *   like an unnamed one: force_custom_plan), and each execution sends bind, describe, execute and
 *   sync in one message. The drizzle parsers are installed once instead.
 *
 * Everything the app sends goes through here (drizzle, LISTEN, closing); PGlite's own mutexes only
 * guard the single protocol calls, which is all they then need to do.
 */

/** What drizzle's PGlite driver calls: query() outside a transaction, transaction(), and query() on the transaction. */
export interface PgliteSession {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(work: (tx: { query: PgliteSession['query'] }) => Promise<T>): Promise<T>;
  /** Runs `work` as a unit of its own, in its turn (LISTEN, close). */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}

/** Types drizzle reads as the database's text and converts itself (its PGlite driver passes these parsers with every query). */
export const DRIZZLE_RAW_TYPES = [1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231] as const;

/** Prepared statements kept; the least recently used one is closed when another is needed. */
const STATEMENTS_KEPT = 256;
/** Statements with more parameters (an import's batch of emails) are rarely repeated: parsed each time instead of kept. */
const KEPT_PARAMS_MAX = 100;

interface Statement {
  name: string;
  paramTypes: number[];
}

const joined = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function openPgliteSession(client: PGlite): Promise<PgliteSession> {
  await client.exec('set plan_cache_mode = force_custom_plan');
  for (const type of DRIZZLE_RAW_TYPES) client.parsers[type] = (value: string) => value;

  const kept = new Map<string, Statement>();
  let named = 0;
  let inTransaction = false;
  let queue: Promise<unknown> = Promise.resolve();

  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const turn = queue.then(nextTurn).then(work);
    queue = turn.catch(() => undefined);
    return turn;
  }

  /** One protocol exchange; PGlite's mutex keeps it from interleaving with its own (a dump, LISTEN's delivery). */
  const exchange = (message: Uint8Array) => client.runExclusive(() => client.execProtocolStream(message, { syncToFs: !inTransaction }));

  async function prepare(text: string, name: string): Promise<Statement> {
    const messages = await exchange(joined([protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]));
    return { name, paramTypes: parse.parseDescribeStatementResults(messages) };
  }

  async function statementFor(text: string, paramCount: number): Promise<Statement> {
    if (paramCount > KEPT_PARAMS_MAX) return prepare(text, '');
    const known = kept.get(text);
    if (known) {
      // Most recently used last: the first entry is the one to close.
      kept.delete(text);
      kept.set(text, known);
      return known;
    }
    if (kept.size >= STATEMENTS_KEPT) {
      const [oldestText, oldest] = kept.entries().next().value!;
      kept.delete(oldestText);
      await exchange(joined([protocol.serialize.close({ type: 'S', name: oldest.name }), protocol.serialize.sync()]));
    }
    const statement = await prepare(text, `mycrm_${++named}`);
    kept.set(text, statement);
    return statement;
  }

  /**
   * One statement in one exchange. `opensTransaction` is asked just before the statement is sent; when
   * it answers true, the transaction's BEGIN goes ahead of it in the same exchange.
   */
  async function run<T>(text: string, params: unknown[] = [], options?: QueryOptions, opensTransaction?: () => boolean): Promise<Results<T>> {
    const statement = await statementFor(text, params.length);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serialize = client.serializers[statement.paramTypes[i]!];
      return serialize ? serialize(param) : String(param);
    });
    const begin = opensTransaction?.() ?? false;
    const messages = await exchange(
      joined([
        ...(begin ? [protocol.serialize.query('BEGIN')] : []),
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
    );
    return parse.parseResults(messages, client.parsers, { rowMode: options?.rowMode }).at(-1) as Results<T>;
  }

  const simple = async (text: string) => parse.parseResults(await exchange(protocol.serialize.query(text)), client.parsers)[0]!;

  return {
    query: (text, params, options) => exclusive(() => run(text, params, options)),
    exclusive,
    transaction: (work) =>
      exclusive(async () => {
        // BEGIN goes out with the first statement (one exchange fewer); a transaction that sent none has nothing to end.
        let begun = false;
        inTransaction = true;
        let open = true;
        const query: PgliteSession['query'] = (text, params, options) => {
          if (!open) throw new Error('Transaction is closed');
          return run(text, params, options, () => !begun && (begun = true));
        };
        try {
          const result = await work({ query });
          open = false;
          inTransaction = false;
          // COMMIT of a transaction that failed earlier answers ROLLBACK.
          if (begun && (await simple('COMMIT')).command === 'ROLLBACK') throw new TransactionAbortedError();
          return result;
        } catch (error) {
          if (open) {
            open = false;
            inTransaction = false;
            if (begun) await simple('ROLLBACK');
          }
          throw error;
        }
      }),
  };
}
