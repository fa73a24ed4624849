import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../shared/api.ts';
import { logServerError, registerServerErrorLog } from './logging.ts';

/**
 * An error meant for the user: its status, code and message reach the response as they are. A 5xx
 * carries what went wrong underneath as its `cause`, for the log.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);

export function errorBody(code: string, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/**
 * One place turns every failure into the API's error shape; internals never leak to the client.
 * Every 5xx is logged at error level with the request id.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  registerServerErrorLog(app);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) logServerError(request, error, error.statusCode);
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(fields)[0] ?? 'Invalid request';
      return reply.status(400).send(errorBody('validation', first, fields));
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(errorBody('payload_too_large', 'The request is too large.'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send(errorBody('invalid_json', 'The request body is not valid JSON.'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(errorBody('unsupported_media_type', 'Send the request body as JSON.'));
    }
    if (status === 429) {
      return reply.status(429).send(errorBody('rate_limited', error.message || 'Too many requests. Please try again later.'));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody('bad_request', error.message));
    }
    logServerError(request, error, 500);
    return reply.status(500).send(errorBody('internal', 'Something went wrong on our side. Please try again.'));
  });
}

const REQUEST_LINE_MESSAGES = {
  badUrl: 'This address is not valid: part of it is not a correctly percent-encoded character.',
  tooLong: 'This address is too long.',
} as const;

/**
 * Fastify's answers before any route is found (its `frameworkErrors`), in the API's error shape
 * instead of Fastify's own: a path whose percent-encoding decodes to no text (`%ZZ`, the overlong
 * `%C0%AF`, `%FF`), or a path parameter too long to route.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send(errorBody('bad_url', REQUEST_LINE_MESSAGES.badUrl));
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send(errorBody('url_too_long', REQUEST_LINE_MESSAGES.tooLong));
  } else {
    logServerError(request, error, 500);
    void reply.status(500).send(errorBody('internal', 'Something went wrong on our side. Please try again.'));
  }
}
