import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authThrottle } from '../db/schema.ts';

/**
 * Fixed-window counters in the database, so every instance behind a load balancer sees the same
 * count. `hit` counts one attempt and tells whether the key is over its limit.
 */
export async function hit(db: Db, key: string, limit: number, windowMs: number): Promise<boolean> {
  const windowStart = new Date(Date.now() - windowMs);
  const [row] = await db
    .insert(authThrottle)
    .values({ key, hits: 1 })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        hits: sql`case when ${authThrottle.window_started_at} < ${windowStart.toISOString()} then 1 else ${authThrottle.hits} + 1 end`,
        window_started_at: sql`case when ${authThrottle.window_started_at} < ${windowStart.toISOString()} then now() else ${authThrottle.window_started_at} end`,
      },
    })
    .returning({ hits: authThrottle.hits });
  return (row?.hits ?? 0) > limit;
}

export async function reset(db: Db, key: string): Promise<void> {
  await db.delete(authThrottle).where(sql`${authThrottle.key} = ${key}`);
}
