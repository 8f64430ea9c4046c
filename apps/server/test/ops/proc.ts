import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clusterPostmaster } from '../../src/db/private-cluster.js';

/** The repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Builds the server and judgehost bundles when stale (what `npm start` does first). */
export function buildBundles(): void {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--if-stale'], { stdio: 'ignore' });
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** A real process of ours (the compiled server or judgehost) with its output kept. */
export interface Proc {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Sends `signal` and waits for the exit (SIGKILL after `ms`). */
  stop(signal?: NodeJS.Signals, ms?: number): Promise<number | null>;
}

function track(child: ChildProcess): Proc {
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return {
    child,
    output: () => out,
    exited,
    async stop(signal = 'SIGTERM', ms = 60_000) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const t = setTimeout(() => child.kill('SIGKILL'), ms);
      const code = await exited;
      clearTimeout(t);
      return code;
    },
  };
}

/**
 * Spawns `node apps/server/dist/server.js` (run `buildBundles` first) on 127.0.0.1 with JSON logs and the demo
 * problems, `env` added (a variable given as undefined is left out); does not wait for anything.
 */
export function spawnServer(env: Record<string, string | undefined>): Proc {
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/server.js')], {
    cwd: path.join(ROOT, 'apps/server'),
    stdio: ['ignore', 'pipe', 'pipe'],
    // The demo problems (A + B) are the test's problem set (VITEST in the environment would skip them).
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_FORMAT: 'json',
      OJ_DEMO_SEED: '1',
      ...env,
    },
  });
  return track(child);
}

/**
 * Kills `servers`, waits for the private PostgreSQL cluster of each data dir under `tmp` to stop (a killed server's
 * postmaster is stopped by its watchdog), then removes `tmp`.
 */
export async function removeServersAndClusters(servers: Proc[], tmp: string): Promise<void> {
  for (const s of servers) await s.stop('SIGKILL');
  for (const name of fs.readdirSync(tmp)) {
    const until = Date.now() + 20_000;
    while (clusterPostmaster(path.join(tmp, name)) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 200));
  }
  fs.rmSync(tmp, { recursive: true, force: true });
}

/**
 * Starts `node apps/server/dist/server.js` (run `buildBundles` first) and waits for /api/health to answer and the
 * ready line. A variable given as undefined is left out of the server's environment.
 */
export async function startServer(env: Record<string, string | undefined>): Promise<Proc & { url: string }> {
  const port = await freePort();
  const p = spawnServer({ PORT: String(port), ...env });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (p.child.exitCode !== null) throw new Error(`server exited:\n${p.output()}`);
    if (Date.now() > deadline) throw new Error(`server did not answer in 120 s:\n${p.output()}`);
    try {
      // Started = answering and its ready line printed (with several server processes the first answers before
      // the primary prints it).
      if ((await fetch(`${url}/api/health`)).ok && p.output().includes('OJ is ready')) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { ...p, url };
}

/** Starts the compiled judgehost against `server` with its own sandbox uid range (and `env` added). */
export function startJudgehost(opts: {
  server: string;
  token: string;
  name: string;
  cacheDir: string;
  workers: number;
  uidBase: number;
  uidCount?: number;
  env?: Record<string, string>;
}): Proc {
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'apps/judgehost/dist/main.js'),
      '--server',
      opts.server,
      '--workers',
      String(opts.workers),
      '--name',
      opts.name,
      '--cache',
      opts.cacheDir,
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        LOG_FORMAT: 'json',
        OJ_JUDGE_TOKEN: opts.token,
        OJ_SANDBOX_UID_BASE: String(opts.uidBase),
        OJ_SANDBOX_UID_COUNT: String(opts.uidCount ?? 8),
        ...opts.env,
      },
    },
  );
  return track(child);
}

/** A JSON API call; returns the HTTP status, the body and the Authorization header answered. */
export async function api(
  url: string,
  method: string,
  route: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<{ code: number; body: { status: number; msg: string; data: any }; auth: string | null }> {
  const r = await fetch(`${url}${route}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: opts.token } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await r.text();
  let body: any = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = { status: r.status, msg: text, data: null };
  }
  return { code: r.status, body, auth: r.headers.get('authorization') };
}

/** Signs in as root; returns the token. */
export async function loginRoot(url: string, password: string): Promise<string> {
  const r = await api(url, 'POST', '/api/login', { body: { username: 'root', password } });
  if (r.code !== 200 || !r.auth) throw new Error(`login failed: ${r.code} ${r.body.msg}`);
  return r.auth;
}

/** The database id of the demo problem with display id `problemId` (seeded at first start). */
export async function problemPid(url: string, token: string, problemId = '1000'): Promise<number> {
  const r = await api(url, 'GET', `/api/get-problem-detail?problemId=${problemId}`, { token });
  return r.body.data.problem.id;
}

/** A+B in C, right or wrong. */
export const aPlusB = (right: boolean) =>
  `#include <stdio.h>\nint main(void){long long a,b;if(scanf("%lld %lld",&a,&b)!=2)return 0;printf("%lld\\n",a+b${right ? '' : '+1'});return 0;}\n`;

/** Submits A+B to `pid`; returns the submit id. */
export async function submit(url: string, token: string, pid: number, right: boolean): Promise<number> {
  const r = await api(url, 'POST', '/api/submit-problem-judge', {
    token,
    body: { pid, language: 'C', code: aPlusB(right), cid: 0 },
  });
  if (r.code !== 200) throw new Error(`submit failed: ${r.code} ${r.body.msg}`);
  return r.body.data.submitId;
}

/** Statuses by submit id (check-submissions-status, 500 at a time). */
export async function statuses(url: string, token: string, ids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < ids.length; i += 500) {
    const r = await api(url, 'POST', '/api/check-submissions-status', {
      token,
      body: { submitIds: ids.slice(i, i + 500) },
    });
    if (r.code !== 200) throw new Error(`status check failed: ${r.code} ${r.body.msg}`);
    for (const [k, v] of Object.entries(r.body.data as Record<string, { status: number }>))
      out.set(Number(k), v.status);
  }
  return out;
}

/** Judge ids from the judgehost's `judged` log lines in `output` (JSON lines). */
export function judgedJobIds(output: string): number[] {
  const ids: number[] = [];
  for (const line of output.split('\n')) {
    if (!line.includes('"judged"')) continue;
    try {
      const o = JSON.parse(line) as { msg?: string; jobId?: number };
      if (o.msg === 'judged' && typeof o.jobId === 'number') ids.push(o.jobId);
    } catch {
      // not a JSON line
    }
  }
  return ids;
}
