import { loadavg } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { buildApp } from '../../apps/server/src/app.js';
import type { AppContext } from '../../apps/server/src/context.js';
import { users } from '../../apps/server/src/db/schema/index.js';
import { seed } from '../../apps/server/src/db/seed.js';
import { RECENT_MS } from '../../apps/server/src/lib/page-cache.js';
import { reuseContestReadsFor } from '../../apps/server/src/modules/contest/contest.reads.js';
import { createSession } from '../../apps/server/src/plugins/auth.js';
import { openPgBench } from '../lib/pg-bench.js';
import { knownPageCalls } from './burst-browser.js';

// Issue 22 (contest day at scale): what one contestant's contest start costs the server, counted rather than timed
// (the machine is shared and loaded, timings swing; statement counts do not). Each contestant loads the four contest
// pages as the web app calls them (burst-browser.ts knownPageCalls: the overview, the problem list, problem A, the
// board; each page's calls sent at once), in process (app.inject), on a fresh PostgreSQL database. Printed per page
// load: SQL statements and the server thread's CPU ms, with the contest reads reused (contest.reads.ts, production)
// and without (as before they existed; the session read shared by a page's calls cannot be switched off).
//
//   npx tsx bench/contest/page-statements.ts [contestants=50]
//
// PostgreSQL at BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), a fresh database, dropped after.

const N = Number(process.argv[2] ?? 50);
const base = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const bench = await openPgBench(base);
const ctx: AppContext = bench.ctx;
try {
  await seed(ctx);
  const app = await buildApp({ ctx });
  await app.ready();
  const req = { ip: '127.0.0.1', headers: {} } as FastifyRequest;
  const [root] = await ctx.db.select({ uid: users.uid }).from(users).where(eq(users.username, 'root'));
  const rootToken = await createSession(ctx, root.uid, req);
  const inject = async (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) => {
    const r = await app.inject({
      method,
      url,
      headers: { authorization: token, 'content-type': 'application/json' },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });
    if (r.statusCode !== 200) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body.slice(0, 200)}`);
    return r.json().data;
  };
  const { pid } = await inject('POST', '/api/admin/problem', rootToken, {
    problem: {
      problemId: 'PAGE-A',
      title: 'Page A+B',
      description: 'Print a + b.',
      input: 'a b',
      output: 'a + b',
      examples: [{ input: '1 2\n', output: '3\n' }],
      timeLimit: 1000,
      memoryLimit: 256,
      type: 0,
      auth: 1,
    },
    samples: [{ input: '1 2\n', output: '3\n' }],
    languages: ['C++'],
    tags: [],
    codeTemplates: [],
  });
  const now = Date.now();
  const { cid } = await inject('POST', '/api/admin/contest', rootToken, {
    title: 'Page contest',
    description: 'x',
    startTime: new Date(now - 60_000).toISOString(),
    endTime: new Date(now + 3600_000).toISOString(),
    type: 0,
    auth: 0,
    openRank: true,
  });
  await inject('POST', '/api/admin/contest/add-problem-from-public', rootToken, { pid, cid, displayId: 'A' });
  await ctx.db.execute(sql`INSERT INTO users (uid, username, password_hash, nickname)
    SELECT 'page-' || g, 'page' || g, 'x', 'Page ' || g FROM generate_series(0, ${2 * N + 1}) g`);
  const tokens: string[] = [];
  for (let i = 0; i <= 2 * N + 1; i++) tokens.push(await createSession(ctx, `page-${i}`, req));
  const pages = knownPageCalls(cid, pid);

  // Counts the statements drizzle prepares (as test/submission/submit-statements.test.ts).
  // biome-ignore lint/suspicious/noExplicitAny: drizzle's session is internal
  const proto = Object.getPrototypeOf((ctx.db as any).session);
  const orig = proto.prepareQuery;
  let statements = 0;
  proto.prepareQuery = function (this: unknown, ...a: unknown[]) {
    statements++;
    return orig.apply(this, a);
  };
  const contestant = async (token: string) => {
    for (const calls of pages)
      await Promise.all(
        calls.map((c) =>
          inject(c.method as 'GET' | 'POST', c.path, token, c.body === null ? undefined : JSON.parse(c.body)),
        ),
      );
  };
  const out: string[] = [];
  for (const [mode, ttl, from] of [
    ['contest reads not reused (before)', 0, 0],
    ['contest reads reused (production, RECENT_MS)', RECENT_MS, N],
  ] as const) {
    reuseContestReadsFor(ctx, ttl);
    await contestant(tokens[2 * N + 1 - (from ? 0 : 1)]); // warm: the first contestant of a mode
    statements = 0;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = from; i < from + N; i++) await contestant(tokens[i]);
    const cpu = process.cpuUsage(cpu0);
    const loads = N * pages.length;
    out.push(
      `| ${mode} | ${(statements / loads).toFixed(1)} | ${((cpu.user + cpu.system) / 1000 / loads).toFixed(2)} | ${((performance.now() - t0) / loads).toFixed(1)} |`,
    );
  }
  proto.prepareQuery = orig;
  console.log(
    `\n${N} contestants × ${pages.length} pages (${pages.map((p) => p.length).join(' + ')} calls), one after another, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}\n`,
  );
  console.log('| mode | statements per page load | server CPU ms per page load | wall ms per page load |');
  console.log('|---|---|---|---|');
  for (const l of out) console.log(l);
  await app.close();
} finally {
  await bench.close();
}
