import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api, buildBundles, freePort, loginRoot, problemPid, ROOT, submit } from './proc.js';

// Issue 22 (the server that does not stop): after a burst, the launcher sends SIGTERM to the `npm start` process
// group and exits, so the server's stdout / stderr pipes lose their reader. The server must still exit within its
// drain time (docs/operations.md: the judge's 35 s, then the close). The compiled server is the group's leader here
// (`npm start` runs the same bundle in its own process, under npm and sh; run that way the test also passed, but it
// rebuilds the web app when stale). What kept it alive: connections caught mid-request (a body never finished),
// which the close waited for (now cut after a grace); and its log: pino wrote to fd 1 synchronously, and with the
// socket full and its reader still holding it, retried every 100 ms on the event loop, for ever (main thread in
// Atomics.wait, found with gdb: one run in two under load) — logging.ts now writes through libuv, never blocking.
// On a failure the test prints what the process is doing (threads, open files, the sockets' peers, stacks).
const PASSWORD = 'pipes-secret';
const DRAIN_MS = 35_000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-pipes-'));
const reportDir = `${dataDir}-reports`;
fs.mkdirSync(reportDir); // Node writes no report into a directory that does not exist
let pid = 0;

const alive = (p: number) => {
  try {
    process.kill(p, 0);
    return true;
  } catch {
    return false;
  }
};

/** What a process still alive is doing: each thread's state and wait channel, its open files, its stacks. */
function diagnose(p: number): string {
  const read = (f: string) => {
    try {
      return fs.readFileSync(f, 'utf8').trim();
    } catch (e) {
      return String(e);
    }
  };
  let text = `process ${p} still alive\n`;
  for (const t of fs.readdirSync(`/proc/${p}/task`)) {
    const state = read(`/proc/${p}/task/${t}/status`)
      .split('\n')
      .find((l) => l.startsWith('State'));
    text += `thread ${t} ${read(`/proc/${p}/task/${t}/comm`)} ${state} wchan=${read(`/proc/${p}/task/${t}/wchan`)} syscall=${read(`/proc/${p}/task/${t}/syscall`).split(' ')[0]}\n`;
  }
  for (const fd of fs.readdirSync(`/proc/${p}/fd`)) {
    try {
      text += `fd ${fd} -> ${fs.readlinkSync(`/proc/${p}/fd/${fd}`)} ${read(`/proc/${p}/fdinfo/${fd}`).replace(/\n/g, ' ')}\n`;
    } catch {
      // closed meanwhile
    }
  }
  try {
    // Who holds the other end of its stdout / stderr sockets.
    const socks = ['1', '2'].map((fd) => fs.readlinkSync(`/proc/${p}/fd/${fd}`).replace(/\D/g, ''));
    const ss = execFileSync('ss', ['-xpa'], { encoding: 'utf8' }).split('\n');
    const peers = ss.filter((l) => socks.some((ino) => l.includes(` ${ino} `)));
    const peerInos = peers.map((l) => l.trim().split(/\s+/)[7]);
    text += `${peers.join('\n')}\npeers:\n${ss.filter((l) => peerInos.some((ino) => ino && l.includes(` ${ino} `))).join('\n')}\n`;
  } catch (e) {
    text += `ss: ${e}\n`;
  }
  try {
    text += execFileSync('gdb', ['-batch', '-p', String(p), '-ex', 'thread apply all bt 12'], {
      encoding: 'utf8',
      timeout: 30_000,
    });
  } catch (e) {
    text += `gdb: ${e}`;
  }
  return text;
}

afterAll(() => {
  try {
    if (pid) process.kill(-pid, 'SIGKILL'); // the group: npm's children left behind too
  } catch {
    // gone
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(reportDir, { recursive: true, force: true });
  // The embedded judge's cache sits beside the data dir (apps/server/src/embedded-judge.ts judgeCacheDir).
  fs.rmSync(`${path.resolve(dataDir)}-judge-cache`, { recursive: true, force: true });
});

describe.skipIf(!!process.env.TEST_DATABASE_URL)('shutdown with the log pipes closed', () => {
  it('after a burst, SIGTERM to the process group and then no reader on stdout / stderr: the server exits within its drain time', async () => {
    buildBundles();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // Its own process group, as `npm start` under a launcher; output through pipes the launcher reads.
    const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/server.js')], {
      cwd: path.join(ROOT, 'apps/server'),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_FORMAT: 'json',
        // The "incoming request" lines (debug since one line a request) tell when the stalled sign-ins were read.
        LOG_LEVEL: 'debug',
        OJ_DEMO_SEED: '1',
        OJ_DATA_DIR: dataDir,
        OJ_ADMIN_PASSWORD: PASSWORD,
        OJ_EMBEDDED_JUDGE_WORKERS: '0', // the submissions stay queued: the close follows the signal at once
        OJ_SANDBOX_UID_BASE: String(
          Number(process.env.OJ_TEST_UID_OFFSET ?? 0) + 93_500 + (process.pid % 100) * 8,
        ),
        OJ_SANDBOX_UID_COUNT: '8',
        // Its log has no reader at the end: an uncaught exception leaves a diagnostic report instead.
        NODE_OPTIONS: `--report-uncaught-exception --report-directory=${reportDir}`,
      },
    });
    pid = child.pid as number;
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
      if (Date.now() > deadline) throw new Error(`server did not answer:\n${out}`);
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    // The burst: 100 contestants reading pages at once, and 30 submissions.
    const token = await loginRoot(url, PASSWORD);
    const problem = await problemPid(url, token);
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        api(url, 'GET', i % 2 ? '/api/get-problem-list?currentPage=1&limit=30' : '/api/get-recent-contest'),
      ),
    );
    for (let i = 0; i < 30; i++) await submit(url, token, problem, i % 2 === 0);
    // …and 10 contestants caught mid-request: headers sent, the body never finished.
    const stalled = await Promise.all(
      Array.from(
        { length: 10 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const socket = net.connect(port, '127.0.0.1', () => {
              socket.write(
                'POST /api/login HTTP/1.1\r\nHost: oj\r\nContent-Type: application/json\r\n' +
                  'Content-Length: 1000\r\n\r\n{"username":',
              );
              resolve(socket);
            });
            socket.on('error', () => {});
          }),
      ),
    );

    // The server has read their headers (the root's sign-in was the first such request): they are in flight.
    const started = () =>
      out.split('\n').filter((l) => l.includes('"url":"/api/login"') && l.includes('incoming request'))
        .length;
    while (started() < 11) await new Promise((r) => setTimeout(r, 50));

    // The launcher: SIGTERM to the group, then it is gone (the pipes have no reader any more).
    let exit: string | null = null;
    child.on('exit', (code, signal) => {
      exit = `${code ?? signal}`;
    });
    const serverPid = pid; // node runs the bundle itself: the child is the server
    const signalled = Date.now();
    process.kill(-pid, 'SIGTERM');
    child.stdout.destroy();
    child.stderr.destroy();
    const until = Date.now() + DRAIN_MS + 25_000;
    while (alive(serverPid) && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    const ms = Date.now() - signalled;
    if (alive(serverPid)) console.error(diagnose(serverPid));
    for (const socket of stalled) socket.destroy();
    expect(alive(serverPid), `server still running ${ms} ms after SIGTERM`).toBe(false);
    expect(ms).toBeLessThan(DRAIN_MS + 25_000);
    while (exit === null) await new Promise((r) => setTimeout(r, 50)); // reaped by now: the exit event is due
    const reports = fs.existsSync(reportDir) ? fs.readdirSync(reportDir) : [];
    const crash = reports.map((f) => {
      const r = JSON.parse(fs.readFileSync(path.join(reportDir, f), 'utf8'));
      return `${r.header?.event}: ${r.javascriptStack?.message}\n${(r.javascriptStack?.stack ?? []).join('\n')}`;
    });
    expect(exit, `a clean exit, not a crash (exited ${ms} ms after SIGTERM) ${crash.join('\n')}`).toBe('0');
  }, 300_000);
});
