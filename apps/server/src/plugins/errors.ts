import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.js';
import { dbCause, isInvalidTextError, isOutOfRangeError } from '../lib/text-guard.js';

/**
 * Turns every error into the `{ status, msg, data }` body: AppError keeps its status, schema validation gives 400
 * naming the field, text or a number the database refused (SQLSTATE 22021, 22P05, 22P02, 22003) gives 400, other
 * client errors keep their 4xx, and anything else is a logged 500 with a generic message. A failed query is logged
 * with its SQL text and the database's code and message, never with its parameters (they may hold passwords).
 */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send({ status: err.statusCode, msg: err.message, data: err.data });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field =
        first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || err.validationContext || 'body';
      const msg = `${field}: ${first?.message ?? 'invalid value'}`;
      return reply.status(400).send({ status: 400, msg, data: null });
    }
    if (isInvalidTextError(err)) {
      return reply
        .status(400)
        .send({ status: 400, msg: 'A value holds text that cannot be stored', data: null });
    }
    if (isOutOfRangeError(err)) {
      return reply.status(400).send({ status: 400, msg: 'A number is out of range', data: null });
    }
    const code = err.statusCode ?? 500;
    if (code >= 400 && code < 500) {
      return reply.status(code).send({ status: code, msg: err.message, data: null });
    }
    const db = dbCause(err);
    if (db) req.log.error({ db }, 'database error');
    else req.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send({ status: 500, msg: 'Server error, please refresh and try again', data: null });
  });
});
