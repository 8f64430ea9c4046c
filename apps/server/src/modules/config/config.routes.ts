import type { WebsiteConfig } from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';

/** Public site configuration (doc 1 §1, §3). Admin config routes live in `config.admin.routes.ts`. */
const configRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/get-website-config -> WebsiteConfig with the spec's defaults. */
  app.get('/get-website-config', async () => {
    const w = await app.ctx.config.get('website');
    const data: WebsiteConfig = { ...w };
    return ok(data);
  });
};

export default configRoutes;
