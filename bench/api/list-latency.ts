/**
 * List latency benchmark (brief: problems / practice). Loads 2,000 problems and 1,000,000 submissions with
 * generate_series into a fresh database, starts the real app listening on a port, and measures with autocannon
 * (50 concurrent clients) GET /api/get-problem-list and GET /api/get-submission-list, against a bare Fastify route
 * returning a constant on the same machine. Prints median and p99 latency (ms), requests/s and the ratio of each
 * median to the bare route's median.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/api/list-latency.ts
 *   BENCH_DB=pg|pglite|both (default pg when TEST_DATABASE_URL is set, else pglite), BENCH_SECONDS (default 10),
 *   BENCH_SUBMISSIONS (default 1000000).
 *
 * The machine may be shared: figures vary with other load; the ratio to the bare route is the steadier number.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.js';
import { newExtensionPoints } from '../../apps/server/src/app-events.js';
import type { AppContext } from '../../apps/server/src/context.js';
import { openDb } from '../../apps/server/src/db/client.js';
import { seed } from '../../apps/server/src/db/seed.js';
import { loadEnv } from '../../apps/server/src/env.js';
import { ConfigService } from '../../apps/server/src/modules/config/config.service.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PROBLEMS = 2000;
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 1_000_000);
const USERS = 1000;

interface Figures {
  name: string;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  non2xx: number;
}

/** Runs autocannon against `url` with 50 connections for SECONDS; returns latency figures in ms. */
async function measure(name: string, url: string): Promise<Figures> {
  // Warm-up (JIT, plans, caches) before measuring.
  await autocannon({ url, connections: 10, duration: 2 });
  const r = await autocannon({ url, connections: 50, duration: SECONDS });
  return {
    name,
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

/** Runs `;`-separated SQL one statement at a time (PGlite takes one statement per query). */
async function exec(ctx: AppContext, script: string): Promise<void> {
  for (const q of script
    .split(/;\s*\n/)
    .map((x) => x.trim())
    .filter(Boolean))
    await ctx.db.execute(sql.raw(q));
}

/** Bulk-loads users, tags, problems and submissions with generate_series (one statement each). */
async function load(ctx: AppContext): Promise<void> {
  const t0 = Date.now();
  await exec(
    ctx,
    `
    INSERT INTO users (uid, username, password_hash, nickname)
      SELECT 'bench-' || g, 'bench' || g, 'x', 'bench' || g FROM generate_series(1, ${USERS}) g;
    INSERT INTO tags (name, oj) SELECT 'tag' || g, 'ME' FROM generate_series(1, 50) g;
    INSERT INTO problems (problem_id, title, description, input, output, difficulty, auth, count_total, count_ac)
      SELECT 'B' || (1000 + g), 'Bench problem ' || g, 'Statement ' || g, 'in', 'out',
             (ARRAY[0,45,95,145,245])[1 + g % 5], CASE WHEN g % 20 = 0 THEN 2 ELSE 1 END, 500, 200
      FROM generate_series(1, ${PROBLEMS}) g;
    INSERT INTO problem_tags (pid, tid)
      SELECT p.id, t.id FROM problems p JOIN tags t ON (p.id + t.id) % 17 = 0;
  `,
  );
  const res = await ctx.db.execute<{ pmin: number }>(sql`SELECT min(id)::int AS pmin FROM problems`);
  const pmin = Number((res as unknown as { rows: { pmin: number }[] }).rows[0].pmin);
  await exec(
    ctx,
    `
    INSERT INTO submissions (pid, display_pid, uid, username, code, language, length, status, time, memory, submit_time)
      SELECT ${pmin} + g % ${PROBLEMS}, 'B' || (1001 + g % ${PROBLEMS}), 'bench-' || (1 + g % ${USERS}),
             'bench' || (1 + g % ${USERS}), 'int main(){}', 'C++', 12,
             (ARRAY[0,-1,1,2,3,-2,0,0])[1 + g % 8], g % 1000, g % 65536,
             now() - make_interval(secs => ${SUBMISSIONS} - g)
      FROM generate_series(1, ${SUBMISSIONS}) g;
    ANALYZE;
  `,
  );
  console.log(
    `  loaded ${PROBLEMS} problems, ${SUBMISSIONS} submissions in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
}

async function adminQuery(url: string, q: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

/** One full run on one database kind; returns the figures of every measured route. */
async function run(kind: 'pg' | 'pglite'): Promise<Figures[]> {
  process.env.OJ_DEMO_SEED = '0';
  const base = process.env.TEST_DATABASE_URL;
  const dbName = `oj_bench_${randomBytes(4).toString('hex')}`;
  let url: string | undefined;
  if (kind === 'pg') {
    if (!base) throw new Error('TEST_DATABASE_URL is required for BENCH_DB=pg');
    await adminQuery(base, `CREATE DATABASE "${dbName}"`);
    const u = new URL(base);
    u.pathname = `/${dbName}`;
    url = u.toString();
  }
  const handle = await openDb(url ? { url, poolSize: 10 } : {});
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
  const out: Figures[] = [];
  try {
    await seed(ctx);
    await load(ctx);
    const app = await buildApp({ ctx });
    const addr = await app.listen({ port: 0, host: '127.0.0.1' });
    const bare = Fastify();
    bare.get('/const', async () => ({ status: 200, msg: 'success', data: 42 }));
    const bareAddr = await bare.listen({ port: 0, host: '127.0.0.1' });
    try {
      out.push(await measure('bare Fastify constant', `${bareAddr}/const`));
      out.push(await measure('problem list p1', `${addr}/api/get-problem-list?currentPage=1&limit=30`));
      out.push(await measure('problem list p60', `${addr}/api/get-problem-list?currentPage=60&limit=30`));
      out.push(
        await measure('problem list keyword', `${addr}/api/get-problem-list?keyword=problem%2019&limit=30`),
      );
      out.push(await measure('problem list tag', `${addr}/api/get-problem-list?tagId=3&limit=30`));
      out.push(await measure('submission list p1', `${addr}/api/get-submission-list?currentPage=1&limit=15`));
      out.push(
        await measure(
          'submission list user',
          `${addr}/api/get-submission-list?currentPage=1&limit=15&username=bench7`,
        ),
      );
    } finally {
      await app.close();
      await bare.close();
    }
  } finally {
    await handle.close();
    if (kind === 'pg' && base) await adminQuery(base, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  }
  return out;
}

function print(kind: string, rows: Figures[]): void {
  const bare = rows[0].p50 || 1;
  console.log(`\n${kind}: 50 connections, ${SECONDS} s per route`);
  console.log('route                      p50 ms   p99 ms    req/s  p50/bare  errors non2xx');
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(25)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(8)} ${r.rps.toFixed(0).padStart(8)} ${(r.p50 / bare).toFixed(1).padStart(9)} ${String(r.errors).padStart(7)} ${String(r.non2xx).padStart(6)}`,
    );
  }
}

const which = process.env.BENCH_DB ?? (process.env.TEST_DATABASE_URL ? 'pg' : 'pglite');
for (const kind of which === 'both' ? (['pg', 'pglite'] as const) : [which as 'pg' | 'pglite']) {
  console.log(`running on ${kind}…`);
  print(kind, await run(kind));
}
process.exit(0);
