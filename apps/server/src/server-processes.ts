import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';

/**
 * Several server processes behind one port (issue 22: one Node thread served a contest start at ~3 ms of CPU per
 * page load, 12 s of one core for 1,000 contestants' four pages). The primary process opens the database (starts
 * the private cluster, migrates, seeds), forks the server processes with node:cluster (each builds the app and
 * listens on the shared port, accepting from the one listening socket), runs the embedded judgehost, and
 * orders the shutdown: the judge drains first while every process still serves the judge protocol, then the
 * processes close, then the database. All processes share the database only: every cache of a process is a
 * cache the scaled mode (several instances on one PostgreSQL) already keeps correct across instances.
 */

/** At most this many processes by default (more rarely helps: the database and the judge share the cores). */
export const MAX_AUTO_PROCESSES = 4;

/**
 * How many server processes to run: `setting` (OJ_SERVER_PROCESSES) when given, else one per core but one (that
 * core is the database's and the judge's), at most MAX_AUTO_PROCESSES; always 1 on PGlite (its files belong to one
 * process). On 2 cores that is 1: two processes there cost more CPU per request than one and answered the contest
 * start no sooner (docs/figures.md, 2026-11-28).
 */
export function serverProcessCount(
  setting: number | undefined,
  kind: 'pglite' | 'postgres',
  cores = os.availableParallelism(),
): number {
  if (kind === 'pglite') return 1;
  return setting ?? Math.max(1, Math.min(cores - 1, MAX_AUTO_PROCESSES));
}

/**
 * One process's share of a limit counted in each process's memory (per-address request limits, open-stream caps):
 * `limit` ÷ `processes`, rounded up. Together the processes never allow more than `limit` + `processes` - 1; a
 * client whose connections all land on one process (whichever accepts first takes a connection) gets its share
 * only, which errs on the strict side.
 */
export function shareOf(limit: number, processes = 1): number {
  return Math.ceil(limit / Math.max(1, processes));
}

/** Sent by a server process once it listens. */
export interface ListeningMessage {
  oj: 'listening';
  port: number;
}

/** Sent by the primary: `closing` = refuse all but the judge protocol and health; `close` = close and exit. */
export interface PrimaryMessage {
  oj: 'closing' | 'close';
}

/** What a forked server process is told through its environment. */
export const WORKER_ENV = {
  /** The database URL the primary opened (the private cluster's socket URL included). */
  dbUrl: 'OJ_PROCESS_DB_URL',
  /** /api/health's database label ('private-postgres' or 'postgres'). */
  dbLabel: 'OJ_PROCESS_DB_LABEL',
} as const;

/** True in a process forked by the primary. */
export const isServerProcess = (): boolean => cluster.isWorker;

/** The logger shape the primary and the shutdown use (pino's, Fastify's). */
export interface ServerLog {
  info(o: object, m: string): void;
  warn(o: object, m: string): void;
  error(o: object, m: string): void;
}

/** The primary's handle on its server processes (usable at once, also while they start). */
export interface ServerProcesses {
  /** Resolves once every process listens; rejects when one exits during the start. */
  ready: Promise<void>;
  /** The port they share (0 until the first listens). */
  readonly port: number;
  /** Tells every process to refuse all but the judge protocol and health (503). */
  markClosing(): void;
  /**
   * Tells every process to close (requests in flight get their grace) and resolves once all exited; a process that
   * has not exited after `timeoutMs` (one still starting cannot hear the order) is killed.
   */
  close(timeoutMs: number): Promise<void>;
}

/**
 * Forks `count` server processes (the primary's own script and flags) with the database URL and label in their
 * environment. A process that dies after the start is forked again; one that dies during the start makes `ready`
 * reject (its error is in the log: a port in use, a bad setting).
 */
export function forkServerProcesses(
  count: number,
  db: { url: string; label: string },
  log: ServerLog,
): ServerProcesses {
  let closing = false;
  let started = false;
  let port = 0;
  let listening = 0;
  const env = {
    [WORKER_ENV.dbUrl]: db.url,
    [WORKER_ENV.dbLabel]: db.label,
    OJ_SERVER_PROCESSES: String(count),
  };
  const send = (w: Worker, m: PrimaryMessage) => {
    if (w.isConnected()) w.send(m);
  };
  const workers = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
  let markReady: () => void = () => undefined;
  let failStart: (e: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failStart = reject;
  });
  const fork = () => {
    const w = cluster.fork(env);
    w.on('message', (m: ListeningMessage) => {
      if (m?.oj !== 'listening') return;
      port = m.port;
      if (closing) send(w, { oj: 'closing' });
      if (!started && ++listening === count) {
        started = true;
        markReady();
      }
    });
  };
  cluster.on('exit', (w, code, signal) => {
    if (closing) return;
    if (!started) {
      failStart(new Error(`a server process exited during the start (code ${code}, signal ${signal})`));
      return;
    }
    log.error({ pid: w.process.pid, code, signal }, 'a server process exited: starting another');
    fork();
  });
  // Each process accepts from the shared listening socket itself (not the primary's round-robin hand-off): a
  // connection that arrived as a process died was handed to the dead one and hung until the client gave up (the
  // primary kept its socket), and a busy process leaves new connections to an idle one.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  for (let i = 0; i < count; i++) fork();
  return {
    ready,
    get port() {
      return port;
    },
    markClosing() {
      closing = true;
      for (const w of workers()) send(w, { oj: 'closing' });
    },
    async close(timeoutMs) {
      closing = true;
      await Promise.all(
        workers()
          .filter((w) => !w.isDead())
          .map(
            (w) =>
              new Promise<void>((done) => {
                const kill = setTimeout(() => w.process.kill('SIGKILL'), timeoutMs);
                w.once('exit', () => {
                  clearTimeout(kill);
                  done();
                });
                send(w, { oj: 'close' });
              }),
          ),
      );
    },
  };
}

/**
 * In a server process: `closing` runs on the primary's `closing` message and `close` on its `close` message or when
 * the primary is gone (its channel closed: it was killed). Returns a function that reports the port to the primary.
 */
export function followPrimary(handlers: { closing(): void; close(): void }): (port: number) => void {
  process.on('message', (m: PrimaryMessage) => {
    if (m?.oj === 'closing') handlers.closing();
    else if (m?.oj === 'close') handlers.close();
  });
  process.on('disconnect', () => handlers.close());
  return (port) => process.send?.({ oj: 'listening', port } satisfies ListeningMessage);
}
