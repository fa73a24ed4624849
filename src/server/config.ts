import path from 'node:path';
import { z } from 'zod';
import { parseHost } from './auth/origin.ts';
import { parseSecretKey, SecretKeyError } from './kit/secret-box.ts';

/**
 * Every environment variable the server reads, with its default. The configuration table in docs/configuration.md
 * is written from this file; keep the two in step.
 */
/** An empty variable counts as unset. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  /** Where the embedded database and uploaded files live. */
  DATA_DIR: z.string().default('./data'),
  /** postgres://… to run on PostgreSQL instead of the embedded database. */
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL connections per instance. */
  DATABASE_POOL_SIZE: unsetIfEmpty(z.coerce.number().int().min(1).max(1000).default(10)),
  /** The address people use to reach the product; used for links in logs, the CSRF check and the Host check. */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Other host names this server answers to, comma-separated: `name` (any port) or `name:port`.
   * Requests naming any other host (their Host, or a trusted proxy's X-Forwarded-Host) are refused
   * with 421, so DNS rebinding cannot reach the server; PUBLIC_URL's host and the loopback literals
   * (localhost, 127.0.0.1, [::1]) are always answered.
   */
  ALLOWED_HOSTS: z.string().default(''),
  /** Trust X-Forwarded-For from: false, true (any proxy), or comma-separated proxy addresses/CIDRs. */
  TRUST_PROXY: z.string().default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Signs everyone in as a development user. Refused in production. */
  MYCRM_DEV_AUTOLOGIN: z.enum(['0', '1', '']).default(''),
  /** Failed sign-ins allowed in a 15-minute window: per IP address (any emails), per email from one address, per email from all addresses. */
  LOGIN_MAX_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_MAX_PER_EMAIL_IP: z.coerce.number().int().positive().default(10),
  LOGIN_MAX_PER_EMAIL: z.coerce.number().int().positive().default(100),
  /** Public sign-ups (waiting list, webinar) allowed per IP address per minute, counted in the database. */
  PUBLIC_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Meta (Facebook) pixel id for the public site; unset means no pixel. Loaded only after cookie consent. */
  META_PIXEL_ID: z
    .string()
    .regex(/^\d{5,20}$/, 'must be the numeric pixel id')
    .optional()
    .or(z.literal('')),
  /** Uploaded images in an S3-compatible bucket instead of DATA_DIR/uploads (needed once several instances run). */
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional().or(z.literal('')),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '']).default('false'),
  S3_PREFIX: z.string().default(''),
  /** Kit's API base; tests and local demos point it at the fake Kit server. */
  KIT_API_BASE: unsetIfEmpty(z.url().default('https://api.kit.com/v4')),
  /**
   * Requests this instance allows itself per window. Kit allows 120 per rolling 60 s per API key;
   * several instances sharing one key should split it (e.g. 60 each for two instances).
   */
  KIT_RATE_LIMIT: unsetIfEmpty(z.coerce.number().int().positive().default(120)),
  KIT_RATE_WINDOW_MS: unsetIfEmpty(z.coerce.number().int().positive().default(60_000)),
  /** Minutes between reconciliation passes, which read what changed in Kit since the last one; 0: none. */
  KIT_RECONCILE_MINUTES: unsetIfEmpty(z.coerce.number().int().min(0).max(7 * 24 * 60).default(60)),
  /** 32 bytes, base64 or hex, that encrypt the stored Kit API key; generated into DATA_DIR/secret.key when unset. */
  MYCRM_SECRET_KEY: z.string().optional(),
  /** Backups kept in DATA_DIR/backups; older ones are deleted after each new backup. */
  BACKUP_KEEP: unsetIfEmpty(z.coerce.number().int().min(1).max(1000).default(7)),
  /** The hour (UTC, 0-23) of the nightly backup, or `off`. */
  BACKUP_HOUR: unsetIfEmpty(z.union([z.literal('off'), z.coerce.number().int().min(0).max(23)]).default(3)),
  /** Encrypts backups instead of the instance secret: then the passphrase alone restores them, on any machine. */
  BACKUP_PASSPHRASE: unsetIfEmpty(z.string().min(12, 'must be at least 12 characters').max(1024).optional()),
  /** The bearer token that GET /metrics asks for; unset: no metrics endpoint. */
  METRICS_TOKEN: unsetIfEmpty(z.string().min(16, 'must be at least 16 characters').max(1024).optional()),
  /** On SIGTERM, how long requests in flight and workers' current jobs may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: unsetIfEmpty(z.coerce.number().int().min(0).max(10 * 60_000).default(10_000)),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  publicUrl: string | undefined;
  /** ALLOWED_HOSTS: host names answered besides PUBLIC_URL's and the loopback literals (auth/origin.ts). */
  allowedHosts: string[];
  trustProxy: boolean | string[];
  logLevel: Env['LOG_LEVEL'];
  devAutologin: boolean;
  /** Failed sign-ins per window: per address, per email from one address, per email from all addresses. */
  login: { maxPerIp: number; maxPerEmailIp: number; maxPerEmail: number; windowMs: number };
  /** Sign-ups per IP address per minute on the public lead endpoints. */
  publicRateLimitPerMinute: number;
  metaPixelId: string | undefined;
  /** Where uploaded images are stored (src/server/images/storage.ts). */
  imageStorage: ImageStorageConfig;
  kit: KitConfig;
  backup: BackupConfig;
  /** METRICS_TOKEN: the bearer token of GET /metrics; undefined: the endpoint does not exist. */
  metricsToken: string | undefined;
  /** SHUTDOWN_TIMEOUT_MS: the time a SIGTERM gives requests in flight and workers to finish. */
  shutdownTimeoutMs: number;
  /** Built browser bundle, served by the server; absent in development (Vite serves it). */
  webDir: string;
}

/** How this instance reaches Kit (src/server/kit). */
export interface KitConfig {
  apiBase: string;
  /** Requests per window this instance allows itself (Kit: 120 per 60 s per key). */
  rateLimit: number;
  rateWindowMs: number;
  /** Encrypts the stored API key; unset: DATA_DIR/secret.key. */
  secretKey: string | undefined;
  /** Between reconciliation passes (unset: hourly; 0: none). */
  reconcileIntervalMs?: number;
}

/** Backups (src/server/backup): where, how many, when, and with what key. */
export interface BackupConfig {
  /** DATA_DIR/backups. */
  dir: string;
  keep: number;
  /** The nightly backup's hour in UTC; null: no nightly backup. */
  nightlyHourUtc: number | null;
  /** Unset: backups are encrypted with the instance secret (MYCRM_SECRET_KEY or DATA_DIR/secret.key). */
  passphrase: string | undefined;
}

export type ImageStorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** An S3-compatible service's address (MinIO, R2, …); unset means AWS itself. */
      endpoint?: string;
      /** Unset: the AWS SDK's own chain (AWS_* variables, an instance role, …). */
      credentials?: { accessKeyId: string; secretAccessKey: string };
      /** The bucket in the path instead of the host name: what most S3-compatible servers want. */
      forcePathStyle: boolean;
      /** Prepended to every key, so one bucket can hold several installations. */
      prefix: string;
    };

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const devAutologin = env.MYCRM_DEV_AUTOLOGIN === '1';
  if (devAutologin && isProduction) {
    throw new ConfigError('MYCRM_DEV_AUTOLOGIN=1 is refused when NODE_ENV=production: it would sign anyone in.');
  }
  const trust = env.TRUST_PROXY.trim().toLowerCase();
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, ''),
    allowedHosts: allowedHosts(env.ALLOWED_HOSTS),
    trustProxy: trust === 'true' ? true : trust === 'false' || trust === '' ? false : trust.split(',').map((s) => s.trim()),
    logLevel: env.LOG_LEVEL,
    devAutologin,
    login: {
      maxPerIp: env.LOGIN_MAX_PER_IP,
      maxPerEmailIp: env.LOGIN_MAX_PER_EMAIL_IP,
      maxPerEmail: env.LOGIN_MAX_PER_EMAIL,
      windowMs: 15 * 60_000,
    },
    publicRateLimitPerMinute: env.PUBLIC_RATE_LIMIT_PER_MINUTE,
    metaPixelId: env.META_PIXEL_ID || undefined,
    imageStorage: imageStorageConfig(env),
    kit: kitConfig(env),
    backup: {
      dir: path.join(path.resolve(env.DATA_DIR), 'backups'),
      keep: env.BACKUP_KEEP,
      nightlyHourUtc: env.BACKUP_HOUR === 'off' ? null : env.BACKUP_HOUR,
      passphrase: env.BACKUP_PASSPHRASE,
    },
    metricsToken: env.METRICS_TOKEN,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    webDir: path.resolve('dist/web'),
  };
}

function allowedHosts(list: string): string[] {
  const entries = list.split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean);
  const invalid = entries.filter((entry) => !parseHost(entry));
  if (invalid.length) {
    throw new ConfigError(`ALLOWED_HOSTS: ${invalid.map((e) => JSON.stringify(e)).join(', ')} is not a host name (write name or name:port, comma-separated).`);
  }
  return entries;
}

function kitConfig(env: Env): KitConfig {
  if (env.MYCRM_SECRET_KEY) {
    // A malformed secret stops the start, not the first sync.
    try {
      parseSecretKey(env.MYCRM_SECRET_KEY);
    } catch (error) {
      if (error instanceof SecretKeyError) throw new ConfigError(error.message);
      throw error;
    }
  }
  return {
    apiBase: env.KIT_API_BASE.replace(/\/+$/, ''),
    rateLimit: env.KIT_RATE_LIMIT,
    rateWindowMs: env.KIT_RATE_WINDOW_MS,
    secretKey: env.MYCRM_SECRET_KEY || undefined,
    reconcileIntervalMs: env.KIT_RECONCILE_MINUTES * 60_000,
  };
}

function imageStorageConfig(env: Env): ImageStorageConfig {
  if (!env.S3_BUCKET) return { kind: 'local', dir: path.join(path.resolve(env.DATA_DIR), 'uploads') };
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the AWS SDK then finds credentials itself).');
  }
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT || undefined,
    credentials: env.S3_ACCESS_KEY_ID ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY! } : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    prefix: env.S3_PREFIX,
  };
}
