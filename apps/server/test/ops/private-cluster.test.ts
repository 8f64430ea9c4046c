import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterDir, clusterPostmaster, findPostgresBin } from '../../src/db/private-cluster.js';
import {
  api,
  buildBundles,
  loginRoot,
  type Proc,
  problemPid,
  ROOT,
  removeServersAndClusters,
  startServer,
  submit,
} from './proc.js';

// Issue 22 item 1: with no DATABASE_URL and Debian's PostgreSQL server binaries installed, the embedded default is
// a private PostgreSQL cluster in `<dataDir>-pg`, a child of the server on a unix socket only; a data dir that
// already holds PGlite stays on PGlite. Real compiled server (`npm start`'s bundle), real postgres.
const run = promisify(execFile);
const PASSWORD = 'cluster-secret';
const bin = findPostgresBin();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-cluster-test-'));
// The cluster runs as the `postgres` user when the tests run as root: it must be able to enter tmp.
fs.chmodSync(tmp, 0o711);
const servers: Proc[] = [];

afterAll(() => removeServersAndClusters(servers, tmp));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server on `dataDir`, embedded default (any DATABASE_URL of the caller's removed), no judge. */
function start(dataDir: string, env: Record<string, string> = {}) {
  return startServer({
    DATABASE_URL: undefined,
    OJ_EMBEDDED_DB: undefined,
    OJ_DATA_DIR: dataDir,
    OJ_ADMIN_PASSWORD: PASSWORD,
    OJ_EMBEDDED_JUDGE_WORKERS: '0',
    ...env,
  }).then((s) => {
    servers.push(s);
    return s;
  });
}

/** /api/health's database kind. */
async function dbKind(url: string): Promise<string> {
  const r = await api(url, 'GET', '/api/health');
  return r.body.data.database.kind;
}

/** Socket inodes of the TCP sockets listening on this machine (/proc/net/tcp and tcp6, state 0A). */
function listeningInodes(): Set<string> {
  const out = new Set<string>();
  for (const f of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(f)) continue;
    for (const line of fs.readFileSync(f, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[3] === '0A') out.add(cols[9]);
    }
  }
  return out;
}

/** The socket inodes the process `pid` holds open. */
function socketInodes(pid: number): string[] {
  const dir = `/proc/${pid}/fd`;
  const out: string[] = [];
  for (const fd of fs.readdirSync(dir)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(path.join(dir, fd)));
      if (m) out.push(m[1]);
    } catch {
      // closed meanwhile
    }
  }
  return out;
}

/** `npm run backup|restore -- file` on `dataDir`, embedded default unless `env` says otherwise. */
function npm(script: 'backup' | 'restore', file: string, dataDir: string, env: Record<string, string> = {}) {
  return run('npm', ['run', '--silent', script, '--', file], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', OJ_EMBEDDED_DB: '', OJ_DATA_DIR: dataDir, ...env },
    timeout: 300_000,
  });
}

const mode = (p: string) => fs.statSync(p).mode & 0o777;

/** Waits until the postmaster of `dataDir` is gone (at most `ms`); returns whether it is. */
async function postmasterGone(dataDir: string, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (clusterPostmaster(dataDir) && Date.now() < until) await sleep(200);
  return clusterPostmaster(dataDir) === null;
}

if (!bin)
  console.log('private-cluster.test: skipped: no PostgreSQL server binaries in /usr/lib/postgresql/*/bin');

// Processes of their own, independent of TEST_DATABASE_URL: run once in CI (the PGlite pass).
describe.skipIf(!bin || !!process.env.TEST_DATABASE_URL)(
  'the embedded default on a private PostgreSQL cluster',
  () => {
    it('a fresh data dir gets the cluster: socket only, private modes, two at once, data kept across SIGTERM, restart, backup and restore', async () => {
      buildBundles();
      const dataDir = path.join(tmp, 'main');
      const otherDir = path.join(tmp, 'other');
      // Two servers with two data dirs at once: each its own cluster and socket.
      const [server, other] = await Promise.all([start(dataDir), start(otherDir)]);
      expect(await dbKind(server.url)).toBe('private-postgres');
      expect(await dbKind(other.url)).toBe('private-postgres');
      expect(server.output()).toContain('(database: its own PostgreSQL cluster)');

      // Only a unix socket: none of the postmaster's sockets is a listening TCP socket.
      const pid = clusterPostmaster(dataDir);
      expect(pid).toBeGreaterThan(0);
      expect(clusterPostmaster(otherDir)).not.toBe(pid);
      const listening = listeningInodes();
      expect(socketInodes(pid as number).filter((i) => listening.has(i))).toEqual([]);
      expect(fs.existsSync(path.join(clusterDir(dataDir), '.s.PGSQL.5432'))).toBe(true);

      // Private: the data dir is the server's (0700), the cluster the postmaster's user's (0700).
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(clusterDir(dataDir))).toBe(0o700);
      expect(mode(path.join(clusterDir(dataDir), 'data'))).toBe(0o700);
      if (process.getuid?.() === 0) expect(fs.statSync(clusterDir(dataDir)).uid).not.toBe(0);

      // A sign-in and a submission row on each.
      const token = await loginRoot(server.url, PASSWORD);
      const submitId = await submit(server.url, token, await problemPid(server.url, token), true);
      expect(submitId).toBeGreaterThan(0);
      const otherToken = await loginRoot(other.url, PASSWORD);
      await submit(other.url, otherToken, await problemPid(other.url, otherToken), false);

      // SIGTERM: the server exits 0 and takes its postmaster with it; the other one keeps serving.
      expect(await server.stop('SIGTERM')).toBe(0);
      expect(await postmasterGone(dataDir, 1000)).toBe(true);
      await loginRoot(other.url, PASSWORD);
      expect(await other.stop('SIGTERM')).toBe(0);
      expect(await postmasterGone(otherDir, 1000)).toBe(true);

      // Restart on the same dir: same cluster (no initdb), the data is there.
      const again = await start(dataDir);
      expect(await dbKind(again.url)).toBe('private-postgres');
      const token2 = await loginRoot(again.url, PASSWORD);
      const r = await api(again.url, 'GET', `/api/get-submission-detail?submitId=${submitId}`, {
        token: token2,
      });
      expect(r.code, r.body.msg).toBe(200);
      expect(r.body.data.submission.submitId).toBe(submitId);

      // npm run backup while it runs (pg_dump through the socket).
      const file = path.join(tmp, 'cluster-backup.tar');
      expect((await npm('backup', file, dataDir)).stdout).toContain('"kind":"postgres"');

      // Killed outright (no shutdown code runs): the watchdog still stops the postmaster.
      await again.stop('SIGKILL');
      expect(await postmasterGone(dataDir, 20_000)).toBe(true);

      // npm run restore into a fresh data dir: a new cluster of its own, with the data.
      const restored = path.join(tmp, 'restored');
      await npm('restore', file, restored);
      expect(await postmasterGone(restored, 1000)).toBe(true);
      const back = await start(restored);
      expect(await dbKind(back.url)).toBe('private-postgres');
      const token3 = await loginRoot(back.url, PASSWORD);
      const r3 = await api(back.url, 'GET', `/api/get-submission-detail?submitId=${submitId}`, {
        token: token3,
      });
      expect(r3.code, r3.body.msg).toBe(200);
      expect(await back.stop('SIGTERM')).toBe(0);
    }, 900_000);

    it('a data dir holding a PGlite database stays on PGlite; backup and restore move it to the cluster', async () => {
      buildBundles();
      const dataDir = path.join(tmp, 'old-pglite');
      const first = await start(dataDir, { OJ_EMBEDDED_DB: 'pglite' });
      expect(await dbKind(first.url)).toBe('pglite');
      const token = await loginRoot(first.url, PASSWORD);
      const submitId = await submit(first.url, token, await problemPid(first.url, token), true);
      expect(await first.stop('SIGTERM')).toBe(0);
      const again = await start(dataDir);
      expect(await dbKind(again.url)).toBe('pglite');
      expect(again.output()).toContain('holds a PGlite database');
      await loginRoot(again.url, PASSWORD);
      expect(fs.existsSync(clusterDir(dataDir))).toBe(false);
      expect(await again.stop('SIGTERM')).toBe(0);

      // The move the log line names: backup, then restore with OJ_EMBEDDED_DB=postgres into a fresh data dir.
      const file = path.join(tmp, 'pglite-backup.tar');
      await npm('backup', file, dataDir);
      const moved = path.join(tmp, 'moved');
      await npm('restore', file, moved, { OJ_EMBEDDED_DB: 'postgres' });
      const after = await start(moved);
      expect(await dbKind(after.url)).toBe('private-postgres');
      const token2 = await loginRoot(after.url, PASSWORD);
      const r = await api(after.url, 'GET', `/api/get-submission-detail?submitId=${submitId}`, {
        token: token2,
      });
      expect(r.code, r.body.msg).toBe(200);
      // The sequences came along: a new submission gets a new id.
      expect(await submit(after.url, token2, await problemPid(after.url, token2), false)).toBeGreaterThan(
        submitId,
      );
      expect(await after.stop('SIGTERM')).toBe(0);
    }, 600_000);
  },
);
