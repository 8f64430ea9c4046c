import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Route config that leaves the document security headers off a route (hashed scripts, styles and fonts set their
 * own few: plugins/web.ts).
 */
export interface SecurityHeadersRouteConfig {
  securityHeaders?: false;
}

/**
 * The headers helmet's middleware sets for `options`, computed once: name -> value. Our options are static (no
 * nonce, no directive computed from the request), so every response gets the same set; helmet sets them
 * synchronously and reads nothing of the request. Throws helmet's error on invalid options.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return headers;
}

/**
 * Security headers on every response (issue 8, finding 11): helmet's, from `options`, except on routes whose config
 * says `securityHeaders: false`. @fastify/helmet rebuilt helmet's middleware, parsing the CSP, on every request
 * (a tenth of the server's CPU on a cached API page); the set is built once here and added as it is.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (req, reply, done) => {
    if ((req.routeOptions.config as SecurityHeadersRouteConfig).securityHeaders !== false)
      reply.headers(headers);
    done();
  });
});
