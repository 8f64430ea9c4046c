import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newExtensionPoints } from '../../apps/server/src/app-events.js';
import type { AppContext } from '../../apps/server/src/context.js';
import { openDb, openEmbeddedDb } from '../../apps/server/src/db/client.js';
import { loadEnv } from '../../apps/server/src/env.js';
import { ConfigService } from '../../apps/server/src/modules/config/config.service.js';

/** The p-th percentile (0–100) of `xs`, sorted ascending. */
export const pct = (xs: number[], p: number) =>
  xs[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

/**
 * A server context on the embedded database, no demo seed, no judge workers; `name` says which for the printout.
 * `BENCH_EMBEDDED=pglite` (the default): an in-memory PGlite. `BENCH_EMBEDDED=default`: what `npm start` picks for
 * a fresh OJ_DATA_DIR (issue 22 item 1: the private PostgreSQL cluster when Debian's PostgreSQL is installed, else
 * PGlite on disk; OJ_EMBEDDED_DB forces one), in a data dir under the system's temp dir removed by `close()`.
 */
export async function openPglite(): Promise<{ ctx: AppContext; name: string; close(): Promise<void> }> {
  process.env.OJ_DEMO_SEED = '0';
  const embedded = process.env.BENCH_EMBEDDED === 'default';
  const dataDir = embedded
    ? fs.mkdtempSync(path.join(os.tmpdir(), 'oj-bench-'))
    : `/tmp/oj-bench-${randomBytes(4).toString('hex')}`;
  // The cluster's own user (as root: postgres) must be able to enter the temp dir holding `<dataDir>-pg`.
  if (embedded) fs.chmodSync(dataDir, 0o711);
  const opened = embedded
    ? await openEmbeddedDb(path.join(dataDir, 'data'), {
        forced: process.env.OJ_EMBEDDED_DB as 'pglite' | 'postgres' | undefined,
      })
    : { handle: await openDb({}) };
  const { handle } = opened;
  const name = !embedded
    ? 'PGlite (in memory)'
    : handle.label === 'private-postgres'
      ? 'embedded default: private PostgreSQL cluster'
      : 'embedded default: PGlite on disk';
  const env = loadEnv({
    OJ_DATA_DIR: embedded ? path.join(dataDir, 'data') : dataDir,
    OJ_ADMIN_PASSWORD: 'benchpass1',
    OJ_JWT_SECRET: randomBytes(24).toString('hex'),
    OJ_EMBEDDED_JUDGE_WORKERS: '0',
    LOG_LEVEL: 'silent',
  });
  return {
    ctx: {
      env,
      db: handle.db,
      dbKind: handle.kind,
      dbLabel: handle.label,
      config: new ConfigService(handle.db),
      ...newExtensionPoints(),
    },
    name,
    async close() {
      await handle.close();
      if (embedded) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
