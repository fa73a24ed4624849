import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Db } from '../db/client.ts';
import { MemoryCounts } from './memory-counts.ts';
import { AppError } from './errors.ts';

/*
 * Rate-limit counters for sign-in failures and public sign-ups. Each key counts in a fixed window
 * that starts with its first hit.
 *
 * On PostgreSQL they live in the database (table auth_throttle), so every instance behind a load
 * balancer sees the same count, and all time is the database's, never one instance's. The embedded
 * database serves exactly one process (it locks its data directory), so there the process's memory
 * is as shared as a table, and a count costs no write transaction of its own: a public sign-up then
 * commits once instead of twice. Counts in memory start again when the process restarts.
 */

export interface Count {
  hits: number;
  /** The key has more hits than its limit in the current window. */
  over: boolean;
  /** Seconds until the window ends and the count starts again. */
  retryAfterSeconds: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const windowOf = (windowMs: number) => sql`${Math.round(windowMs)}::integer * interval '1 millisecond'`;

/** Counts one hit on `key` and tells whether it went over `limit`. */
export async function countHit(db: Db, key: string, limit: number, windowMs: number): Promise<Count> {
  if (isEmbedded(db)) return countsInMemory(db).hit(key, limit, windowMs);
  await sweepNowAndThen(db);
  const window = windowOf(windowMs);
  const [row] = rowsOf<{ hits: number; retry_after: number | string }>(
    await db.execute(sql`
      insert into auth_throttle as t (key, hits, window_started_at) values (${key}, 1, now())
      on conflict (key) do update set
        hits = case when t.window_started_at <= now() - ${window} then 1 else t.hits + 1 end,
        window_started_at = case when t.window_started_at <= now() - ${window} then now() else t.window_started_at end
      returning hits, ceil(extract(epoch from (window_started_at + ${window} - now())))::integer as retry_after`),
  );
  const hits = Number(row?.hits ?? 0);
  return { hits, over: hits > limit, retryAfterSeconds: Math.max(1, Number(row?.retry_after ?? 1)) };
}

export interface AddressLimit {
  /** Names the counter: each scope counts apart. */
  scope: string;
  max: number;
  windowMs: number;
  /** What the 429 says. */
  message: string;
  code?: string;
}

/** A route hook that counts each request per client address and answers 429 (with Retry-After) above `max`. */
export function limitPerAddress(db: Db, { scope, max, windowMs, message, code = 'rate_limited' }: AddressLimit) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const count = await countHit(db, `${scope}:ip:${request.ip}`, max, windowMs);
    if (!count.over) return;
    reply.header('Retry-After', String(count.retryAfterSeconds));
    throw new AppError(429, code, message);
  };
}

/** Takes one hit back (an attempt that turned out to be no failure, such as a right password). */
export async function forgiveHit(db: Db, key: string): Promise<void> {
  if (isEmbedded(db)) return countsInMemory(db).forgive(key);
  await db.execute(sql`update auth_throttle set hits = greatest(hits - 1, 0) where key = ${key}`);
}

export async function clearHits(db: Db, key: string): Promise<void> {
  if (isEmbedded(db)) return countsInMemory(db).clear(key);
  await db.execute(sql`delete from auth_throttle where key = ${key}`);
}

/** Forgets every counter whose key holds `text` (an erased person's email), whatever its scope. */
export async function clearHitsNaming(db: Db, text: string): Promise<void> {
  const needle = text.toLowerCase();
  if (isEmbedded(db)) return countsInMemory(db).clearWhere((key) => key.toLowerCase().includes(needle));
  await db.execute(sql`delete from auth_throttle where strpos(lower(key), ${needle}) > 0`);
}

/**
 * Every address that ever signed up leaves a row; an instance deletes the stale ones (windows
 * here last minutes, so a day is stale for every key) at most once an hour.
 */
const SWEEP_EVERY_MS = 60 * 60_000;
const lastSweep = new WeakMap<Db, number>();

async function sweepNowAndThen(db: Db): Promise<void> {
  const now = Date.now();
  if (now - (lastSweep.get(db) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now);
  await db.execute(sql`delete from auth_throttle where window_started_at < now() - interval '1 day'`);
}

const isEmbedded = (db: Db): boolean => db instanceof PgliteDatabase;

/** One set of counts per embedded database (a test may open several in one process). */
const memoryCounts = new WeakMap<Db, MemoryCounts>();
function countsInMemory(db: Db): MemoryCounts {
  let counts = memoryCounts.get(db);
  if (!counts) memoryCounts.set(db, (counts = new MemoryCounts()));
  return counts;
}
