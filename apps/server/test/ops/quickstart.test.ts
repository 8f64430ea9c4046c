import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, loginRoot, problemPid, ROOT, statuses, submit } from './proc.js';

// The README's quick start (issue 15): after `scripts/setup.sh` (CI runs it first), `npm start` — here
// `node scripts/start.mjs`, which is what that script runs — builds what is missing or stale, starts the compiled
// server with its embedded judgehost on a fresh data directory, and prints one line saying where the site is and
// how root signs in. A visitor gets the web app, root signs in with OJ_ADMIN_PASSWORD, and a submission to the
// seeded demo problem is judged Accepted by the real sandbox. SIGTERM then stops it cleanly.
const PASSWORD = 'quickstart-secret';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-quickstart-'));
let child: ReturnType<typeof spawn> | null = null;

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  // The embedded judge's cache sits beside the data dir (apps/server/src/embedded-judge.ts judgeCacheDir).
  fs.rmSync(`${path.resolve(dataDir)}-judge-cache`, { recursive: true, force: true });
  // So does the embedded PostgreSQL cluster, when PostgreSQL is installed (apps/server/src/db/private-cluster.ts).
  fs.rmSync(`${path.resolve(dataDir)}-pg`, { recursive: true, force: true });
});

// A process of its own, independent of TEST_DATABASE_URL: run once in CI (the PGlite pass).
describe.skipIf(!!process.env.TEST_DATABASE_URL)('quick start', () => {
  it('npm start on a fresh data directory: the ready line, the web app, root signs in, A + B is Accepted', async () => {
    const port = await freePort();
    const { VITEST: _v, VITEST_WORKER_ID: _w, VITEST_POOL_ID: _p, ...parentEnv } = process.env;
    child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...parentEnv,
        HOST: '127.0.0.1',
        PORT: String(port),
        OJ_DATA_DIR: dataDir,
        OJ_ADMIN_PASSWORD: PASSWORD,
        OJ_EMBEDDED_JUDGE_WORKERS: '1',
        // A uid range of its own (other tests hold theirs).
        OJ_SANDBOX_UID_BASE: String(
          Number(process.env.OJ_TEST_UID_OFFSET ?? 0) + 78_000 + (process.pid % 50) * 16,
        ),
        OJ_SANDBOX_UID_COUNT: '8',
      },
    });
    let out = '';
    child.stdout?.on('data', (d) => (out += d));
    child.stderr?.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((r) => child?.on('exit', (code) => r(code)));

    // The one line a person reads (it may come after a web build on a fresh clone).
    const deadline = Date.now() + 420_000;
    while (!/OJ is ready at (http:\/\/\S+)/.test(out)) {
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${out}`);
      if (Date.now() > deadline) throw new Error(`no ready line in 420 s:\n${out}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const line = out.split('\n').find((l) => l.includes('OJ is ready at')) ?? '';
    expect(line).toContain(`:${port}/`);
    expect(line).toMatch(/sign in as root/);
    const url = `http://127.0.0.1:${port}`;

    // A visitor gets the web app (the built index.html), not an error page.
    const home = await fetch(`${url}/home`);
    expect(home.status).toBe(200);
    expect(await home.text()).toMatch(/<div id="root"/);

    const token = await loginRoot(url, PASSWORD);
    const pid = await problemPid(url, token);
    const id = await submit(url, token, pid, true);
    const judged = Date.now() + 120_000;
    let status: number | undefined;
    while (Date.now() < judged) {
      status = (await statuses(url, token, [id])).get(id);
      if (status === 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(0);
    // Issue 24 item 6: the data dir and the database are private; the judge cache the sandbox enters is beside.
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    // The embedded database: the private PostgreSQL cluster beside the data dir where PostgreSQL is installed
    // (0700, its own user's: private-cluster.test.ts), else PGlite inside it.
    const cluster = `${path.resolve(dataDir)}-pg`;
    if (fs.existsSync(path.join(cluster, 'data', 'PG_VERSION'))) {
      expect(line).toContain('(database: its own PostgreSQL cluster)');
      expect(fs.statSync(cluster).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.join(cluster, 'data')).mode & 0o777).toBe(0o700);
    } else {
      expect(line).toContain('(database: embedded PGlite)');
      expect(fs.statSync(path.join(dataDir, 'pglite')).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.join(dataDir, 'pglite', 'PG_VERSION')).mode & 0o777).toBe(0o600);
    }
    expect(fs.existsSync(path.join(dataDir, 'judge-cache'))).toBe(false);
    expect(fs.existsSync(`${path.resolve(dataDir)}-judge-cache`)).toBe(true);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 600_000);
});
