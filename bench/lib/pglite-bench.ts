import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../apps/server/src/context.js';
import { openDb } from '../../apps/server/src/db/client.js';
import { loadEnv } from '../../apps/server/src/env.js';
import { ConfigService } from '../../apps/server/src/modules/config/config.service.js';

/** The p-th percentile (0–100) of `xs`, sorted ascending. */
export const pct = (xs: number[], p: number) =>
  xs[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

/** A server context on an in-memory PGlite (what `npm start` runs by default), no demo seed, no judge workers. */
export async function openPglite(): Promise<{ ctx: AppContext; close(): Promise<void> }> {
  process.env.OJ_DEMO_SEED = '0';
  const handle = await openDb({});
  const env = loadEnv({
    OJ_DATA_DIR: `/tmp/oj-bench-${randomBytes(4).toString('hex')}`,
    OJ_ADMIN_PASSWORD: 'benchpass1',
    OJ_JWT_SECRET: randomBytes(24).toString('hex'),
    OJ_EMBEDDED_JUDGE_WORKERS: '0',
    LOG_LEVEL: 'silent',
  });
  return {
    ctx: { env, db: handle.db, dbKind: handle.kind, config: new ConfigService(handle.db) },
    close: handle.close,
  };
}
