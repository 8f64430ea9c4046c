import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HealthInfo } from '@oj/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../lib/sql-rows.js';
import { queueCounts } from '../judge/queue.js';
import { JUDGEHOST_LIVE_SECONDS } from '../language/language.service.js';

const JOURNAL = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../drizzle/meta/_journal.json',
);

/** What GET /api/health answers: no secrets, no per-user data (packages/shared HealthInfo). */
export type Health = HealthInfo;

let expectedMigrations: number | null = null;
/** Number of migrations shipped with this build (drizzle's journal), read once. */
function expected(): number {
  if (expectedMigrations === null) {
    const journal = JSON.parse(fs.readFileSync(JOURNAL, 'utf8')) as { entries: unknown[] };
    expectedMigrations = journal.entries.length;
  }
  return expectedMigrations;
}

/**
 * Checks the database (one round trip per query, all cheap: counts over small tables and the unfinished jobs),
 * the applied migrations against this build's journal, the judgehosts heard from within 30 s (able to judge or
 * not) and the queue.
 */
export async function checkHealth(db: Db, kind: string, closing: boolean): Promise<Health> {
  const started = performance.now();
  const health: Health = {
    status: 'ok',
    database: { ok: false, ms: 0, kind },
    migrations: { applied: 0, expected: expected(), current: false },
    judgehosts: { online: 0, unhealthy: 0, total: 0 },
    queue: { queued: 0, leased: 0 },
    uptimeSeconds: Math.round(process.uptime()),
  };
  try {
    const [m] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`),
    );
    health.database.ok = true;
    health.migrations.applied = Number(m?.n ?? 0);
    health.migrations.current = health.migrations.applied === health.migrations.expected;
    const live = sql`enabled AND last_heartbeat > now() - make_interval(secs => ${JUDGEHOST_LIVE_SECONDS})`;
    const [h] = rowsOf<{ online: number; unhealthy: number; total: number }>(
      await db.execute(sql`SELECT count(*)::int AS total,
        count(*) FILTER (WHERE ${live} AND problem IS NULL)::int AS online,
        count(*) FILTER (WHERE ${live} AND problem IS NOT NULL)::int AS unhealthy
        FROM judgehosts`),
    );
    health.judgehosts = {
      online: Number(h?.online ?? 0),
      unhealthy: Number(h?.unhealthy ?? 0),
      total: Number(h?.total ?? 0),
    };
    health.queue = await queueCounts(db);
  } catch {
    // database unreachable (or the migrations table missing): reported as down below
  }
  health.database.ms = Math.round((performance.now() - started) * 10) / 10;
  if (closing) health.status = 'closing';
  else if (!health.database.ok || !health.migrations.current) health.status = 'down';
  else if (health.judgehosts.online === 0) health.status = 'degraded';
  return health;
}
