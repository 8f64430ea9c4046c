import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { newExtensionPoints } from '../../apps/server/src/app-events.js';
import type { AppContext } from '../../apps/server/src/context.js';
import { openDb } from '../../apps/server/src/db/client.js';
import { loadEnv } from '../../apps/server/src/env.js';
import { ConfigService } from '../../apps/server/src/modules/config/config.service.js';

/** A bench's own PostgreSQL database: the server context on it, and `close()` that drops it (unless BENCH_KEEP_DB). */
export interface PgBench {
  ctx: AppContext;
  dbName: string;
  close(): Promise<void>;
}

/** Runs one statement on the server at `url` (CREATE / DROP DATABASE cannot run in a pool's transaction). */
async function adminQuery(url: string, q: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

/** A fresh database `oj_bench_<random>` on a PostgreSQL server: its URL, and `drop()` (unless BENCH_KEEP_DB). */
export interface FreshDatabase {
  url: string;
  dbName: string;
  drop(): Promise<void>;
}

/** Creates a fresh, empty database on the PostgreSQL server of `base` (a postgres:// URL); the server migrates it. */
export async function freshDatabase(base: string): Promise<FreshDatabase> {
  const dbName = `oj_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(base, `CREATE DATABASE "${dbName}"`);
  const u = new URL(base);
  u.pathname = `/${dbName}`;
  return {
    url: u.toString(),
    dbName,
    async drop() {
      if (process.env.BENCH_KEEP_DB) console.log(`kept database ${dbName}`);
      else await adminQuery(base, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    },
  };
}

/**
 * Creates a fresh database `oj_bench_<random>` on the PostgreSQL server of `base` (a postgres:// URL), opens it with
 * a pool of 10 and builds the server context the benches use (no demo problems, no embedded judge, silent logs).
 * Migrations run on open; seeding is the caller's.
 */
export async function openPgBench(base: string): Promise<PgBench> {
  process.env.OJ_DEMO_SEED = '0';
  const fresh = await freshDatabase(base);
  const { dbName } = fresh;
  const handle = await openDb({ url: fresh.url, poolSize: 10 });
  const env = loadEnv({
    OJ_DATA_DIR: `/tmp/oj-bench-${dbName}`,
    OJ_ADMIN_PASSWORD: 'benchpass1',
    OJ_JWT_SECRET: randomBytes(24).toString('hex'),
    OJ_EMBEDDED_JUDGE_WORKERS: '0',
    LOG_LEVEL: 'silent',
  });
  const ctx: AppContext = {
    env,
    db: handle.db,
    dbKind: handle.kind,
    config: new ConfigService(handle.db),
    ...newExtensionPoints(),
  };
  return {
    ctx,
    dbName,
    async close() {
      await handle.close();
      await fresh.drop();
    },
  };
}
