import http from 'node:http';
import { loadavg } from 'node:os';
import { Role } from '@oj/shared';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { buildApp } from '../../apps/server/src/app.js';
import type { AppContext } from '../../apps/server/src/context.js';
import { seed } from '../../apps/server/src/db/seed.js';
import { manualJudge } from '../../apps/server/src/modules/judge/judge.admin.service.js';
import { rebuildTraining } from '../../apps/server/src/modules/training/training.progress.js';
import { createSession } from '../../apps/server/src/plugins/auth.js';
import { openPgBench } from '../lib/pg-bench.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 500_000);
const USERS = Number(process.env.BENCH_USERS ?? 5_000);
const PROBLEMS = 100;
const OTHER_TRAININGS = 40;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const load1 = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** Bulk-loads users, problems, the private training with its problems and registrations, submissions, trainings. */
async function load(ctx: AppContext): Promise<number> {
  const t0 = Date.now();
  const run = (q: string) => ctx.db.execute(sql.raw(q));
  await run(`INSERT INTO users (uid, username, password_hash, nickname, school)
    SELECT 'bench-' || g, 'bench' || g, 'x', 'Bench ' || g, 'School ' || (g % 97) FROM generate_series(1, ${USERS}) g`);
  await run(`INSERT INTO problems (problem_id, title) SELECT 'TB' || g, 'Training problem ' || g
    FROM generate_series(1, ${PROBLEMS}) g`);
  const [cat] = rowsOf<{ id: number }>(
    await run(`INSERT INTO training_categories (name, color) VALUES ('Bench', '#409EFF') RETURNING id`),
  );
  const [tr] = rowsOf<{ id: number }>(
    await run(`INSERT INTO trainings (title, description, auth, private_pwd, category_id, author)
      VALUES ('Bench training', 'x', 'Private', 'pw', ${cat.id}, 'bench') RETURNING id`),
  );
  const tid = Number(tr.id);
  await run(`INSERT INTO trainings (title, description, auth, category_id, author, rank)
    SELECT 'Other ' || g, 'x', 'Public', ${cat.id}, 'bench', g FROM generate_series(1, ${OTHER_TRAININGS}) g`);
  await run(`INSERT INTO training_problems (tid, pid, display_id, rank)
    SELECT ${tid}, id, 'P' || row_number() OVER (ORDER BY id), row_number() OVER (ORDER BY id)
    FROM problems WHERE problem_id LIKE 'TB%'`);
  // Each other training holds 10 of the problems, so the list's progress has something to count.
  await run(`INSERT INTO training_problems (tid, pid, display_id, rank)
    SELECT t.id, p.id, 'P' || p.id, p.id FROM trainings t JOIN problems p ON p.problem_id LIKE 'TB%'
      AND (p.id % ${OTHER_TRAININGS}) = (t.id % ${OTHER_TRAININGS}) WHERE t.id <> ${tid}`);
  await run(
    `INSERT INTO training_registers (tid, uid) SELECT ${tid}, 'bench-' || g FROM generate_series(1, ${USERS}) g`,
  );
  const [pmin] = rowsOf<{ p: number }>(
    await run(`SELECT min(id)::int AS p FROM problems WHERE problem_id LIKE 'TB%'`),
  );
  // Submission g goes to user g % USERS and problem (g / USERS) % PROBLEMS: with the defaults every user tries
  // every problem (5,000 × 100 cells, so a rank row carries 100 cells); the status mixes user, problem and round.
  await run(`INSERT INTO submissions (pid, display_pid, uid, username, cid, tid, code, language, length, status,
      time, memory)
    SELECT ${pmin.p} + (g / ${USERS}) % ${PROBLEMS}, 'TB', 'bench-' || (1 + g % ${USERS}),
      'bench' || (1 + g % ${USERS}), 0, ${tid}, 'int main(){}', 'C++', 12,
      (ARRAY[-1,1,-2,0,2,3,-1,0,4,-3])[1 + (g % ${USERS} * 7 + g / ${USERS} * 3 + g / 9973) % 10], g % 1000, 1024
    FROM generate_series(0, ${SUBMISSIONS - 1}) g`);
  await run('VACUUM ANALYZE');
  console.log(
    `  loaded ${USERS} users, ${PROBLEMS} problems, ${SUBMISSIONS} submissions in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  return tid;
}

/** Bytes of a response body as sent (node:http does not decompress, unlike fetch). */
function wireBytes(url: string, token: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { authorization: token, 'accept-encoding': encoding } }, (res) => {
        let n = 0;
        res.on('data', (c: Buffer) => {
          n += c.length;
        });
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}

async function measure(name: string, url: string, token: string, extra: Record<string, string> = {}) {
  const opts = { url, headers: { authorization: token, ...extra } };
  // The client runs in a worker thread of its own, so it does not share the server's event loop.
  await autocannon({ ...opts, connections: 10, duration: 2, workers: 1 });
  const r = await autocannon({ ...opts, connections: 50, duration: SECONDS, workers: 1 });
  console.log(
    `  ${name.padEnd(30)} (load ${load1()}) p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  ${r.requests.average.toFixed(0).padStart(6)} req/s  errors ${r.errors} non2xx ${r.non2xx}`,
  );
}

/** A new AC of `bench1` on a problem it never solved lands through the seam; ms until the rank shows it. */
async function verdictToRank(ctx: AppContext, addr: string, tid: number, token: string, rootUid: string) {
  const [cell] = rowsOf<{ pid: number }>(
    await ctx.db.execute(
      sql.raw(`SELECT tp.pid FROM training_problems tp JOIN training_records r ON r.tid = tp.tid
        AND r.uid = 'bench-1' WHERE tp.tid = ${tid} AND coalesce((r.info -> tp.pid::text ->> 'status')::int, -10) <> 0
        LIMIT 1`),
    ),
  );
  if (!cell) return null;
  const acOf = async () => {
    const res = await fetch(`${addr}/api/get-training-rank?tid=${tid}&keyword=bench1&limit=30`, {
      headers: { authorization: token },
    });
    const body = (await res.json()) as { data: { records: { username: string; ac: number }[] } };
    return body.data.records.find((r) => r.username === 'bench1')?.ac ?? 0;
  };
  const before = await acOf();
  const submitId = await ctx.db.transaction(async (tx) => {
    const [s] = rowsOf<{ id: number }>(
      await tx.execute(
        sql.raw(`INSERT INTO submissions (pid, display_pid, uid, username, cid, tid, code, language, length, status)
          VALUES (${cell.pid}, 'TB', 'bench-1', 'bench1', 0, ${tid}, 'x', 'C++', 1, 10) RETURNING id`),
      ),
    );
    await ctx.events.emit('submission/queued', tx, {
      submitId: Number(s.id),
      pid: Number(cell.pid),
      uid: 'bench-1',
      cid: 0,
    });
    return Number(s.id);
  });
  const t0 = performance.now();
  await manualJudge(
    ctx,
    { uid: rootUid, username: 'root', role: Role.ROOT, sid: '' },
    { submitId, status: 0 },
  );
  const seam = performance.now() - t0;
  while ((await acOf()) === before) await new Promise((res) => setTimeout(res, 5));
  return { seam, visible: performance.now() - t0 };
}

async function main() {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL (PostgreSQL) is required');
  console.log(`load average before: ${load1()}`);
  const bench = await openPgBench(base);
  const { ctx } = bench;
  try {
    await seed(ctx);
    const tid = await load(ctx);
    console.log('full rebuild of the training records:');
    for (let i = 0; i < 3; i += 1) {
      const t0 = performance.now();
      await rebuildTraining(ctx.db, tid);
      console.log(`  run ${i + 1}: ${(performance.now() - t0).toFixed(0)} ms`);
    }
    const t1 = performance.now();
    await ctx.db.execute(sql.raw(`SELECT id FROM trainings WHERE id <> ${tid}`)).then(async (r) => {
      for (const row of rowsOf<{ id: number }>(r)) await rebuildTraining(ctx.db, Number(row.id));
    });
    console.log(`  the ${OTHER_TRAININGS} other trainings: ${(performance.now() - t1).toFixed(0)} ms`);
    // The rebuilds left dead record rows: vacuum them as autovacuum would before measuring.
    await ctx.db.execute(sql.raw('VACUUM ANALYZE training_records'));
    await ctx.db.execute(sql.raw('VACUUM ANALYZE trainings'));
    const [rec] = rowsOf<{ n: number }>(
      await ctx.db.execute(sql.raw(`SELECT count(*)::int AS n FROM training_records WHERE tid = ${tid}`)),
    );
    console.log(`  ${rec.n} records in the training`);
    const fakeReq = { ip: '127.0.0.1', headers: {} } as FastifyRequest;
    const token = await createSession(ctx, 'bench-1', fakeReq);
    const [root] = rowsOf<{ uid: string }>(
      await ctx.db.execute(sql.raw(`SELECT uid FROM users WHERE role = ${Role.ROOT} LIMIT 1`)),
    );
    const app = await buildApp({ ctx });
    const addr = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (const enc of ['identity', 'br']) {
        const bytes = await wireBytes(`${addr}/api/get-training-rank?tid=${tid}&limit=30`, token, enc);
        console.log(`  rank page 1 on the wire (${enc}): ${(bytes / 1024).toFixed(1)} KiB`);
      }
      console.log(`at 50 concurrent clients, ${SECONDS} s each:`);
      await measure('rank page 1 (30 rows)', `${addr}/api/get-training-rank?tid=${tid}&limit=30`, token);
      await measure(
        'rank page 100 (30 rows)',
        `${addr}/api/get-training-rank?tid=${tid}&limit=30&currentPage=100`,
        token,
      );
      await measure(
        'rank page 1, Accept-Encoding br',
        `${addr}/api/get-training-rank?tid=${tid}&limit=30`,
        token,
        { 'accept-encoding': 'gzip, deflate, br' },
      );
      await measure('training list with progress', `${addr}/api/get-training-list?limit=15`, token);
      console.log('a verdict through the seam until the rank shows it:');
      for (let i = 0; i < 5; i += 1) {
        const r = await verdictToRank(ctx, addr, tid, token, root.uid);
        if (r)
          console.log(
            `  run ${i + 1}: seam ${r.seam.toFixed(0)} ms, visible after ${r.visible.toFixed(0)} ms`,
          );
      }
    } finally {
      await app.close();
    }
  } finally {
    await bench.close();
  }
  console.log(`load average after: ${load1()}`);
}

await main();
process.exit(0);
