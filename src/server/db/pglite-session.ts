import { messages as backend, parse, protocol, TransactionAbortedError, types, type QueryOptions, type Results } from '@electric-sql/pglite';
import type { PgliteEngine } from './pglite-engine.ts';
import { PLANNED_ONCE } from './sql-helpers.ts';

/*
 * How the app talks to the embedded database. PostgreSQL runs on a thread of its own
 * (pglite-engine.ts) and has one session: it runs what it is sent, in order, one statement at a time.
 *
 * - Statements of their own go at once. A statement outside a transaction is sent without waiting
 *   for the answers to earlier ones, so the statements of concurrent requests queue on the database
 *   thread, which never waits for this one between them, while this thread reads, validates and
 *   answers requests.
 * - Transactions take turns. A transaction (or other work that needs the session to itself: closing)
 *   starts once the statements sent before it are answered and the event loop has had its turn
 *   (sockets, timers); statements that arrive meanwhile wait for its end, then go together. Without
 *   turns, units queued behind each other ran back to back as one chain of promise callbacks, and
 *   new requests waited unread in the kernel.
 * - One exchange per statement. PGlite's query() calls into PostgreSQL six times per statement (parse,
 *   describe, bind, describe, execute, sync), parses and plans the text each time, and copies its
 *   300 type parsers into a new object whenever the caller passes parsers (drizzle always does).
 *   Here a SQL text is parsed once, as a named prepared statement (planned anew for each execution,
 *   like an unnamed one: force_custom_plan), and each execution sends bind, describe, execute and
 *   sync in one message. The drizzle parsers are installed once instead. A statement marked
 *   plannedOnce() (sql-helpers.ts) keeps its first plan: planning a sign-up's statement of a dozen
 *   CTEs took longer than running it.
 * - Answers are parsed here, on this thread; NOTIFY's messages in them reach listen()'s callbacks.
 *
 * Everything the app sends goes through here (drizzle, LISTEN, closing).
 */

/** What drizzle's PGlite driver calls: query() outside a transaction, transaction(), and query() on the transaction. */
export interface PgliteSession {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(work: (tx: { query: PgliteSession['query'] }) => Promise<T>): Promise<T>;
  /** Runs `work` as a unit of its own, in its turn (closing). */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Calls `onMessage` with each NOTIFY's payload on `channel`; resolves to a function that stops listening. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
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

/** Settings the session's statements rely on: the engine runs them when it starts. */
export const SESSION_SETUP = ['set plan_cache_mode = force_custom_plan'];
const GENERIC_PLANS = 'SET LOCAL plan_cache_mode = force_generic_plan';
const CUSTOM_PLANS = 'SET LOCAL plan_cache_mode = force_custom_plan';

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

export function openPgliteSession(engine: PgliteEngine): PgliteSession {
  // PGlite's own parsers and serializers, arrays included, with drizzle's raw types installed once.
  const parsers: Record<number, types.Parser> = { ...types.parsers };
  const serializers: Record<number, types.Serializer> = { ...types.serializers };
  for (const { element, array } of engine.arrayTypes) {
    parsers[array] = (value) => types.arrayParser(value, parsers[element]!, array);
    serializers[array] = (value) => types.arraySerializer(value, serializers[element], array);
  }
  for (const type of DRIZZLE_RAW_TYPES) parsers[type] = (value: string) => value;
  const listeners = new Map<string, Set<(payload: string) => void>>();

  const kept = new Map<string, Promise<Statement>>();
  let named = 0;
  let inTransaction = false;
  /** Units that need the session to themselves (transactions, closing), in arrival order. */
  let queue: Promise<unknown> = Promise.resolve();
  let unitsWaiting = 0;
  /** Single statements sent without waiting for a turn, not answered yet. */
  const inFlight = new Set<Promise<unknown>>();

  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    unitsWaiting++;
    // The unit starts once the statements sent before it are answered: nothing else is in PostgreSQL's queue then.
    const turn = queue.then(nextTurn).then(() => Promise.allSettled([...inFlight])).then(work);
    queue = turn.catch(() => undefined).finally(() => unitsWaiting--);
    return turn;
  }

  /**
   * A statement of its own (autocommit) goes to the database thread without waiting for a turn: the
   * thread runs what it is sent in order, so statements of concurrent requests queue there, not here,
   * and it never waits for this thread between them. Behind a unit, it goes once that unit is done,
   * together with the other statements that waited (one by one they would each wait a turn).
   */
  function single<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if ((params?.length ?? 0) > KEPT_PARAMS_MAX) return exclusive(() => run<T>(text, params, options));
    const send = () => {
      const answer = run<T>(text, params, options);
      inFlight.add(answer);
      const done = () => inFlight.delete(answer);
      answer.then(done, done);
      return answer;
    };
    return unitsWaiting === 0 ? send() : queue.then(send);
  }

  /** One protocol exchange: the database's answer as messages; an error in it is thrown, a notification delivered. */
  async function exchange(message: Uint8Array): Promise<backend.BackendMessage[]> {
    const chunks = await engine.exchange(message, !inTransaction);
    const answer: backend.BackendMessage[] = [];
    const parser = new protocol.Parser();
    for (const chunk of chunks) parser.parse(chunk, (message) => answer.push(message));
    for (const message of answer) {
      if (message instanceof backend.NotificationResponseMessage) {
        listeners.get(message.channel)?.forEach((onMessage) => queueMicrotask(() => onMessage(message.payload)));
      }
    }
    const error = answer.find((message) => message instanceof backend.DatabaseError);
    if (error) throw error;
    return answer;
  }

  async function prepare(text: string, name: string): Promise<Statement> {
    const messages = await exchange(joined([protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]));
    return { name, paramTypes: parse.parseDescribeStatementResults(messages) };
  }

  function statementFor(text: string, paramCount: number): Promise<Statement> {
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
      void oldest.then(({ name }) => exchange(joined([protocol.serialize.close({ type: 'S', name }), protocol.serialize.sync()]))).catch(() => undefined);
    }
    const statement = prepare(text, `mycrm_${++named}`);
    kept.set(text, statement);
    // A text that failed to parse is not kept: the next use reports its error again.
    statement.catch(() => kept.get(text) === statement && kept.delete(text));
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
      const serialize = serializers[statement.paramTypes[i]!];
      return serialize ? serialize(param) : String(param);
    });
    const begin = opensTransaction?.() ?? false;
    // A statement planned once: generic plans only for it, SET LOCAL inside the transaction it runs
    // in, or in one of its own (its COMMIT answers ROLLBACK after an error, which is thrown).
    const once = text.startsWith(PLANNED_ONCE);
    const withinTransaction = opensTransaction !== undefined;
    const messages = await exchange(
      joined([
        ...(begin ? [protocol.serialize.query('BEGIN')] : []),
        ...(once ? [protocol.serialize.query(withinTransaction ? GENERIC_PLANS : `BEGIN; ${GENERIC_PLANS}`)] : []),
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
        ...(once ? [protocol.serialize.query(withinTransaction ? CUSTOM_PLANS : 'COMMIT')] : []),
      ]),
    );
    // The statement's own answer: from its bind to the end of its sync.
    const bound = messages.findLastIndex((message) => message.name === 'bindComplete');
    const end = messages.findIndex((message, i) => i > bound && message.name === 'readyForQuery');
    return parse.parseResults(messages.slice(bound, end + 1), parsers, { rowMode: options?.rowMode }).at(-1) as Results<T>;
  }

  const simple = async (text: string) => parse.parseResults(await exchange(protocol.serialize.query(text)), parsers)[0]!;

  return {
    query: single,
    exclusive,
    listen: (channel, onMessage) =>
      exclusive(async () => {
        const current = listeners.get(channel) ?? new Set();
        if (current.size === 0) await simple(`LISTEN ${quoted(channel)}`);
        listeners.set(channel, current.add(onMessage));
        return () =>
          exclusive(async () => {
            current.delete(onMessage);
            if (current.size > 0 || listeners.get(channel) !== current) return;
            listeners.delete(channel);
            await simple(`UNLISTEN ${quoted(channel)}`);
          });
      }),
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
