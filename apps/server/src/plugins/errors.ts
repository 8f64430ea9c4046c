import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.js';
import { dbCause, isInvalidTextError, isOutOfRangeError } from '../lib/text-guard.js';
import { validationMessage } from '../lib/validation-message.js';

/** The catalogue error of a client error Fastify itself raised (bad JSON or URL, content type, body size...). */
export function clientError(code: number, err: Error): AppError {
  if (code === 415) return new AppError(415, 'http.unsupportedMediaType', { detail: err.message });
  if (code === 413) return new AppError(413, 'http.bodyTooLarge');
  return new AppError(code, 'http.clientError', { detail: err.message });
}

/** The wait a 429's message parameters name (`seconds`, or `minutes`), in whole seconds; null when none. */
function retryAfterSeconds(params: Record<string, unknown>): number | null {
  const { seconds, minutes } = params;
  if (typeof seconds === 'number' && seconds > 0) return Math.ceil(seconds);
  if (typeof minutes === 'number' && minutes > 0) return Math.ceil(minutes * 60);
  return null;
}

/**
 * Turns every error into the `{ status, msg, data, msgKey, msgParams }` body (msgKey from the shared message
 * catalogue): AppError keeps its status, schema validation gives 400 naming the field, text or a number the
 * database refused (SQLSTATE 22021, 22P05, 22P02, 22003) gives 400, other client errors keep their 4xx, and
 * anything else is a logged 500 with a generic message. A 429 carries Retry-After. A failed query is logged with its SQL text and the
 * database's code and message, never with its parameters (they may hold passwords).
 */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let out: AppError;
    if (err instanceof AppError) out = err;
    else if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field =
        first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || err.validationContext || 'body';
      const parts: Record<string, unknown> = { body: req.body, querystring: req.query, params: req.params };
      const part = parts[err.validationContext ?? ''];
      const path = (first?.instancePath ?? '').split('/').filter(Boolean);
      const value = path.reduce<unknown>((v, k) => (v as Record<string, unknown> | null)?.[k], part);
      const m = validationMessage(first, field, value === undefined);
      out = new AppError(400, m.key, m.params);
    } else if (isInvalidTextError(err)) out = new AppError(400, 'validation.unstorableText');
    else if (isOutOfRangeError(err)) out = new AppError(400, 'validation.numberOutOfRange');
    else {
      const code = err.statusCode ?? 500;
      if (code >= 400 && code < 500) out = clientError(code, err);
      else {
        const db = dbCause(err);
        if (db) req.log.error({ db }, 'database error');
        else req.log.error({ err }, 'unhandled error');
        out = new AppError(500, 'common.serverError');
      }
    }
    // A throttle's 429 says when to come back (seconds or minutes in its message), as @fastify/rate-limit does.
    const wait = out.statusCode === 429 ? retryAfterSeconds(out.msgParams) : null;
    if (wait != null && !reply.hasHeader('retry-after')) reply.header('Retry-After', String(wait));
    return reply.status(out.statusCode).send(out.body());
  });
});
