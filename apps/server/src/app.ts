import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context.js';
import { modules } from './modules/index.js';
import authPlugin from './plugins/auth.js';
import errorsPlugin from './plugins/errors.js';

export interface BuildAppOptions {
  ctx: AppContext;
  logger?: FastifyServerOptions['logger'];
  /** Directory of the built web app to serve with history-mode fallback; absent serves the API only. */
  webDist?: string;
}

/**
 * Builds the Fastify app: error handling, auth, every API module under `/api`, and the built web app.
 * Does not listen; `server.ts` does, tests use `app.inject`.
 */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 256 * 1024 * 1024,
    trustProxy: opts.ctx.env.OJ_TRUST_PROXY === 'true',
    ajv: { customOptions: { coerceTypes: 'array' } },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', opts.ctx);
  await app.register(errorsPlugin);
  await app.register(authPlugin);
  await app.register(multipart, { limits: { fileSize: 256 * 1024 * 1024, files: 1 } });

  await app.register(
    async (api) => {
      for (const m of modules) await api.register((await m.load()).default);
    },
    { prefix: '/api' },
  );

  const webRoot =
    opts.webDist && fs.existsSync(path.join(opts.webDist, 'index.html')) ? path.resolve(opts.webDist) : null;
  if (webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders: (res, file) => {
        // Vite's hashed assets never change; index.html always revalidates.
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }
  // History-mode fallback: any GET outside /api gets index.html; unknown API paths get a 404 body.
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url === '/api' || req.url.startsWith('/api/');
    if (webRoot && !isApi && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ status: 404, msg: `No such API: ${req.method} ${req.url.split('?')[0]}`, data: null });
  });
  return app;
}
