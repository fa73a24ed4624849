import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/*
 * What the server writes to its log, and what it never writes: passwords, tokens (the setup link's
 * query string too), cookies, authorization headers, Kit keys, and the SQL parameters that carry
 * contact data. The request line keeps its path and the names of its query parameters only.
 */

const CENSORED = '[REDACTED]';

/** Fields that hold secrets, wherever a log call puts them (pino removes them before writing). */
const SECRET_FIELDS = ['password', 'password_confirmation', 'current_password', 'new_password', 'token', 'api_key', 'apiKey', 'cookie', 'authorization'];
const REDACT_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-kit-api-key"]',
  'res.headers["set-cookie"]',
];

/** "/setup?token=abc&lang=de" → "/setup?token=[REDACTED]&lang=[REDACTED]": names help debugging, values may be secrets or contact data. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=${CENSORED}`);
  return `${url.slice(0, at)}?${names.join('&')}`;
}

// Drizzle puts the query's parameters (what a visitor typed) into its error message; PostgreSQL
// quotes a refused value at the end of some messages ('invalid input syntax for type uuid: "…"');
// Kit's errors name the URL they called, whose query may hold an email address.
const SQL_PARAMS = /\nparams: .*/g;
const QUOTED_VALUE = /(for type [\w ]+): ".*"/g;
const URL_QUERY = /(https?:\/\/[^\s?#]+)\?[^\s#]*/g;
const scrub = (text: string) =>
  text.replace(SQL_PARAMS, `\nparams: ${CENSORED}`).replace(QUOTED_VALUE, `$1: ${CENSORED}`).replace(URL_QUERY, `$1?${CENSORED}`);

interface LoggedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  cause?: LoggedError;
}

/**
 * An error as the log shows it: its type, message, stack, code and cause, each scrubbed. Nothing
 * else: a database error's `detail` ("Key (email)=(ada@example.com) already exists"), `params`,
 * `where` and the like hold the very data the log must not.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: scrub(String(error)), stack: '' };
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  return {
    type: error.constructor.name,
    message: scrub(error.message),
    stack: scrub(error.stack ?? ''),
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    ...(error.cause !== undefined && depth < 5 ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}

type RequestForLog = Pick<FastifyRequest, 'method' | 'url' | 'host' | 'ip' | 'socket'>;

/** The logger of the Fastify app: level from LOG_LEVEL, the redactions above, and an optional destination (tests read it). */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  destination?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: CENSORED },
    // Messages are scrubbed like error messages: some quote an error ("Kit sync failed: …").
    hooks: {
      logMethod(args, method) {
        return method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrub(arg) : arg)) as typeof args);
      },
    },
    serializers: {
      req: (request: RequestForLog) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: serializeError,
    },
    ...(destination ? { stream: destination } : {}),
  };
}

const loggedAsError = new WeakSet<FastifyRequest>();

/** Logs a failed request at error level, once, with its request id (every line of `request.log` carries it). */
export function logServerError(request: FastifyRequest, error: unknown, statusCode: number): void {
  loggedAsError.add(request);
  request.log.error({ err: error, statusCode }, 'request failed');
}

/** Every 5xx answer reaches the error log, also the ones a handler sent itself rather than threw. */
export function registerServerErrorLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 500 && !loggedAsError.has(request)) {
      request.log.error({ statusCode: reply.statusCode }, 'request failed');
    }
  });
}
