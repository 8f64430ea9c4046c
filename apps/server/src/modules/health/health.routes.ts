import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { checkHealth, type Health } from './health.service.js';

/** Contexts whose server is shutting down: health answers 503 so load balancers stop sending traffic. */
const closing = new WeakSet<AppContext>();

/** Marks this server as shutting down (server.ts, on SIGTERM / SIGINT). */
export function markClosing(ctx: AppContext): void {
  closing.add(ctx);
}

/** True once markClosing was called for this context. */
export function isClosing(ctx: AppContext): boolean {
  return closing.has(ctx);
}

/** How long one answer is reused: a monitor polling every 100 ms still costs the database one check a second. */
const CACHE_MS = 1000;

/** Health (issue 15): public and cheap, for load balancers and monitoring. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  let cached: { at: number; health: Health } | null = null;
  /**
   * GET /api/health -> { status: ok | degraded | down | closing, database, migrations, judgehosts, queue,
   * uptimeSeconds }; HTTP 200 while the instance can serve (ok, degraded: no judgehost online), 503 when the
   * database is unreachable, migrations are not current, or the server is shutting down.
   */
  app.get('/health', async (_req, reply) => {
    const shuttingDown = isClosing(app.ctx);
    if (!cached || Date.now() - cached.at > CACHE_MS || shuttingDown) {
      cached = {
        at: Date.now(),
        health: await checkHealth(app.ctx.db, app.ctx.dbLabel ?? app.ctx.dbKind, shuttingDown),
      };
    }
    const { health } = cached;
    const serving = health.status === 'ok' || health.status === 'degraded';
    reply.header('cache-control', 'no-store');
    return reply
      .status(serving ? 200 : 503)
      .send({ status: serving ? 200 : 503, msg: health.status, data: health });
  });
};

export default healthRoutes;
