import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';

/** Cache-Control of Vite's content-hashed files under `/assets/`: their bytes never change under one name. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** Headers @fastify/static sets that a content-hashed, immutable file does not need. */
const ASSET_DROPPED_HEADERS = ['etag', 'last-modified', 'accept-ranges'];

/** URL prefix of Vite's hashed build output. */
const ASSETS_PREFIX = '/assets/';

/** The security headers that matter on a script, style or font (helmet's others apply to documents). */
const ASSET_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * Serves the built web app from `webDist` (when it holds an index.html) and answers every other path: a GET
 * outside `/api` gets index.html (history mode, revalidated on every load), an unknown API path a 404 body.
 * Files go out precompressed: `<file>.br` or `<file>.gz` written at build time (apps/web/build/precompress.ts)
 * chosen by `Accept-Encoding`, with `Vary: Accept-Encoding`; hashed assets are cached as immutable.
 */
export async function registerWeb(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const webRoot = webDist && fs.existsSync(path.join(webDist, 'index.html')) ? path.resolve(webDist) : null;
  if (webRoot) {
    // Scripts, styles and fonts are not documents: the document-only security headers (CSP, framing, HSTS…, about
    // 0.7 KB a response, ~90 responses for a problem page) are left off them; nosniff and CORP stay.
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith(ASSETS_PREFIX))
        route.config = { ...route.config, securityHeaders: false } as typeof route.config;
    });
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, file) => {
        const hashed = file.startsWith(path.join(webRoot, 'assets') + path.sep);
        res.header('Cache-Control', hashed ? IMMUTABLE_CACHE : 'no-cache');
        if (hashed) {
          res.headers(ASSET_SECURITY_HEADERS);
          // An immutable file is never revalidated: its validators and range advert are ~95 bytes of every one of
          // the ~40-100 responses of a cold page load (index.html keeps them, it is revalidated on every load).
          for (const h of ASSET_DROPPED_HEADERS) res.removeHeader(h);
        }
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url === '/api' || req.url.startsWith('/api/');
    if (webRoot && !isApi && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .send(
        new AppError(404, 'common.noSuchApi', { method: req.method, path: req.url.split('?')[0] }).body(),
      );
  });
}
