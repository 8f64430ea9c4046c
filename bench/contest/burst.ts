import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isFinishedStatus } from '@oj/shared';
import { Agent, request } from 'undici';
import { Cpp } from '../../apps/judgehost/src/languages/cpp.js';
import { api, freePort, launchBrowser, ROOT } from '../../e2e/harness.js';
import { type FreshDatabase, freshDatabase } from '../lib/pg-bench.js';
import { pct } from '../lib/pglite-bench.js';
import { type SignIn, signInUntilOk } from '../lib/signin.js';
import { submitAll } from '../lib/submit.js';
import {
  type BrowserLoad,
  browserCheck,
  knownPageCalls,
  type PageCall,
  recordPageCalls,
} from './burst-browser.js';

// Issue 22 item 7: a contest day's start on the real production server, on this machine, with the load generator
// beside it. The product is built and started the way `npm start` starts it (scripts/start.mjs: the stale builds,
// then the server bundle in its own process; its defaults: the embedded database, the embedded judge with one
// worker per core), behind a trusted proxy (OJ_TRUST_PROXY=true,
// each contestant its own X-Forwarded-For address). Then, each a row of the issue's table, with its goal:
//   1. USERS contestants (made with POST /api/admin/user/insert-batch-user) sign in, 200 at a time;
//   2. contest start: each opens the contest, its problem list, problem A and the board: the API calls the web app
//      makes for those pages (recorded in Chromium first), 200 contestants at a time;
//   3. 300 submissions of a 10-case A+B in C++ sent at once (answer times);
//   4. until all 300 are judged (wall time; the ideal is bare compile + 10 runs, × 300 ÷ judge workers, measured
//      here with the judge's own g++ flags);
//   5. meanwhile 50 clients read the board (each: the board page's rank call, then 1 s, again).
// With --browser, Chromium also loads a contestant's problem page and board over and over during 3-5 and prints the
// time to a usable page. Never in CI.
//
//   npx tsx bench/contest/burst.ts [--db=embedded|pglite|postgres|all] [--browser] [--users=1000]
//
// embedded: no DATABASE_URL (what `npm start` picks); pglite: OJ_EMBEDDED_DB=pglite; postgres: a fresh database on
// BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres). all: embedded, then PGlite when the embedded
// default was not PGlite, then PostgreSQL.

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'] as const;
  }),
);
const USERS = Number(args.get('users') ?? 1000);
const SIGNIN_CONCURRENCY = 200;
const PAGE_CONCURRENCY = 200;
const SUBMISSIONS = Math.min(300, USERS);
const BOARD_CLIENTS = Math.min(50, USERS);
const BOARD_PAUSE_MS = 1000;
const CASES = 10;
const PASSWORD = 'burst-pass-1';
const ROOT_PASSWORD = 'burstRoot1';
const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Kind = 'embedded' | 'pglite' | 'postgres';

/** The contestant's own address (a proxy's X-Forwarded-For): 10.x.y.z, unique per contestant. */
const addressOf = (i: number) => ({
  'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
});
const username = (i: number) => `burst${String(i).padStart(4, '0')}`;

const AB_SOURCE =
  '#include <cstdio>\nint main(){long long a,b;if(scanf("%lld %lld",&a,&b)!=2)return 0;printf("%lld\\n",a+b);return 0;}\n';
const CASE_INPUTS = Array.from(
  { length: CASES },
  (_, i) => [i * 7919 - 31, 1_000_000_007 - i * 104_729] as const,
);

/** Runs `fn(i)` for i in [0, n) with at most `concurrency` at once. */
async function pool<T>(n: number, concurrency: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, concurrency) }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await fn(i);
      }
    }),
  );
  return out;
}

/** The running product: its base URL, which database it opened (its `ready` log line), and stop(). */
interface Product {
  base: string;
  db: string;
  log: string;
  stop(): Promise<void>;
}

/**
 * Builds the stale bundles (scripts/start.mjs's first step; the web app only when apps/web/dist has none: other
 * people's builds of this shared checkout hold /tmp/web-build.lock, and the pages' API calls do not depend on the
 * last web change) and runs the server bundle as scripts/start.mjs does (its own node process, cwd apps/server),
 * in its own process group on a fresh data dir, with the database of `kind`; resolves once /api/health answers
 * 200. The log goes to `<dataDir>.log`.
 */
async function startProduct(kind: Kind): Promise<Product> {
  if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html')))
    execFileSync('flock', ['/tmp/web-build.lock', 'npm', 'run', 'build', '-w', 'apps/web'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  // A copy of the built web app taken under the shared lock: a build by someone else empties apps/web/dist first.
  // BENCH_WEB_DIST: a copy taken already (the lock can be held for many minutes by others' browser tests).
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-burst-web-'));
  if (process.env.BENCH_WEB_DIST) fs.cpSync(process.env.BENCH_WEB_DIST, webDist, { recursive: true });
  else
    execFileSync('flock', ['-s', '/tmp/web-build.lock', 'cp', '-r', 'apps/web/dist/.', webDist], {
      cwd: ROOT,
    });
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-burst-'));
  const logFile = `${dataDir}.log`;
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of [
    'DATABASE_URL',
    'TEST_DATABASE_URL',
    'OJ_EMBEDDED_DB',
    'OJ_EMBEDDED_JUDGE_WORKERS',
    'VITEST',
  ])
    delete env[k];
  let db: FreshDatabase | null = null;
  if (kind === 'postgres') {
    db = await freshDatabase(PG_BASE);
    env.DATABASE_URL = db.url;
  }
  if (kind === 'pglite') env.OJ_EMBEDDED_DB = 'pglite';
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    OJ_DATA_DIR: dataDir,
    OJ_ADMIN_PASSWORD: ROOT_PASSWORD,
    OJ_TRUST_PROXY: 'true',
    LOG_FORMAT: 'json',
    OJ_WEB_DIST: webDist,
  });
  const fd = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/server.js')], {
    cwd: path.join(ROOT, 'apps/server'),
    env,
    stdio: ['ignore', fd, fd],
    detached: true,
  });
  fs.closeSync(fd);
  const exited = new Promise<void>((r) => child.on('exit', () => r()));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    try {
      process.kill(-(child.pid as number), 'SIGTERM');
    } catch {
      // gone
    }
    const t = setTimeout(() => {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // gone
      }
    }, 60_000);
    await exited;
    clearTimeout(t);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(`${dataDir}-judge-cache`, { recursive: true, force: true });
    fs.rmSync(`${dataDir}-pg`, { recursive: true, force: true }); // the embedded private cluster's
    fs.rmSync(webDist, { recursive: true, force: true });
    await db?.drop();
  };
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited:\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error('server did not answer /api/health in 10 minutes');
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  const ready = fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .map((l) => {
      try {
        return JSON.parse(l) as { msg?: string; db?: string };
      } catch {
        return {};
      }
    })
    .find((l) => l.msg === 'ready');
  return { base, db: ready?.db ?? 'unknown', log: logFile, stop };
}

/** Root's token; 1,000 contestants (insert-batch-user, 250 a call); the 10-case A+B; a running public contest. */
async function setUp(base: string): Promise<{ rootToken: string; cid: number; pid: number }> {
  const admin = { 'x-forwarded-for': '10.250.0.1' };
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...admin },
    body: JSON.stringify({ username: 'root', password: ROOT_PASSWORD }),
  });
  const rootToken = login.headers.get('authorization');
  if (login.status !== 200 || !rootToken) throw new Error(`root sign-in: ${login.status}`);
  const call = <T>(method: string, url: string, body?: unknown) =>
    api<T>(base, method, url, { token: rootToken, body }).then((r) => r.data);
  for (let from = 1; from <= USERS; from += 250) {
    const users = [];
    for (let i = from; i < Math.min(from + 250, USERS + 1); i++) users.push([username(i), PASSWORD]);
    await call('POST', '/admin/user/insert-batch-user', { users });
  }
  const cases = CASE_INPUTS.map(([a, b]) => ({ input: `${a} ${b}\n`, output: `${a + b}\n` }));
  const { pid } = await call<{ pid: number }>('POST', '/admin/problem', {
    problem: {
      problemId: `BURST${Date.now() % 100_000}`,
      title: 'Burst A+B',
      description: 'Print a + b.',
      input: 'Two integers a and b.',
      output: 'a + b',
      examples: [cases[0]],
      timeLimit: 1000,
      memoryLimit: 256,
      type: 0,
      auth: 1,
    },
    samples: cases,
    languages: ['C++'],
    tags: [],
    codeTemplates: [],
  });
  const now = Date.now();
  const { cid } = await call<{ cid: number }>('POST', '/admin/contest', {
    title: 'Burst contest',
    description: 'A contest day at scale (issue 22).',
    startTime: new Date(now - 60_000).toISOString(),
    endTime: new Date(now + 5 * 3600_000).toISOString(),
    type: 0,
    auth: 0,
    openRank: true,
  });
  await call('POST', '/admin/contest/add-problem-from-public', { pid, cid, displayId: 'A' });
  return { rootToken, cid, pid };
}

/**
 * The load generator's HTTP client: undici's pool (keep-alive, no WHATWG streams or Headers objects). Global fetch
 * cost the bench itself 19.5 s of CPU in a 38.5 s contest start on 2 cores (a sampler of /proc, 2026-11-28), CPU
 * the server then lacked; a browser's requests cost the server machine nothing.
 */
const agent = new Agent({ connections: PAGE_CONCURRENCY * 2, pipelining: 1 });

/** Replays one recorded page (its API calls at once) as a contestant; resolves with the page's ms (all answered). */
async function loadPage(base: string, calls: PageCall[], token: string, headers: Record<string, string>) {
  const t0 = performance.now();
  let failed = 0;
  await Promise.all(
    calls.map(async (c) => {
      // A keep-alive socket the server closed as it was reused ("other side closed") is tried once more on a new
      // one, as a browser does; it ended the whole run before (the previous session's PGlite run "stopped").
      const send = () =>
        request(`${base}${c.path}`, {
          dispatcher: agent,
          method: c.method as 'GET' | 'POST',
          headers: {
            authorization: token,
            'url-type': 'general',
            // As a browser asks (the server compresses what is large); the body is drained, never decoded.
            'accept-encoding': 'gzip, deflate, br',
            ...(c.body !== null ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
          body: c.body ?? undefined,
        });
      const res = await send().catch(send);
      await res.body.dump({ limit: Number.POSITIVE_INFINITY });
      if (res.statusCode !== 200) failed++;
    }),
  );
  return { ms: performance.now() - t0, failed };
}

/** Bare compile (the judge's g++ argv for `C++`) and the 10 runs, median of 3 each, in ms. */
function bareJudgeMs(): { compileMs: number; runsMs: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-burst-bare-'));
  try {
    fs.writeFileSync(path.join(dir, Cpp.sourceFile), AB_SOURCE);
    const [cc, ...argv] = Cpp.compileArgv ?? [];
    const median = (f: () => void) => {
      const xs = [0, 1, 2].map(() => {
        const t0 = performance.now();
        f();
        return performance.now() - t0;
      });
      return xs.sort((a, b) => a - b)[1];
    };
    const compileMs = median(() => execFileSync(cc, argv, { cwd: dir, stdio: 'ignore' }));
    const runsMs = median(() => {
      for (const [a, b] of CASE_INPUTS) execFileSync(path.join(dir, 'main'), { input: `${a} ${b}\n` });
    });
    return { compileMs, runsMs };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One printed row: the phase, the figures, the goal and whether it was met. */
interface Row {
  phase: string;
  figures: string;
  goal: string;
  met: boolean | null;
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const msf = (ms: number) => `${ms.toFixed(0)} ms`;

/** Runs the whole scenario on a product started with `kind`; returns its rows and the judged wall time (ms). */
async function scenario(
  kind: Kind,
  browserWanted: boolean,
  pgJudgedMs: number | null,
): Promise<{ rows: Row[]; judgedMs: number; db: string }> {
  const product = await startProduct(kind);
  const rows: Row[] = [];
  // Each row printed as soon as measured too (a long run stopped half-way keeps its figures).
  const push = rows.push.bind(rows);
  rows.push = (...r: Row[]) => {
    for (const x of r)
      console.log(`  ${x.phase}: ${x.figures} (goal ${x.goal}: ${x.met ? 'met' : 'not met'})`);
    return push(...r);
  };
  const embeddedGoals = product.db !== 'postgres';
  console.log(`\n## ${kind}: database ${product.db}, log ${product.log}, load ${os.loadavg()[0].toFixed(2)}`);
  try {
    const { rootToken, cid, pid } = await setUp(product.base);
    const { base } = product;

    // 1. Sign-ins.
    let t0 = performance.now();
    const signins: SignIn[] = await pool(USERS, SIGNIN_CONCURRENCY, (i) =>
      signInUntilOk(base, username(i + 1), PASSWORD, addressOf(i + 1)),
    );
    const signinTotal = performance.now() - t0;
    const signinMs = signins.map((x) => x.totalMs).sort((a, b) => a - b);
    const retried = signins.filter((x) => x.tries > 1).length;
    const notIn = signins.filter((x) => !x.ok).length;
    const [sp50, sp99] = [pct(signinMs, 50), pct(signinMs, 99)];
    const signinGoal = embeddedGoals ? 20_000 : 15_000;
    rows.push({
      phase: `${USERS} sign-ins at ${SIGNIN_CONCURRENCY} concurrent`,
      figures: `${s(signinTotal)}; p50 ${s(sp50)}, p99 ${s(sp99)}, p99/p50 ${(sp99 / sp50).toFixed(1)}; ${retried} answered 429 first, ${notIn} never signed in`,
      goal: `≤ ${s(signinGoal)}, p99 ≤ 3 × p50`,
      met: signinTotal <= signinGoal && sp99 <= 3 * sp50 && notIn === 0,
    });
    // The contestants refused 30 times (a very loaded machine) sign in again, outside the figures, to go on.
    for (const [i, x] of signins.entries())
      if (!x.ok) signins[i] = await signInUntilOk(base, username(i + 1), PASSWORD, addressOf(i + 1));
    if (signins.some((x) => !x.ok)) throw new Error(`contestants could not sign in: ${product.log}`);
    const sessions = signins.map((x) => ({ token: x.token, user: x.user }));

    // 2. Contest start: the pages' API calls, recorded in Chromium as the last contestant.
    const browser = await launchBrowser();
    try {
      const paths = [
        `/contest/${cid}`,
        `/contest/${cid}/problems`,
        `/contest/${cid}/problem/A`,
        `/contest/${cid}/rank`,
      ];
      let pages = await recordPageCalls(browser, base, sessions[USERS - 1], paths);
      if (!pages[3].some((c) => /rank|scoreboard/.test(c.path))) {
        console.log(
          `  WARNING: the recorded board page made no rank call (the web build did not render the contest pages: ${pages.map((p) => p.length).join(', ')} calls); replaying the calls last recorded working instead (burst-browser.ts knownPageCalls)`,
        );
        pages = knownPageCalls(cid, pid);
      }
      console.log(
        `  pages (API calls recorded in Chromium): ${paths.map((p, i) => `${p} ${pages[i].map((c) => `${c.method} ${c.path.split('?')[0]}`).join(', ')}`).join('; ')}`,
      );
      t0 = performance.now();
      const pagesFrom = new Date().toISOString();
      let pageFailed = 0;
      const pageMs = (
        await pool(USERS, PAGE_CONCURRENCY, async (i) => {
          const out: number[] = [];
          for (const calls of pages) {
            const r = await loadPage(base, calls, sessions[i].token, addressOf(i + 1));
            pageFailed += r.failed;
            out.push(r.ms);
          }
          return out;
        })
      )
        .flat()
        .sort((a, b) => a - b);
      const pagesTotal = performance.now() - t0;
      // Where the phase's time went, per route (the server's own response times): run after the bench.
      console.log(
        `  per route: npx tsx bench/contest/route-stats.ts ${product.log} --from=${pagesFrom} --to=${new Date().toISOString()}`,
      );
      const [pagesGoal, pagesP99Goal] = embeddedGoals ? [10_000, 1000] : [6000, 500];
      rows.push({
        phase: `contest start, ${pageMs.length} page loads at ${PAGE_CONCURRENCY} concurrent`,
        figures: `${s(pagesTotal)}; p50 ${msf(pct(pageMs, 50))}, p99 ${msf(pct(pageMs, 99))}; ${pageFailed} calls not 200`,
        goal: `≤ ${s(pagesGoal)}, p99 ≤ ${msf(pagesP99Goal)}`,
        met: pagesTotal <= pagesGoal && pct(pageMs, 99) <= pagesP99Goal && pageFailed === 0,
      });

      // 3-5. The submissions, the judging, the board readers (and the browser check).
      const boardCalls = pages[3].filter((c) => /rank|scoreboard/.test(c.path));
      if (boardCalls.length === 0) throw new Error('the board page made no rank call');
      let judging = true;
      const boardMs: number[] = [];
      let boardFailed = 0;
      const readers = Array.from({ length: BOARD_CLIENTS }, async (_, j) => {
        const i = USERS - 1 - j;
        while (judging) {
          const r = await loadPage(base, boardCalls, sessions[i].token, addressOf(i + 1));
          boardMs.push(r.ms);
          boardFailed += r.failed;
          await new Promise((res) => setTimeout(res, BOARD_PAUSE_MS));
        }
      });
      const browserLoads: Promise<BrowserLoad[]> = browserWanted
        ? browserCheck(browser, base, sessions[USERS - 1], cid, 'A', () => judging)
        : Promise.resolve([]);
      t0 = performance.now();
      const answers = await submitAll(
        base,
        Array.from({ length: SUBMISSIONS }, (_, i) => ({
          token: sessions[i].token,
          headers: addressOf(i + 1),
        })),
        { pid: 'A', cid, language: 'C++', code: AB_SOURCE },
      );
      const answerMs = answers.map((a) => a.ms).sort((a, b) => a - b);
      const refused = answers.filter((a) => a.status !== 200);
      const submitP99Goal = embeddedGoals ? 1000 : 500;
      rows.push({
        phase: `${SUBMISSIONS} submissions sent at once: answered`,
        figures: `p50 ${msf(pct(answerMs, 50))}, p99 ${msf(pct(answerMs, 99))}, max ${msf(answerMs[answerMs.length - 1])}; ${refused.length} not 200`,
        goal: `p99 ≤ ${msf(submitP99Goal)}`,
        met: pct(answerMs, 99) <= submitP99Goal && refused.length === 0,
      });
      const ids = answers.filter((a) => a.submitId > 0).map((a) => a.submitId);
      const verdicts = new Map<number, number>();
      const judgeDeadline = Date.now() + 900_000;
      while (verdicts.size < ids.length && Date.now() < judgeDeadline) {
        const open = ids.filter((id) => !verdicts.has(id));
        const r = await api<Record<string, { status: number }>>(base, 'POST', '/check-submissions-status', {
          token: rootToken,
          body: { submitIds: open.slice(0, 500), cid },
        });
        for (const [id, v] of Object.entries(r.data))
          if (isFinishedStatus(v.status)) verdicts.set(Number(id), v.status);
        if (verdicts.size < ids.length) await new Promise((res) => setTimeout(res, 250));
      }
      const judgedMs = performance.now() - t0;
      judging = false;
      await Promise.all(readers);
      const accepted = [...verdicts.values()].filter((v) => v === 0).length;
      const workers = os.availableParallelism();
      const bare = bareJudgeMs();
      const ideal = ((bare.compileMs + bare.runsMs) * SUBMISSIONS) / workers;
      const judgedGoal = embeddedGoals && pgJudgedMs !== null ? 1.1 * pgJudgedMs : 1.1 * ideal;
      rows.push({
        phase: `all ${SUBMISSIONS} judged`,
        figures: `${s(judgedMs)} (${accepted} Accepted, ${ids.length - verdicts.size} unfinished); ideal ${s(ideal)} = (compile ${msf(bare.compileMs)} + ${CASES} runs ${msf(bare.runsMs)}) × ${SUBMISSIONS} ÷ ${workers} workers`,
        goal:
          embeddedGoals && pgJudgedMs !== null
            ? `≤ 1.1 × PostgreSQL's ${s(pgJudgedMs)} = ${s(judgedGoal)}`
            : `≤ 1.1 × ideal = ${s(judgedGoal)}${embeddedGoals ? ' (the goal is 1.1 × the PostgreSQL figure: run --db=all)' : ''}`,
        met: judgedMs <= judgedGoal && accepted === SUBMISSIONS,
      });
      boardMs.sort((a, b) => a - b);
      const boardP99Goal = embeddedGoals ? 500 : 300;
      rows.push({
        phase: `board reads by ${BOARD_CLIENTS} clients while judging (each: read, ${BOARD_PAUSE_MS} ms, again)`,
        figures: `p50 ${msf(pct(boardMs, 50))}, p99 ${msf(pct(boardMs, 99))}; ${boardMs.length} reads, ${boardFailed} not 200`,
        goal: `p99 ≤ ${msf(boardP99Goal)}`,
        met: pct(boardMs, 99) <= boardP99Goal && boardFailed === 0,
      });
      const loads = await browserLoads;
      if (browserWanted) {
        for (const page of ['problem', 'board'] as const) {
          const mine = loads.filter((l) => l.page === page);
          const ok = mine
            .filter((l) => l.usable)
            .map((l) => l.ms)
            .sort((a, b) => a - b);
          const bad = mine.filter((l) => !l.usable);
          rows.push({
            phase: `browser: ${page === 'problem' ? 'problem page (title + code editor)' : 'board (rows)'} during the burst`,
            figures: `${mine.length} loads; usable in p50 ${ok.length ? msf(pct(ok, 50)) : '-'}, max ${ok.length ? msf(ok[ok.length - 1]) : '-'}; ${bad.length} not usable within 15 s${bad.length ? ` (${bad[0].error})` : ''}`,
            goal: 'every load usable',
            met: mine.length > 0 && bad.length === 0,
          });
        }
      }
      return { rows, judgedMs, db: product.db };
    } finally {
      await browser.close();
    }
  } finally {
    printRows(kind, product.db, rows);
    await product.stop();
  }
}

/** Prints the rows as a markdown table. */
function printRows(kind: Kind, db: string, rows: Row[]) {
  console.log(
    `\n### ${kind} (${db}), load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}\n`,
  );
  console.log('| phase | figure | goal | met |\n|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.phase} | ${r.figures} | ${r.goal} | ${r.met === null ? '-' : r.met ? 'met' : '**not met**'} |`,
    );
}

const which = args.get('db') ?? 'all';
if (!['embedded', 'pglite', 'postgres', 'all'].includes(which))
  throw new Error('--db=embedded|pglite|postgres|all');
const browserWanted = args.get('browser') === 'true';
console.log(
  `burst: ${USERS} contestants, ${SUBMISSIONS} submissions, ${os.availableParallelism()} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} (${new Date().toISOString()})`,
);
if (which === 'all') {
  // PostgreSQL first: its judged time is the embedded default's goal.
  const pgRun = await scenario('postgres', browserWanted, null);
  const emb = await scenario('embedded', browserWanted, pgRun.judgedMs);
  if (emb.db !== 'pglite') await scenario('pglite', browserWanted, pgRun.judgedMs);
} else {
  await scenario(which as Kind, browserWanted, null);
}
