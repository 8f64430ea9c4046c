import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterPostmaster, findPostgresBin } from '../../src/db/private-cluster.js';
import { serverProcessCount, shareOf } from '../../src/server-processes.js';
import {
  api,
  buildBundles,
  loginRoot,
  type Proc,
  problemPid,
  removeServersAndClusters,
  spawnServer,
  startServer,
  statuses,
  submit,
} from './proc.js';

// Issue 22: the embedded default on its private PostgreSQL cluster serves from several processes sharing one port
// (node:cluster): the primary migrates, seeds, runs the judgehost and orders the shutdown. Real compiled server,
// real postgres, real judge.
const PASSWORD = 'processes-secret';
const bin = findPostgresBin();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-processes-test-'));
// The cluster runs as the `postgres` user when the tests run as root: it must be able to enter tmp.
fs.chmodSync(tmp, 0o711);
const servers: Proc[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterAll(() => removeServersAndClusters(servers, tmp));

/** Pids of the server processes forked by `primary` (its children running the server bundle). */
function serverChildren(primary: number): number[] {
  const out: number[] = [];
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (ppid === primary && cmd.includes('server.js')) out.push(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

const alive = (pid: number) => fs.existsSync(`/proc/${pid}`);

/** Waits until `check` is true (polling every 100 ms), at most `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(100);
  }
  return check();
}

describe('how many processes, and their share of per-process limits', () => {
  it('one per core but one, up to 4, on PostgreSQL; always 1 on PGlite; the setting wins', () => {
    expect(serverProcessCount(undefined, 'postgres', 2)).toBe(1);
    expect(serverProcessCount(undefined, 'postgres', 3)).toBe(2);
    expect(serverProcessCount(undefined, 'postgres', 16)).toBe(4);
    expect(serverProcessCount(undefined, 'postgres', 1)).toBe(1);
    expect(serverProcessCount(3, 'postgres', 2)).toBe(3);
    expect(serverProcessCount(3, 'pglite', 8)).toBe(1);
    expect(shareOf(120, 2)).toBe(60);
    expect(shareOf(5, 2)).toBe(3);
    expect(shareOf(5)).toBe(5);
  });
});

if (!bin) console.log('server-processes.test: skipped: no PostgreSQL server binaries');

// Processes of their own, independent of TEST_DATABASE_URL: run once in CI (the PGlite pass).
describe.skipIf(!bin || !!process.env.TEST_DATABASE_URL)(
  'two server processes on the private cluster',
  () => {
    it('serve one port, judge, share the per-address limit, replace a killed process and stop on SIGTERM', async () => {
      buildBundles();
      const dataDir = path.join(tmp, 'data');
      const server = await startServer({
        DATABASE_URL: undefined,
        OJ_EMBEDDED_DB: undefined,
        OJ_DATA_DIR: dataDir,
        OJ_ADMIN_PASSWORD: PASSWORD,
        OJ_SERVER_PROCESSES: '2',
        OJ_EMBEDDED_JUDGE_WORKERS: '1',
      });
      servers.push(server);
      const primary = server.child.pid as number;
      expect(await until(() => serverChildren(primary).length === 2, 30_000)).toBe(true);
      expect(await until(() => server.output().includes('OJ is ready'), 30_000)).toBe(true);
      expect(server.output()).toMatch(/"processes":2,"msg":"ready"/);

      // A session made through one process is good on the other (the calls below go over several connections,
      // each taken by whichever process accepts it first).
      const token = await loginRoot(server.url, PASSWORD);
      const pid = await problemPid(server.url, token);
      const ids = [await submit(server.url, token, pid, true), await submit(server.url, token, pid, false)];
      expect(
        await until(async () => {
          const s = await statuses(server.url, token, ids);
          return s.get(ids[0]) === 0 && s.get(ids[1]) === -1;
        }, 90_000),
      ).toBe(true);

      // The per-address sign-in limit holds for the server, not per process: 4 a minute set, at most 4 answered.
      const set = await api(server.url, 'PUT', '/api/admin/switch/update', {
        token,
        body: { loginLimitPerMinute: 4 },
      });
      expect(set.code).toBe(200);
      await sleep(2500); // the other process's 2 s config cache
      const codes: number[] = [];
      for (let i = 0; i < 10; i++) {
        const r = await fetch(`${server.url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', connection: 'close' },
          body: JSON.stringify({ username: 'root', password: PASSWORD }),
        });
        await r.arrayBuffer();
        codes.push(r.status);
      }
      expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(4);
      expect(codes).toContain(429);

      // A server process killed outright is replaced; the site keeps answering meanwhile.
      const [victim] = serverChildren(primary);
      process.kill(victim, 'SIGKILL');
      // Kept-alive connections to the killed process die with it (as with any killed server): new ones only.
      for (let i = 0; i < 5; i++) {
        const r = await fetch(`${server.url}/api/health`, {
          headers: { connection: 'close' },
          signal: AbortSignal.timeout(10_000),
        }).catch((e) => {
          throw new Error(`health after the kill (call ${i}): ${e}\n${server.output().slice(-3000)}`);
        });
        expect(r.status).toBe(200);
        await r.arrayBuffer();
      }
      expect(
        await until(() => {
          const now = serverChildren(primary);
          return now.length === 2 && !now.includes(victim);
        }, 30_000),
      ).toBe(true);
      expect(server.output()).toContain('a server process exited: starting another');

      // SIGTERM to the primary alone (a service manager's main pid): every process exits, the cluster stops.
      const children = serverChildren(primary);
      const code = await server.stop('SIGTERM', 60_000);
      expect(code).toBe(0);
      expect(server.output()).toContain('"msg":"stopped"');
      expect(children.filter(alive)).toEqual([]);
      expect(await until(() => clusterPostmaster(dataDir) === null, 20_000)).toBe(true);
    }, 240_000);

    it('SIGTERM while the processes start: a clean stop (before, the default action of Node killed the primary)', async () => {
      buildBundles();
      const dataDir = path.join(tmp, 'early');
      const server = spawnServer({
        DATABASE_URL: undefined,
        OJ_EMBEDDED_DB: undefined,
        PORT: '0',
        OJ_DATA_DIR: dataDir,
        OJ_ADMIN_PASSWORD: PASSWORD,
        OJ_SERVER_PROCESSES: '2',
        OJ_EMBEDDED_JUDGE_WORKERS: '0',
      });
      servers.push(server);
      // The first process listens: the primary is waiting for the second.
      expect(await until(() => server.output().includes('Server listening'), 120_000)).toBe(true);
      // Exit code 0 (null: killed by the signal, as before the fix).
      expect(await server.stop('SIGTERM', 60_000)).toBe(0);
      expect(await until(() => clusterPostmaster(dataDir) === null, 20_000)).toBe(true);
    }, 240_000);
  },
);
