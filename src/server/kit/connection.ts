import type { Config, KitConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { KitClient, type KitClientOptions } from './client.ts';
import { limiterFor } from './rate-limiter.ts';
import { requireKitApiKey, secretKeyProvider } from './settings.ts';

/** What the routes and the worker need to reach Kit: the database, the Kit configuration, the secret. */
export interface KitContext {
  db: Db;
  env: KitConfig;
  secret: () => Buffer;
}

export function createKitContext(db: Db, config: Pick<Config, 'dataDir' | 'kit'>): KitContext {
  return { db, env: config.kit, secret: secretKeyProvider(config.dataDir, config.kit.secretKey) };
}

export type ClientTuning = Partial<Pick<KitClientOptions, 'priority' | 'signal' | 'timeoutMs' | 'maxAttempts' | 'backoffMs' | 'maxBackoffMs'>>;

/** A client for `apiKey`, paced by the process-wide limiter of that key. */
export function kitClientForKey(env: KitConfig, apiKey: string, tuning: ClientTuning = {}): KitClient {
  const limiter = limiterFor(env.apiBase, apiKey, { limit: env.rateLimit, windowMs: env.rateWindowMs });
  return new KitClient({ apiKey, baseUrl: env.apiBase, limiter, ...tuning });
}

/** A client for the saved key; throws "Kit API key not configured" when there is none. */
export async function kitClient(ctx: KitContext, tuning: ClientTuning = {}): Promise<KitClient> {
  return kitClientForKey(ctx.env, await requireKitApiKey(ctx.db, ctx.secret), tuning);
}

/** A client for a person waiting on the screen: ahead of background syncs, and few retries. */
export function interactiveKitClient(ctx: KitContext): Promise<KitClient> {
  return kitClient(ctx, { priority: 'interactive', maxAttempts: 3 });
}
