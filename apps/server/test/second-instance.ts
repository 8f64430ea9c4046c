import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import { newExtensionPoints } from '../src/app-events.js';
import type { AppContext } from '../src/context.js';
import type { TestApp } from './helpers.js';

/** A second server instance on a test app's database (see secondInstance). */
export interface SecondInstance {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/**
 * Another server instance on the database of `a`, as another node:cluster process or scaled instance would be:
 * every server module imported again (vi.resetModules: its own module state, caches, hooks and listening
 * connection), built and ready. On PostgreSQL (TEST_DATABASE_URL) it has a pool of its own (`poolSize`
 * connections); on PGlite it shares the database object (PGlite is one process's database). Close it before `a`.
 */
export async function secondInstance(a: TestApp, poolSize = 2): Promise<SecondInstance> {
  vi.resetModules();
  const { buildApp } = await import('../src/app.js');
  const { openDb } = await import('../src/db/client.js');
  const { ConfigService } = await import('../src/modules/config/config.service.js');
  const dbUrl = process.env.TEST_DATABASE_URL
    ? (a.ctx.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
        .connectionString
    : undefined;
  const handle = dbUrl ? await openDb({ url: dbUrl, poolSize }) : undefined;
  const db = handle?.db ?? a.ctx.db;
  const ctx: AppContext = { ...a.ctx, db, config: new ConfigService(db), ...newExtensionPoints() };
  const app = await buildApp({ ctx });
  await app.ready();
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await handle?.close();
    },
  };
}
