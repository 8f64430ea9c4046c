import { loadavg } from 'node:os';
import { Role } from '@oj/shared';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.js';
import type { AppContext } from '../../apps/server/src/context.js';
import { seed } from '../../apps/server/src/db/seed.js';
import { rebuildBoard } from '../../apps/server/src/modules/contest/board/cells.js';
import { manualJudge } from '../../apps/server/src/modules/judge/judge.admin.service.js';
import { openPgBench } from '../lib/pg-bench.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 1_000_000);
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const PROBLEMS = 15;
const HOURS = 4;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const load1 = () => loadavg()[0].toFixed(2);

/** Bulk-loads the users, the contest (started HOURS ago, ends in an hour, open board), its problems and submissions. */
async function load(ctx: AppContext): Promise<number> {
  const t0 = Date.now();
  await ctx.db.execute(
    sql.raw(`INSERT INTO users (uid, username, password_hash, nickname, school)
      SELECT 'bench-' || g, 'bench' || g, 'x', 'Bench ' || g, 'School ' || (g % 97) FROM generate_series(1, ${USERS}) g`),
  );
  await ctx.db.execute(
    sql.raw(`INSERT INTO problems (problem_id, title) SELECT 'CB' || g, 'Board problem ' || g
      FROM generate_series(1, ${PROBLEMS}) g`),
  );
  const [c] = rowsOf<{ id: number }>(
    await ctx.db.execute(
      sql.raw(`INSERT INTO contests (title, type, start_time, end_time, open_rank, author)
        VALUES ('Bench contest', 0, now() - interval '${HOURS} hours', now() + interval '1 hour', true, 'bench')
        RETURNING id`),
    ),
  );
  const cid = Number(c.id);
  await ctx.db.execute(
    sql.raw(`INSERT INTO contest_problems (cid, pid, display_id)
      SELECT ${cid}, id, chr(64 + row_number() OVER (ORDER BY id)::int) FROM problems WHERE problem_id LIKE 'CB%'`),
  );
  const [pmin] = rowsOf<{ p: number }>(
    await ctx.db.execute(sql.raw(`SELECT min(id)::int AS p FROM problems WHERE problem_id LIKE 'CB%'`)),
  );
  await ctx.db.execute(
    sql.raw(`INSERT INTO submissions (pid, display_pid, uid, username, cid, code, language, length, status, time,
        memory, submit_time)
      SELECT ${pmin.p} + (g / ${USERS}) % ${PROBLEMS}, 'CB', 'bench-' || (1 + g % ${USERS}), 'bench' || (1 + g % ${USERS}),
             ${cid}, 'int main(){}', 'C++', 12, (ARRAY[-1,1,-2,0,2,3,-1,0,4,-3])[1 + (g * 7) % 10], g % 1000, 1024,
             now() - interval '${HOURS} hours' + make_interval(secs => (g::bigint * 7919) % ${HOURS * 3600})
      FROM generate_series(1, ${SUBMISSIONS}) g`),
  );
  // What autovacuum does after a bulk insert (and a live contest's table has had for hours): statistics and the
  // visibility map, which lets the cell rebuild read the covering index alone (an index-only scan).
  await ctx.db.execute(sql.raw('VACUUM ANALYZE'));
  console.log(
    `  loaded ${USERS} users, ${PROBLEMS} problems, ${SUBMISSIONS} contest submissions in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  return cid;
}

async function page(addr: string, cid: number, body: Record<string, unknown> = {}) {
  const res = await fetch(`${addr}/api/get-contest-outside-scoreboard`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cid, limit: 50, ...body }),
  });
  return (await res.json()) as { data: { records: { username: string; ac: number }[]; total: number } };
}

async function measure(name: string, addr: string, cid: number, currentPage: number, encoding?: string) {
  const opts = {
    url: `${addr}/api/get-contest-outside-scoreboard`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', ...(encoding ? { 'accept-encoding': encoding } : {}) },
    body: JSON.stringify({ cid, currentPage, limit: 50 }),
  };
  // The client runs in a worker thread of its own, so it does not share the server's event loop.
  await autocannon({ ...opts, connections: 10, duration: 2, workers: 1 });
  const r = await autocannon({ ...opts, connections: 50, duration: SECONDS, workers: 1 });
  console.log(
    `  ${name.padEnd(22)} p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  ${r.requests.average.toFixed(0).padStart(6)} req/s  errors ${r.errors} non2xx ${r.non2xx}`,
  );
}

/** A new user's AC on problem A lands through the verdict seam; ms until a polled page shows the user solved it. */
async function verdictToBoard(ctx: AppContext, addr: string, cid: number, i: number, rootUid: string) {
  const name = `late${i}`;
  const [u] = rowsOf<{ uid: string }>(
    await ctx.db.execute(
      sql.raw(
        `INSERT INTO users (uid, username, password_hash) VALUES ('late-${i}', '${name}', 'x') RETURNING uid`,
      ),
    ),
  );
  const [p] = rowsOf<{ pid: number }>(
    await ctx.db.execute(sql.raw(`SELECT pid FROM contest_problems WHERE cid = ${cid} AND display_id = 'A'`)),
  );
  const submitId = await ctx.db.transaction(async (tx) => {
    const [s] = rowsOf<{ id: number }>(
      await tx.execute(
        sql.raw(`INSERT INTO submissions (pid, display_pid, uid, username, cid, code, language, length, status)
          VALUES (${p.pid}, 'CB1', '${u.uid}', '${name}', ${cid}, 'x', 'C++', 1, 10) RETURNING id`),
      ),
    );
    await ctx.events.emit('submission/queued', tx, {
      submitId: Number(s.id),
      pid: Number(p.pid),
      uid: u.uid,
      cid,
    });
    return Number(s.id);
  });
  await page(addr, cid, { keyword: name }); // a Submitted Failed try: the user is on the board, unsolved
  const t0 = performance.now();
  const landed = manualJudge(
    ctx,
    { uid: rootUid, username: 'root', role: Role.ROOT, sid: '' },
    {
      submitId,
      status: 0,
    },
  );
  for (;;) {
    const r = await page(addr, cid, { keyword: name });
    if (r.data.records[0]?.ac === 1) break;
    await new Promise((res) => setTimeout(res, 5));
  }
  await landed;
  return performance.now() - t0;
}

async function main() {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL (PostgreSQL) is required');
  console.log(
    `load average before: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  const bench = await openPgBench(base);
  const { ctx } = bench;
  try {
    await seed(ctx);
    const cid = await load(ctx);
    console.log(`full rebuild of the cells (load ${load1()}):`);
    for (let i = 0; i < 3; i += 1) {
      const t0 = performance.now();
      await rebuildBoard(ctx.db, cid);
      console.log(`  run ${i + 1}: ${(performance.now() - t0).toFixed(0)} ms`);
    }
    const [cells] = rowsOf<{ n: number }>(
      await ctx.db.execute(sql.raw(`SELECT count(*)::int AS n FROM contest_cells WHERE cid = ${cid}`)),
    );
    console.log(`  ${cells.n} cells`);
    // The three rebuilds left 300,000 dead cell rows: vacuum them now, as autovacuum soon would, rather than
    // during the page figures.
    await ctx.db.execute(sql.raw('VACUUM ANALYZE contest_cells'));
    const app = await buildApp({ ctx });
    const addr = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      let t0 = performance.now();
      const first = await page(addr, cid);
      console.log(
        `cold board build + first page: ${(performance.now() - t0).toFixed(0)} ms (${first.data.total} rows)`,
      );
      t0 = performance.now();
      await page(addr, cid, { currentPage: 2 });
      console.log(`cached page: ${(performance.now() - t0).toFixed(1)} ms`);
      console.log(`board page at 50 concurrent clients, ${SECONDS} s each (load ${load1()}):`);
      await measure('page 1 (50 rows)', addr, cid, 1);
      await measure('page 100 (50 rows)', addr, cid, 100);
      await measure('page 1, br (a browser)', addr, cid, 1, 'gzip, deflate, br');
      const [root] = rowsOf<{ uid: string }>(
        await ctx.db.execute(sql.raw(`SELECT uid FROM users WHERE role = ${Role.ROOT} LIMIT 1`)),
      );
      console.log(`new verdict visible on the board (load ${load1()}):`);
      for (let i = 0; i < 5; i += 1) {
        console.log(`  run ${i + 1}: ${(await verdictToBoard(ctx, addr, cid, i, root.uid)).toFixed(0)} ms`);
      }
    } finally {
      await app.close();
    }
  } finally {
    await bench.close();
  }
  console.log(
    `load average after: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
}

await main();
process.exit(0);
