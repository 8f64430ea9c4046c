import { fork } from 'node:child_process';
import http from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

/**
 * Idle streams as a weapon (issue 22 item 6; docs/clics.md "Event feed"): opens BENCH_STREAMS (2,000) CLICS
 * event-feed streams of one public running contest (read by a child process, caps raised for the bench), then
 * measures an ordinary request (GET /api/get-recent-contest, one at a time, BENCH_REQUESTS of them) and prints its
 * p50 / p99 with the streams open and before they were opened, and how many shared signature queries ran per
 * second meanwhile. Goal: p99 under 50 ms with 2,000 streams open.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/events/clics-streams.ts
 *
 * Never in CI. The machine may be shared: figures vary with other load.
 */

const STREAMS = Number(process.env.BENCH_STREAMS ?? 2000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const OPEN_BATCH = 200;
const load1 = () => loadavg()[0].toFixed(2);

type ToClient = { cmd: 'open'; url: string; count: number } | { cmd: 'close' };
type FromClient = { opened: number; failed: number };

/** The child: opens `count` streams of `url`, reports once each got its first line. */
async function client(): Promise<void> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const open: http.ClientRequest[] = [];
  const openOne = (url: string) =>
    new Promise<boolean>((resolve) => {
      const req = http.get(url, { agent }, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return resolve(false);
        }
        res.once('data', () => resolve(true));
        res.on('data', () => undefined);
      });
      req.on('error', () => resolve(false));
      open.push(req);
    });
  process.on('message', async (m: ToClient) => {
    if (m.cmd === 'close') {
      for (const r of open) r.destroy();
      process.exit(0);
    }
    let opened = 0;
    let failed = 0;
    for (let i = 0; i < m.count; i += OPEN_BATCH) {
      const ok = await Promise.all(
        Array.from({ length: Math.min(OPEN_BATCH, m.count - i) }, () => openOne(m.url)),
      );
      for (const o of ok) o ? opened++ : failed++;
    }
    process.send?.({ opened, failed } satisfies FromClient);
  });
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** REQUESTS sequential GETs of `url` on a keep-alive agent; p50 / p99 in ms. */
async function latency(url: string): Promise<{ p50: number; p99: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    await new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${res.statusCode}`))));
        })
        .on('error', reject);
    });
    times.push(performance.now() - t0);
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

async function server(base: string): Promise<void> {
  const { openPgBench } = await import('../lib/pg-bench.js');
  const { buildApp } = await import('../../apps/server/src/app.js');
  const { seed } = await import('../../apps/server/src/db/seed.js');
  const { contests } = await import('../../apps/server/src/db/schema/index.js');
  const { feedLimits } = await import('../../apps/server/src/modules/clics/clics.stream.js');
  const { hubStats } = await import('../../apps/server/src/modules/clics/clics.hub.js');

  console.log(
    `CLICS event-feed streams: ${STREAMS} streams, ${REQUESTS} ordinary requests (load ${load1()})`,
  );
  const bench = await openPgBench(base);
  const { ctx } = bench;
  const child = fork(fileURLToPath(import.meta.url), ['--client'], { execArgv: ['--import', 'tsx'] });
  try {
    await seed(ctx);
    const now = Date.now();
    const [c] = await ctx.db
      .insert(contests)
      .values({
        title: 'Bench contest',
        startTime: new Date(now - 600_000),
        endTime: new Date(now + 3 * 3600_000),
        openRank: true,
      })
      .returning({ id: contests.id });
    Object.assign(feedLimits, { total: STREAMS, perAddress: STREAMS, perUser: STREAMS });
    const app = await buildApp({ ctx });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    const ordinary = `${url}/api/get-recent-contest`;

    await latency(ordinary); // warm-up
    const idle = await latency(ordinary);
    console.log(
      `  no streams: p50 ${idle.p50.toFixed(1)} ms, p99 ${idle.p99.toFixed(1)} ms (load ${load1()})`,
    );

    const opened = new Promise<FromClient>((r) => child.once('message', (m: FromClient) => r(m)));
    const t0 = Date.now();
    child.send({
      cmd: 'open',
      url: `${url}/api/clics/contests/${c.id}/event-feed`,
      count: STREAMS,
    } satisfies ToClient);
    const o = await opened;
    console.log(
      `  ${o.opened} streams open (${o.failed} refused) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    const q0 = hubStats.signatureQueries;
    const r0 = hubStats.feedReads;
    const t1 = Date.now();
    const busy = await latency(ordinary);
    const secs = (Date.now() - t1) / 1000;
    console.log(
      `  ${o.opened} streams open: p50 ${busy.p50.toFixed(1)} ms, p99 ${busy.p99.toFixed(1)} ms; shared signature ` +
        `queries ${((hubStats.signatureQueries - q0) / secs).toFixed(1)}/s, feed reads ${hubStats.feedReads - r0} ` +
        `in ${secs.toFixed(1)} s (load ${load1()})`,
    );
    console.log(`  goal p99 < 50 ms: ${busy.p99 < 50 && o.opened === STREAMS ? 'met' : 'NOT met'}`);
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
