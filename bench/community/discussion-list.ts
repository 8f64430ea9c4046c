import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { buildApp } from '../../apps/server/src/app.js';
import type { AppContext } from '../../apps/server/src/context.js';
import { seed } from '../../apps/server/src/db/seed.js';
import { createSession } from '../../apps/server/src/plugins/auth.js';
import { openPgBench } from '../lib/pg-bench.js';

// The community at scale (issue 12): 100,000 discussions, 1,000,000 comments (with replies and messages) on
// PostgreSQL, then the discussion list, a discussion's detail and its comment page, and the unread badge poll
// (GET /api/msg/unread) at 50 concurrent clients. Goals: list and detail-with-comments p99 ≤ 30 ms, unread
// p99 ≤ 10 ms.
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/community/discussion-list.ts

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** BENCH_ONLY=list,detail,…: measure only these targets (list, category, problem, detail, comments, commentsHot, unread). */
const ONLY = process.env.BENCH_ONLY?.split(',');
const DISCUSSIONS = Number(process.env.BENCH_DISCUSSIONS ?? 100_000);
const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 1_000_000);
const REPLIES = Number(process.env.BENCH_REPLIES ?? 300_000);
const USERS = Number(process.env.BENCH_USERS ?? 2_000);
const MESSAGES_PER_USER = 200;
const PROBLEMS = 200;
const here = path.dirname(fileURLToPath(import.meta.url));

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const load1 = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** Bulk-loads users, problems, discussions, comments, replies, likes, messages and notices with generate_series. */
async function load(ctx: AppContext): Promise<{ minDid: number; maxDid: number }> {
  const t0 = Date.now();
  const run = (q: string) => ctx.db.execute(sql.raw(q));
  await run(`INSERT INTO users (uid, username, password_hash, nickname, avatar)
    SELECT 'bench-' || g, 'bench' || g, 'x', 'Bench ' || g, '/api/public/avatar/' || md5(g::text) || '.png'
    FROM generate_series(1, ${USERS}) g`);
  await run(
    `INSERT INTO problems (problem_id, title) SELECT 'DP' || g, 'Problem ' || g FROM generate_series(1, ${PROBLEMS}) g`,
  );
  // A discussion g: author g % USERS, category 1-4, every fifth about a problem, one in 5,000 pinned, one in 100
  // disabled, created over the last year (newer ids newer), 10 comments and 3 replies on average.
  await run(`INSERT INTO discussions (category_id, title, description, content, pid, uid, author, view_num, like_num,
      comment_num, top_priority, status, gmt_create, gmt_modified)
    SELECT 1 + g % 4, 'Discussion ' || g || ' about loops and arrays', 'A short description of discussion ' || g,
      repeat('Some **markdown** text with $x^2$ and code. ', 10),
      CASE WHEN g % 5 = 0 THEN 'DP' || (1 + g % ${PROBLEMS}) END,
      'bench-' || (1 + g % ${USERS}), 'bench' || (1 + g % ${USERS}), g % 500, g % 50, 13,
      g % 5000 = 0, CASE WHEN g % 100 = 7 THEN 1 ELSE 0 END,
      now() - make_interval(mins => ${DISCUSSIONS} - g), now() - make_interval(mins => ${DISCUSSIONS} - g)
    FROM generate_series(1, ${DISCUSSIONS}) g`);
  const [range] = rowsOf<{ lo: number; hi: number }>(
    await run('SELECT min(id)::int AS lo, max(id)::int AS hi FROM discussions'),
  );
  const lo = Number(range.lo);
  await run(`INSERT INTO comments (did, content, from_uid, like_num, gmt_create)
    SELECT ${lo} + g % ${DISCUSSIONS}, 'Comment ' || g || ': have you tried a **prefix sum**?',
      'bench-' || (1 + (g * 7) % ${USERS}), (g * 13) % 20, now() - make_interval(secs => ${COMMENTS} - g)
    FROM generate_series(1, ${COMMENTS}) g`);
  const [crange] = rowsOf<{ lo: number }>(await run('SELECT min(id)::int AS lo FROM comments'));
  await run(`INSERT INTO replies (comment_id, from_uid, to_uid, content, gmt_create)
    SELECT ${Number(crange.lo)} + (g * 3) % ${COMMENTS}, 'bench-' || (1 + (g * 11) % ${USERS}),
      'bench-' || (1 + (g * 7) % ${USERS}), 'Reply ' || g || ': thanks!', now() - make_interval(secs => ${REPLIES} - g)
    FROM generate_series(1, ${REPLIES}) g`);
  await run(`INSERT INTO comment_likes (comment_id, uid)
    SELECT ${Number(crange.lo)} + (g * 17) % ${COMMENTS}, 'bench-' || (1 + g % ${USERS})
    FROM generate_series(1, 200000) g ON CONFLICT DO NOTHING`);
  // Messages: MESSAGES_PER_USER per user over the three lists, the newest tenth unread.
  await run(`INSERT INTO user_messages (recipient_uid, sender_uid, kind, action, source_id, source_type,
      source_content, url, state)
    SELECT 'bench-' || (1 + g % ${USERS}), 'bench-' || (1 + (g + 1) % ${USERS}),
      (ARRAY['Discuss','Reply','Like'])[1 + g % 3], (ARRAY['Discuss','Reply','Like_Post'])[1 + g % 3],
      ${lo} + g % ${DISCUSSIONS}, 'Discussion', 'Comment text ' || g, '/discussion-detail/' || (${lo} + g % ${DISCUSSIONS}),
      g < ${USERS * MESSAGES_PER_USER * 0.9}
    FROM generate_series(0, ${USERS * MESSAGES_PER_USER - 1}) g`);
  const [notice] = rowsOf<{ id: number }>(
    await run(
      `INSERT INTO admin_notices (title, content, type, state) VALUES ('Welcome', 'Hello', 'All', true) RETURNING id`,
    ),
  );
  await run(
    `INSERT INTO user_notices (notice_id, recipient_uid, type) SELECT ${Number(notice.id)}, uid, 'Sys' FROM users`,
  );
  await run('VACUUM ANALYZE');
  console.log(
    `  loaded ${USERS} users, ${DISCUSSIONS} discussions, ${COMMENTS} comments, ${REPLIES} replies, ` +
      `${USERS * MESSAGES_PER_USER} messages in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  return { minDid: lo, maxDid: Number(range.hi) };
}

interface Target {
  /** The target's short name for BENCH_ONLY. */
  key: string;
  name: string;
  url: string;
  token?: string;
  /** A path with `{did}`, replaced by a random discussion per request. */
  randomPath?: string;
  /** Sign each connection in as another user. */
  tokens?: string[];
}

/** 2 s warm-up at 10 clients, then SECONDS at 50; prints p50 / p99 (ms) and throughput. Returns p99. */
async function measure(t: Target): Promise<number> {
  if (ONLY && !ONLY.includes(t.key)) return 0;
  const opts: autocannon.Options = {
    url: t.url,
    headers: t.token ? { authorization: t.token } : {},
    workers: 1,
    ...(t.randomPath
      ? {
          requests: [
            { method: 'GET', path: t.randomPath, setupRequest: path.join(here, 'random-discussion.cjs') },
          ],
        }
      : {}),
    ...(t.tokens ? { setupClient: path.join(here, 'token-per-client.cjs') } : {}),
  } as autocannon.Options;
  if (t.tokens) process.env.BENCH_TOKENS = t.tokens.join(',');
  // One request first: the route answers 200 (a wrong URL would measure the error path).
  const started = performance.now();
  const probe = await fetch(
    `${t.url}${t.randomPath ? t.randomPath.replace('{did}', process.env.BENCH_DID_MIN ?? '1') : ''}`,
    {
      headers: { authorization: t.token ?? t.tokens?.[0] ?? '' },
    },
  );
  const bytes = (await probe.arrayBuffer()).byteLength;
  const single = performance.now() - started;
  if (probe.status !== 200) throw new Error(`${t.name}: ${probe.status}`);
  // The client runs in a worker thread of its own, so it does not share the server's event loop.
  await autocannon({ ...opts, connections: 10, duration: 2 });
  const r = await autocannon({ ...opts, connections: 50, duration: SECONDS });
  console.log(
    `  ${t.name.padEnd(40)} ${String(bytes).padStart(6)} B, alone ${single.toFixed(0).padStart(3)} ms (load ${load1()}) p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  ${r.requests.average.toFixed(0).padStart(6)} req/s  errors ${r.errors} non2xx ${r.non2xx}`,
  );
  return r.latency.p99;
}

/** EXPLAIN of the list's page query, to show which index serves it. */
async function explainList(ctx: AppContext) {
  const plan = rowsOf<{ 'QUERY PLAN': string }>(
    await ctx.db.execute(
      sql.raw(`EXPLAIN ANALYZE SELECT id FROM discussions WHERE status = 0 AND gid IS NULL
        ORDER BY top_priority DESC, gmt_create DESC, id DESC LIMIT 10 OFFSET 0`),
    ),
  );
  console.log(
    `  list plan: ${plan
      .map((p) => p['QUERY PLAN'].trim())
      .slice(0, 3)
      .join(' | ')}`,
  );
}

async function main() {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL (PostgreSQL) is required');
  console.log(`load average before: ${load1()}`);
  const bench = await openPgBench(base);
  const { ctx } = bench;
  try {
    await seed(ctx);
    // Every open discussion counts for the bench users' posting rules; nothing is written by the reads below but
    // the view marks of the detail calls.
    const { minDid, maxDid } = await load(ctx);
    process.env.BENCH_DID_MIN = String(minDid);
    process.env.BENCH_DID_MAX = String(maxDid);
    await explainList(ctx);
    const fakeReq = { ip: '127.0.0.1', headers: {} } as FastifyRequest;
    const token = await createSession(ctx, 'bench-1', fakeReq);
    const tokens: string[] = [];
    for (let i = 1; i <= 50; i += 1) tokens.push(await createSession(ctx, `bench-${i}`, fakeReq));
    const app = await buildApp({ ctx });
    const addr = await app.listen({ port: 0, host: '127.0.0.1' });
    const p99: Record<string, number> = {};
    try {
      console.log(`at 50 concurrent clients, ${SECONDS} s each:`);
      p99.list = await measure({
        key: 'list',
        name: 'discussion list, page 1',
        url: `${addr}/api/get-discussion-list?limit=10`,
        token,
      });
      p99.category = await measure({
        key: 'category',
        name: 'discussion list, category 2, page 50',
        url: `${addr}/api/get-discussion-list?limit=10&cid=2&currentPage=50`,
        token,
      });
      p99.problem = await measure({
        key: 'problem',
        name: 'discussion list of a problem',
        url: `${addr}/api/get-discussion-list?limit=10&pid=DP6`,
        token,
      });
      p99.detail = await measure({
        key: 'detail',
        name: 'detail of a random discussion',
        url: addr,
        token,
        randomPath: '/api/get-discussion-detail?did={did}',
      });
      p99.comments = await measure({
        key: 'comments',
        name: 'comment page of a random discussion',
        url: addr,
        token,
        randomPath: '/api/comments?did={did}&limit=10',
      });
      // One busy discussion read by everyone: its pages are kept, each request reads the head, version and likes.
      p99.commentsHot = await measure({
        key: 'commentsHot',
        name: 'comment page of one busy discussion',
        url: `${addr}/api/comments?did=${minDid + 4321}&limit=10`,
        token,
      });
      p99.unread = await measure({
        key: 'unread',
        name: 'unread counts (50 users polling)',
        url: `${addr}/api/msg/unread`,
        tokens,
      });
      console.log('goals:');
      const verdict = (v: number, goal: number) =>
        `${v} ms (goal ≤ ${goal} ms: ${v <= goal ? 'met' : 'NOT met'})`;
      console.log(`  list p99 ${verdict(Math.max(p99.list, p99.category, p99.problem), 30)}`);
      console.log(`  detail with comments p99 ${verdict(Math.max(p99.detail, p99.comments), 30)}`);
      console.log(`  unread p99 ${verdict(p99.unread, 10)}`);
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
