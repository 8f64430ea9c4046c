import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../src/app.js';
import { newExtensionPoints } from '../src/app-events.js';
import type { AppContext } from '../src/context.js';
import { openDb } from '../src/db/client.js';
import { seed } from '../src/db/seed.js';
import { loadEnv } from '../src/env.js';
import { ConfigService } from '../src/modules/config/config.service.js';

export const ROOT_PASSWORD = 'rootpass123';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/**
 * The site settings' freshness in tests (ms): 0, every read goes to the database, unless `OJ_TEST_CONFIG_TTL_MS`
 * says otherwise (the server keeps them 2 s). A settings read made inside a transaction froze PGlite whenever the
 * 2 s ran out at that moment; read on every call, such a read fails every run (db/pglite-guard.ts) instead of
 * hanging once in a while.
 */
function configTtlMs(): number {
  const v = process.env.OJ_TEST_CONFIG_TTL_MS;
  return v == null || v === '' ? 0 : Number(v);
}

/**
 * A real app on a fresh, migrated and seeded database: PGlite in memory, or, when TEST_DATABASE_URL is set, a
 * database of its own on that PostgreSQL server (dropped on close). `root` has password ROOT_PASSWORD.
 */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  appOptions: Pick<BuildAppOptions, 'onRoute' | 'checkResponses'> = {},
): Promise<TestApp> {
  const url = process.env.TEST_DATABASE_URL;
  const dbName = url ? `oj_test_${randomBytes(6).toString('hex')}` : undefined;
  if (url && dbName) await adminQuery(url, `CREATE DATABASE "${dbName}"`);
  const handle = await openDb(url && dbName ? { url: withDatabase(url, dbName), poolSize: 4 } : {});
  const env = loadEnv({
    OJ_DATA_DIR: `/tmp/oj-test-${randomBytes(6).toString('hex')}`,
    OJ_ADMIN_PASSWORD: ROOT_PASSWORD,
    OJ_JWT_SECRET: randomBytes(24).toString('hex'),
    OJ_EMBEDDED_JUDGE_WORKERS: '0',
    LOG_LEVEL: 'silent',
    ...envOverrides,
  });
  const ctx: AppContext = {
    env,
    db: handle.db,
    dbKind: handle.kind,
    config: new ConfigService(handle.db, configTtlMs()),
    ...newExtensionPoints(),
  };
  await seed(ctx);
  // Every answer of a route the OpenAPI document describes is checked against its schema (a mismatch is a 500).
  const app = await buildApp({ ctx, checkResponses: () => {}, ...appOptions });
  await app.ready();
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await handle.close();
      if (url && dbName) await adminQuery(url, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    },
  };
}

/** Logs in through POST /api/login and returns the token from the Authorization header. Throws on failure. */
export async function login(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  const token = res.headers.authorization;
  if (res.statusCode !== 200 || typeof token !== 'string') {
    throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  }
  return token;
}

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}
