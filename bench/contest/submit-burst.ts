import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { buildApp } from '../../apps/server/src/app.js';
import type { AppContext } from '../../apps/server/src/context.js';
import { seed } from '../../apps/server/src/db/seed.js';
import { queuedHooksIdle } from '../../apps/server/src/modules/judge/hooks.js';
import { createProblem } from '../../apps/server/src/modules/problem/problem.store.js';
import { createSession } from '../../apps/server/src/plugins/auth.js';
import { openPgBench } from '../lib/pg-bench.js';
import { openPglite, pct } from '../lib/pglite-bench.js';
import { submitAll } from '../lib/submit.js';

// Issue 22 item 2: SUBMISSIONS submissions sent at once by as many users to one running contest, over HTTP; prints
// the answer times (p50 / p99 / max). `npx tsx bench/contest/submit-burst.ts` runs on the embedded PGlite;
// with DATABASE_URL (or TEST_DATABASE_URL) set, on a fresh database of that PostgreSQL server too. Never in CI.

const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** Loads the users (one per submission, each with a session), a running public contest with one problem. */
async function load(ctx: AppContext, round: number): Promise<{ cid: number; tokens: string[] }> {
  const prefix = `sb${round}-`;
  await ctx.db.execute(
    sql.raw(`INSERT INTO users (uid, username, password_hash, nickname)
      SELECT '${prefix}' || g, '${prefix}' || g, 'x', 'Burst ' || g FROM generate_series(1, ${SUBMISSIONS}) g`),
  );
  const p = await createProblem(ctx.db, {
    problem: { title: 'A+B', problemId: `SB-AB-${round}`, timeLimit: 1000, memoryLimit: 256 },
    testcases: [{ input: '1 2\n', output: '3\n' }],
  });
  const pid = p.id;
  const [c] = (
    (await ctx.db.execute(
      sql.raw(`INSERT INTO contests (title, type, start_time, end_time, open_rank, author)
        VALUES ('Burst ${round}', 0, now() - interval '1 hour', now() + interval '1 hour', true, 'bench') RETURNING id`),
    )) as unknown as { rows: { id: number }[] }
  ).rows;
  const cid = Number(c.id);
  await ctx.db.execute(
    sql.raw(`INSERT INTO contest_problems (cid, pid, display_id) VALUES (${cid}, ${pid}, 'A')`),
  );
  const req = { ip: '127.0.0.1', headers: {} } as FastifyRequest;
  const tokens: string[] = [];
  for (let i = 1; i <= SUBMISSIONS; i++) tokens.push(await createSession(ctx, `${prefix}${i}`, req));
  return { cid, tokens };
}

/** Sends one submission per token at once; returns the answer times (ms, ascending) and how many were not 200. */
async function burst(base: string, cid: number, tokens: string[]): Promise<{ ms: number[]; failed: number }> {
  const answers = await submitAll(
    base,
    tokens.map((token) => ({ token })),
    { pid: 'A', cid, language: 'C++', code: 'int main(){return 0;}' },
  );
  return {
    ms: answers.map((a) => a.ms).sort((a, b) => a - b),
    failed: answers.filter((a) => a.status !== 200).length,
  };
}

async function run(name: string, ctx: AppContext): Promise<void> {
  await seed(ctx);
  await ctx.config.set('switch', { defaultSubmitInterval: 0 });
  const app = await buildApp({ ctx });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const { cid, tokens } = await load(ctx, round);
      const { ms, failed } = await burst(base, cid, tokens);
      const t1 = performance.now();
      await queuedHooksIdle(ctx.db);
      const hooksMs = performance.now() - t1;
      const [jobs] = (
        (await ctx.db.execute(
          sql.raw(`SELECT count(*)::int AS n FROM judge_jobs j JOIN submissions s ON s.id = j.submit_id
            WHERE s.cid = ${cid}`),
        )) as unknown as { rows: { n: number }[] }
      ).rows;
      console.log(
        `${name} round ${round}: ${SUBMISSIONS} submits at once: p50 ${pct(ms, 50).toFixed(0)} ms, p99 ${pct(ms, 99).toFixed(0)} ms, max ${ms[ms.length - 1].toFixed(0)} ms; ${failed} not 200; ${jobs.n} jobs queued; board hooks done ${hooksMs.toFixed(0)} ms after the last answer (load ${loadavg()[0].toFixed(2)})`,
      );
    }
  } finally {
    await app.close();
  }
}

const pgl = await openPglite();
try {
  await run(pgl.name, pgl.ctx);
} finally {
  await pgl.close();
}
const url = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (url) {
  const pg = await openPgBench(url);
  try {
    await run('PostgreSQL', pg.ctx);
  } finally {
    await pg.close();
  }
}
