import { fork } from 'node:child_process';
import http from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createSseParser, isFinishedStatus, JudgeStatus, LIVE_EVENT, type LiveVerdictData } from '@oj/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Live-event streams (issue 10 §4; docs/events.md): 2,000 open `GET /api/events` streams on one server (PostgreSQL,
 * TEST_DATABASE_URL), each of its own user. Prints the server's memory per stream (RSS and heap after a GC, before
 * and after opening them, divided by the count) and the delay from a verdict to its event at the owner's stream,
 * p50 / p99 over 200 verdicts posted by a fake judgehost through the judge protocol (goal p99 <= 200 ms).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/events/streams.ts
 *
 * The streams are read by a child process (`--client`), so that the server's memory is this process's alone; both
 * take their times from the same wall clock. BENCH_STREAMS and BENCH_VERDICTS change the counts.
 */

const STREAMS = Number(process.env.BENCH_STREAMS ?? 2000);
const VERDICTS = Number(process.env.BENCH_VERDICTS ?? 200);
/** Pause between verdicts (ms): a steady judge, not one burst. */
const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 20);
const OPEN_BATCH = 200;

const now = () => performance.timeOrigin + performance.now();
const load1 = () => loadavg()[0].toFixed(2);

/** Messages between the bench and its client process. */
type ToClient = { cmd: 'open'; base: string; tokens: string[] } | { cmd: 'close' };
type FromClient = { opened: number; failed: number } | { verdict: number; at: number };

// ---------------------------------------------------------------------------------------------------------------
// The client process: opens the streams, reports each final verdict event with the time it arrived.
// ---------------------------------------------------------------------------------------------------------------

async function client(): Promise<void> {
  const send = (m: FromClient) => process.send?.(m);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const open: http.ClientRequest[] = [];
  const openOne = (base: string, token: string) =>
    new Promise<boolean>((resolve) => {
      const req = http.request(`${base}/api/events`, { agent, headers: { authorization: token } });
      req.on('error', () => resolve(false));
      req.on('response', (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return resolve(false);
        }
        res.setEncoding('utf8');
        const parser = createSseParser((e) => {
          if (e.type === LIVE_EVENT.ready) resolve(true);
          else if (e.type === LIVE_EVENT.verdict) {
            const d = JSON.parse(e.data) as LiveVerdictData;
            if (isFinishedStatus(d.status)) send({ verdict: d.submitId, at: now() });
          }
        });
        res.on('data', (chunk: string) => parser.push(chunk));
      });
      req.end();
      open.push(req);
    });
  process.on('message', async (m: ToClient) => {
    if (m.cmd === 'open') {
      let opened = 0;
      let failed = 0;
      for (let i = 0; i < m.tokens.length; i += OPEN_BATCH) {
        const ok = await Promise.all(m.tokens.slice(i, i + OPEN_BATCH).map((t) => openOne(m.base, t)));
        for (const o of ok) o ? opened++ : failed++;
      }
      send({ opened, failed });
    } else {
      for (const r of open) r.destroy();
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The server side (this process).
// ---------------------------------------------------------------------------------------------------------------

/** A full garbage collection (the flag is set at run time, so the bench runs under plain `npx tsx`). */
function collect(): void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  gc();
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

async function inject(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  headers = {},
) {
  const res = await app.inject({ method, url, payload: payload as never, headers });
  // biome-ignore lint/suspicious/noExplicitAny: API JSON read field by field
  const body = res.json() as { status: number; msg: string; data: any };
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${body.msg}`);
  return { body, headers: res.headers };
}

async function server(base: string): Promise<void> {
  const { openPgBench } = await import('../lib/pg-bench.js');
  const { buildApp } = await import('../../apps/server/src/app.js');
  const { seed } = await import('../../apps/server/src/db/seed.js');
  const { createSession } = await import('../../apps/server/src/plugins/auth.js');
  const { getJudgeToken } = await import('../../apps/server/src/modules/judge/token.js');
  const { createProblem } = await import('../../apps/server/src/modules/problem/problem.store.js');

  console.log(`live-event streams: ${STREAMS} streams, ${VERDICTS} verdicts (load ${load1()})`);
  const bench = await openPgBench(base);
  const { ctx } = bench;
  const child = fork(fileURLToPath(import.meta.url), ['--client'], { execArgv: ['--import', 'tsx'] });
  try {
    await seed(ctx);
    const app = await buildApp({ ctx });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;

    // Accounts: root lifts the submit interval; STREAMS users, each with a session.
    const root = await inject(app, 'POST', '/api/login', { username: 'root', password: 'benchpass1' });
    const rootToken = String(root.headers.authorization);
    await inject(
      app,
      'PUT',
      '/api/admin/switch/update',
      { defaultSubmitInterval: 0 },
      { authorization: rootToken },
    );
    await ctx.db.execute(
      sql.raw(`INSERT INTO users (uid, username, password_hash, nickname)
        SELECT 'ev-' || g, 'ev' || g, 'x', 'Viewer ' || g FROM generate_series(1, ${STREAMS}) g`),
    );
    const tokens: string[] = [];
    const req = { ip: '127.0.0.1', headers: {} } as FastifyRequest;
    for (let i = 1; i <= STREAMS; i++) tokens.push(await createSession(ctx, `ev-${i}`, req));
    await createProblem(ctx.db, {
      problem: { title: 'A+B', problemId: 'EV-AB', timeLimit: 1000, memoryLimit: 256 },
      testcases: [{ input: '1 2\n', output: '3\n' }],
    });
    const judge = { 'x-judge-token': await getJudgeToken(ctx) };
    await inject(
      app,
      'POST',
      '/api/judge/register',
      {
        judgehostId: 'bench',
        name: 'bench',
        cpuCount: 2,
        workers: 2,
        languages: [{ name: 'C++', version: '1', available: true }],
      },
      judge,
    );

    // Memory before and after opening the streams (after a full GC each time).
    await new Promise((r) => setTimeout(r, 500));
    collect();
    const before = process.memoryUsage();
    const arrivals = new Map<number, number>();
    let opened: { opened: number; failed: number } | null = null;
    child.on('message', (m: FromClient) => {
      if ('verdict' in m) arrivals.set(m.verdict, m.at);
      else opened = m;
    });
    const t0 = Date.now();
    child.send({ cmd: 'open', base: url, tokens } satisfies ToClient);
    while (!opened) await new Promise((r) => setTimeout(r, 50));
    const openMs = Date.now() - t0;
    await new Promise((r) => setTimeout(r, 1000));
    collect();
    const after = process.memoryUsage();
    const o = opened as { opened: number; failed: number };
    const per = (k: 'rss' | 'heapUsed' | 'external') => ((after[k] - before[k]) / o.opened / 1024).toFixed(1);
    console.log(
      `  ${o.opened} streams open (${o.failed} refused) in ${(openMs / 1000).toFixed(1)} s; server memory per stream: ` +
        `RSS ${per('rss')} KiB, heap ${per('heapUsed')} KiB, external ${per('external')} KiB ` +
        `(RSS ${(before.rss / 2 ** 20).toFixed(0)} -> ${(after.rss / 2 ** 20).toFixed(0)} MiB; load ${load1()})`,
    );

    // VERDICTS users submit; a fake judgehost leases and answers each in turn.
    const owners = Array.from({ length: VERDICTS }, (_, i) => tokens[Math.floor((i * STREAMS) / VERDICTS)]);
    for (const token of owners) {
      await inject(
        app,
        'POST',
        '/api/submit-problem-judge',
        { pid: 'EV-AB', language: 'C++', code: 'int main(){}', cid: 0 },
        { authorization: token },
      );
    }
    const posted = new Map<number, number>();
    const stored = new Map<number, number>();
    for (let i = 0; i < VERDICTS; i++) {
      const lease = await inject(
        app,
        'POST',
        '/api/judge/lease',
        { judgehostId: 'bench', waitSeconds: 0 },
        judge,
      );
      const task = lease.body.data.task;
      posted.set(task.submitId, now());
      const result = {
        judgehostId: 'bench',
        jobId: task.jobId,
        version: task.version,
        status: JudgeStatus.ACCEPTED,
        score: null,
        oiRankScore: null,
        time: 1,
        memory: 1,
        errorMessage: null,
        cases: [],
      };
      await inject(app, 'POST', '/api/judge/result', result, judge);
      stored.set(task.submitId, now());
      await new Promise((r) => setTimeout(r, GAP_MS));
    }
    const until = Date.now() + 10_000;
    while (arrivals.size < VERDICTS && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const fromStored: number[] = [];
    const fromPosted: number[] = [];
    for (const [id, at] of arrivals) {
      fromStored.push(at - (stored.get(id) ?? at));
      fromPosted.push(at - (posted.get(id) ?? at));
    }
    fromStored.sort((a, b) => a - b);
    fromPosted.sort((a, b) => a - b);
    const f = (xs: number[], q: number) => quantile(xs, q).toFixed(1);
    console.log(
      `  ${arrivals.size}/${VERDICTS} verdict events received; verdict stored -> event at the owner's stream: ` +
        `p50 ${f(fromStored, 0.5)} ms, p99 ${f(fromStored, 0.99)} ms, max ${f(fromStored, 1)} ms; ` +
        `from the result posted: p50 ${f(fromPosted, 0.5)} ms, p99 ${f(fromPosted, 0.99)} ms (load ${load1()})`,
    );
    const p99 = quantile(fromStored, 0.99);
    console.log(`  goal p99 <= 200 ms: ${p99 <= 200 && arrivals.size === VERDICTS ? 'met' : 'NOT met'}`);
    child.send({ cmd: 'close' } satisfies ToClient);
    await app.close();
  } finally {
    if (child.connected) child.kill();
    await bench.close();
  }
}

if (process.argv.includes('--client')) {
  void client();
} else {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    console.error('set TEST_DATABASE_URL (a PostgreSQL URL) to run this bench');
    process.exit(1);
  }
  server(base).then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
