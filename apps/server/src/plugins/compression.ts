import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Responses smaller than this (bytes) go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Content types compressed on the fly: JSON and text, never the live event stream (it must flush each event)
 * nor downloads (zip and octet-stream are already compressed or binary, and keep their Content-Length).
 */
export const COMPRESSIBLE_TYPES =
  /^(?:application\/(?:[\w.+-]*\+)?json|text\/(?!event-stream)[\w.+-]+)(?:;|$)/;

/**
 * On-the-fly compression of API answers (issue 14, "Weight on the wire"): brotli (quality 4) or gzip by the
 * request's `Accept-Encoding`, with `Vary: Accept-Encoding`, for compressible bodies of at least 1 KiB. Answers
 * that already carry a `Content-Encoding` (the precompressed web assets) pass untouched. Register before routes.
 */
export default fp(async function compressionPlugin(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
  });
});
