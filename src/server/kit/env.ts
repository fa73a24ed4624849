import { z } from 'zod';
import { parseSecretKey } from './secret-box.ts';

/**
 * The environment variables of the Kit integration (kept here rather than in config.ts so the
 * feature stays in its folder; the README's configuration table lists them too).
 */
/** An empty variable counts as unset. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema);

const kitEnvSchema = z.object({
  /** Kit's API base; tests and local demos point it at the fake Kit server. */
  KIT_API_BASE: unsetIfEmpty(z.url().default('https://api.kit.com/v4')),
  /**
   * Requests this instance allows itself per window. Kit allows 120 per rolling 60 s per API key;
   * several instances sharing one key should split it (e.g. 60 each for two instances).
   */
  KIT_RATE_LIMIT: unsetIfEmpty(z.coerce.number().int().positive().default(120)),
  KIT_RATE_WINDOW_MS: unsetIfEmpty(z.coerce.number().int().positive().default(60_000)),
  /** 32 bytes, base64 or hex, that encrypt the stored API key; generated into DATA_DIR/secret.key when unset. */
  MYCRM_SECRET_KEY: z.string().optional(),
});

export interface KitEnv {
  apiBase: string;
  rateLimit: number;
  rateWindowMs: number;
  secretKey: string | undefined;
}

export function loadKitEnv(source: NodeJS.ProcessEnv = process.env): KitEnv {
  const parsed = kitEnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid Kit configuration: ${problems}`);
  }
  const env = parsed.data;
  if (env.MYCRM_SECRET_KEY) parseSecretKey(env.MYCRM_SECRET_KEY); // a malformed secret stops the start, not the first sync
  return {
    apiBase: env.KIT_API_BASE.replace(/\/+$/, ''),
    rateLimit: env.KIT_RATE_LIMIT,
    rateWindowMs: env.KIT_RATE_WINDOW_MS,
    secretKey: env.MYCRM_SECRET_KEY || undefined,
  };
}
