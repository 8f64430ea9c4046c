import { type ChildProcess, execFile, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * The embedded default's private PostgreSQL cluster (issue 22 item 1): when `DATABASE_URL` is absent and Debian's
 * PostgreSQL server binaries are installed (`/usr/lib/postgresql/<version>/bin`), the server runs `initdb` once into
 * `<dataDir>-pg/data` and starts `postgres` as its child, listening only on a unix socket in `<dataDir>-pg` (no TCP
 * port), as an unprivileged user (`postgres`) when the server runs as root. The cluster lives beside the data dir
 * (as the judge cache does), so the data dir itself stays private to the server's user (0700, issue 24).
 *
 * The postmaster never outlives the server: it runs under a small `sh` watchdog that reads the server's end of a
 * pipe and, when that pipe closes (the server stopped, exited or was killed), sends the postmaster SIGINT (fast
 * shutdown). It runs in a process group of its own, so a signal to the server's group (Ctrl-C under `npm start`)
 * does not cut the database from under the server's drain; the server stops it last.
 */

/** The database and role the server uses inside its private cluster. */
const DB_NAME = 'oj';
const DB_USER = 'oj';
/** Unix sockets paths longer than this (sun_path is 108 bytes with its NUL) cannot be bound. */
const MAX_SOCKET_PATH = 100;
/** How long the postmaster may take to accept connections after its start (initdb not included). */
const START_TIMEOUT_MS = 60_000;
/** A postmaster left by a server that was killed gets this long to finish its own fast shutdown. */
const STALE_WAIT_MS = 15_000;
/** Fast shutdown longer than this is cut with SIGQUIT (immediate shutdown; recovery at the next start). */
const STOP_TIMEOUT_MS = 30_000;

/**
 * Settings for a small machine (2 cores, a few GB), all `-c` options so `postgresql.conf` stays initdb's.
 * `fsync` and `synchronous_commit` stay on (a commit that was answered is on disk); parallel query is off (on 2
 * cores it only competes with the server and the judge).
 */
const SETTINGS: Record<string, string> = {
  listen_addresses: '',
  max_connections: '60',
  shared_buffers: '128MB',
  work_mem: '8MB',
  maintenance_work_mem: '64MB',
  effective_cache_size: '512MB',
  max_parallel_workers_per_gather: '0',
  max_wal_size: '512MB',
  unix_socket_permissions: '0700',
  log_min_messages: 'warning',
  log_line_prefix: '%m [%p] ',
};

/** The watchdog: runs the postmaster ($2...) logging to $1, fast-stops it when stdin reaches EOF. */
const WATCHDOG = `log="$1"; shift
"$@" >>"$log" 2>&1 &
pid=$!
exec 3<&0
( read -r _ <&3; kill -INT "$pid" 2>/dev/null ) &
wait "$pid"`;

/** Which embedded database to use; from `OJ_EMBEDDED_DB` (absent: choose by what is installed and on disk). */
export type EmbeddedDbChoice =
  | { kind: 'pglite'; why: string }
  | { kind: 'private-postgres'; bin: string; user: SystemUser | null };

/** An unprivileged system user to run the postmaster as (only when the server runs as root). */
export interface SystemUser {
  name: string;
  uid: number;
  gid: number;
}

/** `<dataDir>-pg`: the private cluster's directory (PGDATA is its `data/`), beside the data dir. */
export function clusterDir(dataDir: string): string {
  return `${path.resolve(dataDir)}-pg`;
}

/** The PGlite database of a data dir (where `npm start` has kept it since the beginning). */
export function pgliteDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'pglite');
}

/** True when `<dataDir>/pglite` holds a database. */
export function hasPglite(dataDir: string): boolean {
  return fs.existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION'));
}

/** True when `<dataDir>-pg/data` holds a cluster. */
export function hasCluster(dataDir: string): boolean {
  return fs.existsSync(path.join(clusterDir(dataDir), 'data', 'PG_VERSION'));
}

/**
 * The newest `/usr/lib/postgresql/<version>/bin` holding initdb, postgres, pg_dump and pg_restore (Debian's
 * `postgresql` package), or null. `OJ_POSTGRES_BIN` (a directory) overrides the search (tests, other layouts).
 */
export function findPostgresBin(env: NodeJS.ProcessEnv = process.env): string | null {
  const has = (dir: string) =>
    ['initdb', 'postgres', 'pg_dump', 'pg_restore'].every((b) => fs.existsSync(path.join(dir, b)));
  if (env.OJ_POSTGRES_BIN) return has(env.OJ_POSTGRES_BIN) ? env.OJ_POSTGRES_BIN : null;
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => /^\d+(\.\d+)?$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const dir = path.join(root, v, 'bin');
    if (has(dir)) return dir;
  }
  return null;
}

/** The `postgres` system user from /etc/passwd, or null. */
function postgresUser(): SystemUser | null {
  try {
    for (const line of fs.readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const [name, , uid, gid] = line.split(':');
      if (name === 'postgres') return { name, uid: Number(uid), gid: Number(gid) };
    }
  } catch {
    // no /etc/passwd: no such user
  }
  return null;
}

/** True when `user` may enter every directory from / down to `dir` (the cluster's parent). */
function traversable(dir: string, user: SystemUser): boolean {
  let d = path.resolve(dir);
  for (;;) {
    const st = fs.statSync(d);
    const ok =
      st.uid === user.uid ? st.mode & 0o100 : st.gid === user.gid ? st.mode & 0o010 : st.mode & 0o001;
    if (!ok) return false;
    const up = path.dirname(d);
    if (up === d) return true;
    d = up;
  }
}

/**
 * Decides the embedded database for `dataDir`: `forced` (OJ_EMBEDDED_DB) wins; else a data dir that already holds
 * a PGlite database stays on PGlite (no upgrade loses data), else the private cluster when the binaries are
 * installed (and, as root, a `postgres` user exists that can reach the cluster's directory), else PGlite. Throws
 * when `forced` is 'postgres' and the cluster cannot be used, naming why.
 */
export function chooseEmbeddedDb(
  dataDir: string,
  forced?: 'pglite' | 'postgres',
  env: NodeJS.ProcessEnv = process.env,
): EmbeddedDbChoice {
  if (forced === 'pglite') return { kind: 'pglite', why: 'OJ_EMBEDDED_DB=pglite' };
  const refuse = (why: string): EmbeddedDbChoice => {
    if (forced === 'postgres') throw new Error(`OJ_EMBEDDED_DB=postgres: ${why}`);
    return { kind: 'pglite', why };
  };
  if (hasPglite(dataDir) && !hasCluster(dataDir))
    return refuse(
      `${pgliteDir(dataDir)} holds a PGlite database (to move it to the private PostgreSQL cluster: ` +
        '`npm run backup -- FILE`, then `OJ_EMBEDDED_DB=postgres npm run restore -- FILE` into a fresh OJ_DATA_DIR; ' +
        'see docs/operations.md)',
    );
  const bin = findPostgresBin(env);
  if (!bin) return refuse('no PostgreSQL server binaries in /usr/lib/postgresql/<version>/bin');
  if (process.getuid?.() !== 0) return { kind: 'private-postgres', bin, user: null };
  const user = postgresUser();
  if (!user) return refuse('running as root and there is no `postgres` user to run the cluster as');
  if (!traversable(path.dirname(clusterDir(dataDir)), user))
    return refuse(`the \`postgres\` user cannot enter ${path.dirname(clusterDir(dataDir))}`);
  return { kind: 'private-postgres', bin, user };
}

/** The URL of the private cluster of `dataDir` (whether or not it runs): its database `oj` through the socket. */
export function clusterUrl(dataDir: string, database = DB_NAME): string {
  return `postgresql://${DB_USER}@${encodeURIComponent(socketDirFor(clusterDir(dataDir)))}/${database}`;
}

/** The pid of the postmaster running on the private cluster of `dataDir`, or null. */
export function clusterPostmaster(dataDir: string): number | null {
  return runningPostmaster(path.join(clusterDir(dataDir), 'data'));
}

/** A running private cluster. */
export interface PrivateCluster {
  /** `postgresql://oj@<socket dir, encoded>/oj`: for node-postgres, pg_dump and pg_restore. */
  url: string;
  /** The directory holding the unix socket. */
  socketDir: string;
  /** PGDATA. */
  dataDir: string;
  /** The binaries' directory (pg_dump, pg_restore of the same version). */
  bin: string;
  /** True when this start ran initdb. */
  created: boolean;
  /** Fast shutdown, awaited (SIGQUIT after 30 s). Safe to call twice. */
  stop(): Promise<void>;
}

/** The socket directory: the cluster dir, or a private one under /tmp when that path is too long for a socket. */
function socketDirFor(dir: string): string {
  if (path.join(dir, '.s.PGSQL.5432').length <= MAX_SOCKET_PATH) return dir;
  const hash = crypto.createHash('sha256').update(dir).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `oj-pg-${hash}`);
}

/** Creates `dir` 0700, owned by `user` when given. */
function ownDir(dir: string, user: SystemUser | null): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (user) fs.chownSync(dir, user.uid, user.gid);
  fs.chmodSync(dir, 0o700);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid in PGDATA/postmaster.pid when that process is alive, else null. */
function runningPostmaster(pgdata: string): number | null {
  const file = path.join(pgdata, 'postmaster.pid');
  if (!fs.existsSync(file)) return null;
  const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
  return pid > 0 && alive(pid) ? pid : null;
}

/** The last lines of the cluster's log (for error messages). */
function logTail(logFile: string): string {
  try {
    return fs.readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Starts the private cluster of `dataDir` (initdb first when `<dataDir>-pg/data` is empty) and resolves once it
 * accepts connections and the `oj` database exists. Throws (with the end of `<dataDir>-pg/postgres.log`) when
 * initdb or the postmaster fails, or when a postmaster still runs on that directory 15 s after the call
 * (another server uses this data dir).
 */
export async function startPrivateCluster(
  dataDir: string,
  choice: Extract<EmbeddedDbChoice, { kind: 'private-postgres' }>,
): Promise<PrivateCluster> {
  const { bin, user } = choice;
  const dir = clusterDir(dataDir);
  const pgdata = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  ownDir(dir, user);
  const asUser = user ? { uid: user.uid, gid: user.gid } : {};
  const childEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', TZ: 'UTC' };
  let created = false;
  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) {
    fs.rmSync(pgdata, { recursive: true, force: true });
    try {
      await run(
        path.join(bin, 'initdb'),
        ['-D', pgdata, '-U', DB_USER, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-instructions'],
        { ...asUser, env: childEnv, cwd: dir },
      );
    } catch (e) {
      const err = e as { stderr?: string; message: string };
      throw new Error(`initdb failed in ${pgdata}: ${err.stderr || err.message}`);
    }
    created = true;
  }
  // A postmaster left by a server that was killed is stopping by itself (its watchdog saw the pipe close).
  const until = Date.now() + STALE_WAIT_MS;
  while (runningPostmaster(pgdata) && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
  const stale = runningPostmaster(pgdata);
  if (stale)
    throw new Error(
      `a PostgreSQL postmaster (pid ${stale}) still runs on ${pgdata}: another server uses this data directory`,
    );
  const socketDir = socketDirFor(dir);
  if (socketDir !== dir) ownDir(socketDir, user);
  const args = [path.join(bin, 'postgres'), '-D', pgdata, '-k', socketDir];
  for (const [k, v] of Object.entries(SETTINGS)) args.push('-c', `${k}=${v}`);
  const child: ChildProcess = spawn('/bin/sh', ['-c', WATCHDOG, 'oj-postgres', logFile, ...args], {
    ...asUser,
    env: childEnv,
    cwd: dir,
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  // The pipe must not keep the server's event loop alive, nor its closing crash the server.
  child.stdin?.on('error', () => undefined);
  (child.stdin as unknown as { unref?: () => void })?.unref?.();
  child.unref();
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  let stopped: Promise<void> | null = null;
  const stop = () => {
    stopped ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin?.end();
      const quit = setTimeout(() => {
        const pid = runningPostmaster(pgdata);
        if (pid) process.kill(pid, 'SIGQUIT');
      }, STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(quit);
    })();
    return stopped;
  };
  const url = clusterUrl(dataDir, 'postgres');
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`postgres exited (${child.exitCode}) at start:\n${logTail(logFile)}`);
    const c = new pg.Client({ connectionString: url });
    try {
      await c.connect();
      const { rowCount } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
      if (!rowCount) await c.query(`CREATE DATABASE ${DB_NAME}`);
      await c.end();
      break;
    } catch (e) {
      await c.end().catch(() => undefined);
      if (Date.now() > deadline) {
        await stop();
        throw new Error(
          `postgres did not accept connections in ${START_TIMEOUT_MS / 1000} s (${(e as Error).message}):\n${logTail(logFile)}`,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url: clusterUrl(dataDir),
    socketDir,
    dataDir: pgdata,
    bin,
    created,
    stop,
  };
}
