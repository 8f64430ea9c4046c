import { loadavg } from 'node:os';
import { Role } from '@oj/shared';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { buildApp } from '../../apps/server/src/app.js';
import { seed } from '../../apps/server/src/db/seed.js';
import { createSession } from '../../apps/server/src/plugins/auth.js';
import { openPgBench } from '../lib/pg-bench.js';
import { disguise, program, rng } from './programs.js';

/**
 * The similarity check of a contest (issue 29 part 1, docs/similarity.md): USERS users x PROBLEMS problems, one
 * accepted C++ program each (generated, with variations; COPY_SHARE of them copied from another user and
 * disguised), checked through the real app (POST /api/similarity/check, polling /api/similarity/status) on a
 * fresh PostgreSQL database. Prints the load average before and after, the check's time and its top pairs.
 * `TEST_DATABASE_URL=postgres://… npx tsx bench/similarity/contest.ts` (not in CI).
 */
const USERS = Number(process.env.BENCH_USERS ?? 300);
const PROBLEMS = Number(process.env.BENCH_PROBLEMS ?? 10);
const COPY_SHARE = 0.05;

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

async function main() {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL (PostgreSQL) is required');
  console.log(`load average before: ${load()}`);
  const bench = await openPgBench(base);
  const { ctx } = bench;
  try {
    await seed(ctx);
    await ctx.db.execute(
      sql.raw(`INSERT INTO users (uid, username, password_hash, nickname)
        SELECT 'sim-' || g, 'sim' || g, 'x', 'Sim ' || g FROM generate_series(1, ${USERS}) g`),
    );
    await ctx.db.execute(
      sql.raw(`INSERT INTO problems (problem_id, title) SELECT 'SIM' || g, 'Similarity problem ' || g
        FROM generate_series(1, ${PROBLEMS}) g`),
    );
    const [c] = rowsOf<{ id: number }>(
      await ctx.db.execute(
        sql.raw(`INSERT INTO contests (title, type, start_time, end_time, author)
          VALUES ('Similarity bench', 0, now() - interval '5 hours', now() - interval '1 hour', 'bench') RETURNING id`),
      ),
    );
    const cid = Number(c!.id);
    await ctx.db.execute(
      sql.raw(`INSERT INTO contest_problems (cid, pid, display_id)
        SELECT ${cid}, id, chr(64 + row_number() OVER (ORDER BY id)::int) FROM problems WHERE problem_id LIKE 'SIM%'`),
    );
    const pids = rowsOf<{ id: number }>(
      await ctx.db.execute(sql.raw(`SELECT id FROM problems WHERE problem_id LIKE 'SIM%' ORDER BY id`)),
    ).map((r) => Number(r.id));

    // The programs: most written independently, COPY_SHARE copied from an earlier user's and disguised.
    const r = rng(2026);
    const copies: string[] = [];
    let bytes = 0;
    for (const [p, pid] of pids.entries()) {
      const codes: string[] = [];
      const values: ReturnType<typeof sql>[] = [];
      for (let u = 1; u <= USERS; u++) {
        let code = program(p, u);
        if (u > 1 && r() < COPY_SHARE) {
          const from = 1 + Math.floor(r() * (u - 1));
          code = disguise(codes[from - 1]!, u * 100 + p);
          copies.push(`${String.fromCharCode(65 + p)}|${[`sim${u}`, `sim${from}`].sort().join('|')}`);
        }
        codes.push(code);
        bytes += code.length;
        values.push(
          sql`(${pid}, ${String.fromCharCode(65 + p)}, ${`sim-${u}`}, ${`sim${u}`}, ${cid}, ${code}, 'C++', ${code.length}, 0)`,
        );
      }
      await ctx.db.execute(
        sql`INSERT INTO submissions (pid, display_pid, uid, username, cid, code, language, length, status)
          VALUES ${sql.join(values, sql`, `)}`,
      );
    }
    console.log(
      `${USERS} users x ${PROBLEMS} problems: ${USERS * PROBLEMS} programs, ${(bytes / 1024).toFixed(0)} KiB; ${copies.length} copied`,
    );

    const [root] = rowsOf<{ uid: string }>(
      await ctx.db.execute(sql.raw(`SELECT uid FROM users WHERE role = ${Role.ROOT} LIMIT 1`)),
    );
    const token = await createSession(ctx, root!.uid, { ip: '127.0.0.1', headers: {} } as FastifyRequest);
    const app = await buildApp({ ctx });
    try {
      const headers = { authorization: token };
      const t0 = performance.now();
      const started = await app.inject({
        method: 'POST',
        url: '/api/similarity/check',
        headers,
        payload: { scope: 'contest', id: cid, pick: 'accepted' },
      });
      if (started.statusCode !== 200) throw new Error(`start: ${started.statusCode} ${started.body}`);
      let job: {
        state: string;
        done: number;
        total: number;
        elapsedMs: number | null;
        pairs: number;
        error: string;
      };
      let shown = -1;
      for (;;) {
        const res = await app.inject({ url: `/api/similarity/status?scope=contest&id=${cid}`, headers });
        job = res.json().data;
        if (job.done !== shown) {
          shown = job.done;
          console.log(
            `  ${((performance.now() - t0) / 1000).toFixed(1)} s: ${job.state} ${job.done}/${job.total} (load ${load()})`,
          );
        }
        if (job.state !== 'queued' && job.state !== 'running') break;
        await new Promise((res) => setTimeout(res, 200));
      }
      const wall = (performance.now() - t0) / 1000;
      if (job.state !== 'done') throw new Error(`check ${job.state}: ${job.error}`);
      console.log(
        `check done: ${wall.toFixed(1)} s wall (job ${((job.elapsedMs ?? 0) / 1000).toFixed(1)} s), ${job.pairs} pairs kept`,
      );
      const pairs = await app.inject({
        url: `/api/similarity/pairs?scope=contest&id=${cid}&threshold=0.6`,
        headers,
      });
      const list = pairs.json().data.pairs as {
        displayId: string;
        similarity: number;
        left: { username: string };
        right: { username: string };
      }[];
      console.log(`pairs at 60 % or more: ${list.length}; the copies made: ${copies.length}`);
      for (const p of list.slice(0, 10))
        console.log(
          `  ${p.displayId} ${(p.similarity * 100).toFixed(1)} % ${p.left.username} ~ ${p.right.username}`,
        );
      const t1 = performance.now();
      const csv = await app.inject({ url: `/api/similarity/export?scope=contest&id=${cid}`, headers });
      console.log(
        `CSV of every kept pair: ${(csv.body.length / 1024).toFixed(0)} KiB in ${(performance.now() - t1).toFixed(0)} ms`,
      );
      // How the copies rank: per problem, a copy's pair against the other pairs of that problem.
      const made = new Set(copies);
      const rows = csv.body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(','))
        .map((c) => ({ key: `${c[0]}|${[c[6], c[9]].sort().join('|')}`, similarity: Number(c[2]) }));
      for (const at of [0.9, 0.8, 0.7]) {
        const above = rows.filter((r) => r.similarity >= at);
        const found = above.filter((r) => made.has(r.key)).length;
        console.log(
          `  at ${at * 100} % or more: ${above.length} pairs, ${found} of the ${made.size} copies (${above.length - found} pairs of independent programs)`,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await bench.close();
  }
  console.log(`load average after: ${load()}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
