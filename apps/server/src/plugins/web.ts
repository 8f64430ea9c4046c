import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Cache-Control of Vite's content-hashed files under `/assets/`: their bytes never change under one name. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app from `webDist` (when it holds an index.html) and answers every other path: a GET
 * outside `/api` gets index.html (history mode, revalidated on every load), an unknown API path a 404 body.
 * Files go out precompressed: `<file>.br` or `<file>.gz` written at build time (apps/web/build/precompress.ts)
 * chosen by `Accept-Encoding`, with `Vary: Accept-Encoding`; hashed assets are cached as immutable.
 */
export async function registerWeb(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const webRoot = webDist && fs.existsSync(path.join(webDist, 'index.html')) ? path.resolve(webDist) : null;
  if (webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, file) => {
        const hashed = file.startsWith(path.join(webRoot, 'assets') + path.sep);
        res.header('Cache-Control', hashed ? IMMUTABLE_CACHE : 'no-cache');
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
      .send({ status: 404, msg: `No such API: ${req.method} ${req.url.split('?')[0]}`, data: null });
  });
}
