import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api, freePort, ROOT } from '../../e2e/harness.js';
import { freshDatabase } from '../lib/pg-bench.js';
import { signInUntilOk } from '../lib/signin.js';
import { knownPageCalls } from './burst-browser.js';

// Issue 22: the server process's own CPU per contest page load, over HTTP, as production runs it (the server's
// sources in their own node process with the production logger writing JSON lines to a file, keep-alive
// connections, the contestants' X-Forwarded-For behind OJ_TRUST_PROXY), the database being a separate PostgreSQL
// (its CPU not counted). Counts the server's user + system CPU from /proc/<pid>/stat around the page loads, so
// the load generator (this process) and the database are left out; CPU time moves less with the machine's load
// than wall time does.
//
//   npx tsx bench/contest/page-cpu.ts [--users=60] [--concurrency=20] [--rounds=2] [--cpu-prof=<dir>] [--floor]
//
// Each of `users` contestants loads the four contest pages (burst-browser.ts knownPageCalls: the overview, the
// problem list, problem A, the board; each page's calls at once), `concurrency` contestants at a time; `rounds`
// times over (the first round warms the JIT and is not counted). --cpu-prof: the server runs under
// `node --cpu-prof` and writes its profile to <dir> when it stops (open it in Chrome's DevTools, or summarise it
// with `npx tsx bench/lib/cpu-profile-summary.ts <file>`). PostgreSQL at BENCH_PG_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), a fresh database, dropped after. Never in CI.

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'] as const;
  }),
);
const USERS = Number(args.get('users') ?? 60);
const CONCURRENCY = Number(args.get('concurrency') ?? 20);
const ROUNDS = Math.max(2, Number(args.get('rounds') ?? 2));
const PROFILE_DIR = args.get('cpu-prof');
const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROOT_PASSWORD = 'pageCpuRoot1';
const PASSWORD = 'page-cpu-pass-1';
const TICK_MS = 1000 / 100; // /proc's clock ticks (USER_HZ 100 on Linux)

const addressOf = (i: number) => ({ 'x-forwarded-for': `10.${(i >> 8) & 255}.${i & 255}.7` });

/** The server process's user + system CPU so far, in ms (/proc/<pid>/stat fields 14 and 15). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * TICK_MS;
}

const db = await freshDatabase(PG_BASE);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-page-cpu-'));
const logFile = `${dataDir}.log`;
const port = await freePort();
const env: NodeJS.ProcessEnv = { ...process.env };
for (const k of ['TEST_DATABASE_URL', 'OJ_EMBEDDED_DB', 'VITEST']) delete env[k];
Object.assign(env, {
  DATABASE_URL: db.url,
  PORT: String(port),
  HOST: '127.0.0.1',
  OJ_DATA_DIR: dataDir,
  OJ_ADMIN_PASSWORD: ROOT_PASSWORD,
  OJ_TRUST_PROXY: 'true',
  OJ_EMBEDDED_JUDGE_WORKERS: '0',
  // One server process: its own CPU is what is measured (with several, the pid read is the primary's).
  OJ_SERVER_PROCESSES: '1',
  OJ_DEMO_SEED: '0',
  LOG_FORMAT: 'json',
  OJ_WEB_DIST: path.join(dataDir, 'no-web'),
  NODE_ENV: 'production',
});
const fd = fs.openSync(logFile, 'w');
const nodeArgs = ['--import', 'tsx'];
if (PROFILE_DIR) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`);
const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, 'apps/server/src/server.ts')], {
  cwd: path.join(ROOT, 'apps/server'),
  env,
  stdio: ['ignore', fd, fd],
});
fs.closeSync(fd);
const exited = new Promise<void>((r) => child.on('exit', () => r()));
const base = `http://127.0.0.1:${port}`;
try {
  for (const deadline = Date.now() + 300_000; ; ) {
    if (child.exitCode !== null)
      throw new Error(`server exited:\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`);
    if (Date.now() > deadline) throw new Error('server did not answer /api/health in 5 minutes');
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.250.0.1' },
    body: JSON.stringify({ username: 'root', password: ROOT_PASSWORD }),
  });
  const rootToken = login.headers.get('authorization') ?? '';
  const call = <T>(method: string, url: string, body?: unknown) =>
    api<T>(base, method, url, { token: rootToken, body }).then((r) => r.data);
  const users = Array.from({ length: USERS }, (_, i) => [`pagecpu${i}`, PASSWORD]);
  await call('POST', '/admin/user/insert-batch-user', { users });
  const { pid } = await call<{ pid: number }>('POST', '/admin/problem', {
    problem: {
      problemId: 'PAGECPU',
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
  const { cid } = await call<{ cid: number }>('POST', '/admin/contest', {
    title: 'Page CPU contest',
    description: 'x',
    startTime: new Date(now - 60_000).toISOString(),
    endTime: new Date(now + 3600_000).toISOString(),
    type: 0,
    auth: 0,
    openRank: true,
  });
  await call('POST', '/admin/contest/add-problem-from-public', { pid, cid, displayId: 'A' });
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const s = await signInUntilOk(base, `pagecpu${i}`, PASSWORD, addressOf(i));
    if (!s.ok) throw new Error(`sign-in of pagecpu${i} failed`);
    tokens.push(s.token);
  }
  // --floor: each page's calls replaced by as many GET /api/health (no session, no database): the per-request cost
  // of the HTTP server, Fastify, its hooks and the log line alone.
  const pages = knownPageCalls(cid, pid).map((p) =>
    args.has('floor') ? p.map(() => ({ method: 'GET', path: '/api/health', body: null })) : p,
  );
  const calls = pages.reduce((n, p) => n + p.length, 0);
  let failed = 0;
  const contestant = async (i: number) => {
    for (const page of pages)
      await Promise.all(
        page.map(async (c) => {
          const res = await fetch(`${base}${c.path}`, {
            method: c.method,
            headers: {
              authorization: tokens[i],
              'url-type': 'general',
              ...(c.body !== null ? { 'content-type': 'application/json' } : {}),
              ...addressOf(i),
            },
            body: c.body ?? undefined,
          });
          await res.arrayBuffer();
          if (res.status !== 200) failed++;
        }),
      );
  };
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ');
  console.log(
    `page-cpu: ${USERS} contestants × ${pages.length} pages (${pages.map((p) => p.length).join(' + ')} = ${calls} calls), ${CONCURRENCY} at a time, ${ROUNDS} rounds (the first not counted); load ${load()}`,
  );
  let windowFrom = 0n;
  for (let round = 1; round <= ROUNDS; round++) {
    if (round === 2) windowFrom = process.hrtime.bigint() / 1000n;
    const c0 = cpuMs(child.pid as number);
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < USERS) await contestant(next++);
      }),
    );
    const cpu = cpuMs(child.pid as number) - c0;
    const wall = performance.now() - t0;
    const loads = USERS * pages.length;
    console.log(
      `round ${round}${round === 1 ? ' (warm-up)' : ''}: server CPU ${(cpu / loads).toFixed(2)} ms per page load, ${((cpu / loads / calls) * pages.length).toFixed(3)} ms per call; wall ${(wall / loads).toFixed(1)} ms per page load; ${failed} calls not 200; load ${load()}`,
    );
  }
  const logBytes = fs.statSync(logFile).size;
  console.log(`server log: ${logFile} (${logBytes} bytes)`);
  if (PROFILE_DIR)
    console.log(
      `profile of the counted rounds: npx tsx bench/lib/cpu-profile-summary.ts ${PROFILE_DIR}/<the server's CPU.*.cpuprofile> --window=${windowFrom}-${process.hrtime.bigint() / 1000n}`,
    );
} finally {
  child.kill('SIGTERM');
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
  await db.drop();
}
