import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { type CliSpec, loadDotEnv, parseCliOrExit } from '@oj/shared/cli';
import { ignoreBrokenStdio } from '@oj/shared/stdio';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from './app.js';
import { newExtensionPoints } from './app-events.js';
import type { AppContext } from './context.js';
import { type DbHandle, openDb, openEmbeddedDb } from './db/client.js';
import { makePrivate } from './db/private-dir.js';
import { seed } from './db/seed.js';
import { type EmbeddedJudge, judgeCacheDir, startEmbeddedJudge } from './embedded-judge.js';
import { type Env, loadEnv, serverEnvHelp } from './env.js';
import { logStream } from './logging.js';
import { shareSignInCapacity } from './modules/account/signin-queue.js';
import { ConfigService } from './modules/config/config.service.js';
import { isClosing, markClosing } from './modules/health/health.routes.js';
import { getJudgeToken } from './modules/judge/token.js';
import { backupRequestFile, serverPidFile, writeBackup } from './ops/backup.js';
import {
  followPrimary,
  forkServerProcesses,
  isServerProcess,
  type ServerLog,
  serverProcessCount,
  WORKER_ENV,
} from './server-processes.js';

/** Set to true by the production build (scripts/build.mjs); undefined when the sources run through tsx. */
declare const __OJ_COMPILED__: boolean | undefined;

/** Signals this close to the first are the same request (npm forwards the terminal's SIGINT it also got). */
const SIGNAL_DEDUP_MS = 3000;

/** How long the embedded judgehost may take to finish its running jobs on shutdown (its own limit is 30 s). */
const JUDGE_DRAIN_MS = 35_000;

/**
 * How long requests still in flight may take once the judge is drained; then their connections are cut (a client
 * caught mid-request, its body never finished, kept the server from ever exiting: issue 22).
 */
const CLOSE_GRACE_MS = 5_000;

/** Past this after the signal the process exits whatever is left (a last resort; the steps above end sooner). */
const HARD_EXIT_MS = JUDGE_DRAIN_MS + CLOSE_GRACE_MS + 10_000;

/** The one line a person needs after start-up: where the site is and how root signs in. */
function readyLine(
  env: Env,
  port: number,
  rootPassword: string | undefined,
  created: boolean,
  db: DbHandle['label'],
): string {
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const how = rootPassword
    ? `sign in as root with password ${rootPassword} (shown only this once)`
    : created
      ? 'sign in as root with the password in OJ_ADMIN_PASSWORD'
      : 'sign in as root with the password you set';
  const database = {
    pglite: 'embedded PGlite',
    'private-postgres': 'its own PostgreSQL cluster',
    postgres: 'PostgreSQL at DATABASE_URL',
  }[db];
  return `OJ is ready at http://${host}:${port}/ (database: ${database}) — ${how}; admin back office at /admin`;
}

/** What a shutdown closes, in order (server.ts `onShutdown`). */
interface ShutdownSteps {
  log: ServerLog;
  /** Health answers 503 and every request but the judge protocol and health is refused (load balancers drain). */
  markClosing(): void;
  /** The embedded judgehost, when this process runs one. */
  judge(): EmbeddedJudge | null;
  /** Closes what serves requests: the app (requests in flight get CLOSE_GRACE_MS), or the server processes. */
  closeServing(): Promise<void>;
  /** Closes the database (and stops the private cluster). */
  closeDb(): Promise<void>;
}

/**
 * Graceful shutdown on SIGTERM / SIGINT (a second signal exits at once): `markClosing`; the embedded judgehost
 * finishes its running jobs and posts them (a job leased after the signal is released back to the queue), served
 * by a server still open to the judge protocol; then the serving side closes and the database is closed. Past
 * HARD_EXIT_MS the process exits anyway (code 1).
 */
function onShutdown(steps: ShutdownSteps) {
  const { log } = steps;
  let closing = false;
  let firstAt = 0;
  const stop = async (signal: string) => {
    if (closing) {
      // A signal to the `npm start` process group arrives twice: directly and forwarded by npm, which on a loaded
      // machine forwards it seconds later (the shutdown test then saw exit code 1, 3 times in 26). A repeated
      // SIGTERM (npm's echo, a service manager's retry) never cuts the drain short; a second Ctrl-C sent on
      // purpose, after the first one's echo, does.
      if (signal === 'SIGTERM' || Date.now() - firstAt < SIGNAL_DEDUP_MS) {
        log.info({ signal }, 'signal repeated: still draining');
        return;
      }
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    firstAt = Date.now();
    steps.markClosing();
    const started = Date.now();
    log.info({ signal }, 'shutting down: draining the judge, then closing the server');
    setTimeout(() => {
      log.error({ ms: Date.now() - started }, 'shutdown took too long: exiting now');
      process.exit(1);
    }, HARD_EXIT_MS).unref();
    try {
      await steps.judge()?.stop(JUDGE_DRAIN_MS);
      await steps.closeServing();
      await steps.closeDb();
      log.info({ ms: Date.now() - started }, 'stopped');
      process.exit(0);
    } catch (e) {
      log.error({ err: e }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** While this app's context is closing, only the judge protocol (judgehosts finishing their jobs) and health are served. */
function refuseWhileClosing(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => {
    if (!isClosing(app.ctx) || req.url.startsWith('/api/judge/') || req.url.startsWith('/api/health')) return;
    reply.header('connection', 'close');
    return reply.status(503).send({ status: 503, msg: 'the server is shutting down', data: null });
  });
}

/** Closes the app: requests in flight get CLOSE_GRACE_MS, then their connections are cut. */
async function closeApp(app: FastifyInstance): Promise<void> {
  const closed = app.close();
  const cut = setTimeout(() => {
    app.log.warn(
      { graceMs: CLOSE_GRACE_MS },
      'requests still open after the grace: closing their connections',
    );
    app.server.closeAllConnections();
  }, CLOSE_GRACE_MS);
  await closed;
  clearTimeout(cut);
}

/**
 * Embedded PGlite: one process owns the database, so `npm run backup` asks this server to write the backup (a
 * request file and SIGUSR2); the pid file tells it which process to ask.
 */
function serveBackups(app: FastifyInstance, handle: DbHandle, dataDir: string) {
  const dump = handle.dumpDataDir;
  if (!dump) return;
  const pidFile = serverPidFile(dataDir);
  fs.writeFileSync(pidFile, String(process.pid));
  process.on('exit', () => {
    if (fs.existsSync(pidFile) && fs.readFileSync(pidFile, 'utf8') === String(process.pid))
      fs.rmSync(pidFile);
  });
  process.on('SIGUSR2', async () => {
    const request = backupRequestFile(dataDir);
    let answer: object;
    try {
      const { target } = JSON.parse(fs.readFileSync(request, 'utf8')) as { target: string };
      const manifest = await writeBackup({ kind: 'pglite', dump }, dataDir, target);
      app.log.info({ target, ...manifest }, 'backup written');
      answer = { ok: true, manifest };
    } catch (e) {
      app.log.error({ err: e }, 'backup failed');
      answer = { ok: false, error: e instanceof Error ? e.message : String(e) };
    }
    fs.rmSync(request, { force: true });
    fs.writeFileSync(`${request}.result.tmp`, JSON.stringify(answer));
    fs.renameSync(`${request}.result.tmp`, `${request}.result`);
  });
}

/** The server's command line: no flags but --help (settings are environment variables; README "Configuration"). */
const cli: CliSpec = {
  command: 'npm start --',
  summary:
    'Runs the online judge: migrates and seeds the database, serves the API and the web app, starts the embedded judgehost.',
  flags: {},
  env: [
    ...serverEnvHelp,
    { name: 'OJ_ENV_FILE', description: 'the .env file to read', default: '<checkout>/.env' },
  ],
};

/** The app of one server process on an opened database (the single process, or one of the primary's). */
async function serveApp(ctx: AppContext, stream: Writable | undefined): Promise<FastifyInstance> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const webDist = ctx.env.OJ_WEB_DIST ?? path.resolve(here, '../../web/dist');
  const app = await buildApp({
    ctx,
    webDist,
    logger: stream ? { level: ctx.env.LOG_LEVEL, stream } : { level: ctx.env.LOG_LEVEL },
  });
  refuseWhileClosing(app);
  return app;
}

/** The context of a server on `handle`. */
function contextOf(env: Env, handle: DbHandle, serverProcesses: number): AppContext {
  return {
    env,
    db: handle.db,
    dbKind: handle.kind,
    dbLabel: handle.label,
    serverProcesses,
    config: new ConfigService(handle.db),
    ...newExtensionPoints(),
  };
}

/** The port `app` listens on. */
function portOf(app: FastifyInstance, fallback: number): number {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : fallback;
}

/**
 * A server process forked by the primary (server-processes.ts): opens the primary's database (migrated already),
 * serves the app on the shared port; a signal to the process group only makes it refuse new work (503) while the
 * primary drains the judge; it closes when the primary says so, or when the primary is gone.
 */
async function serveForPrimary(env: Env): Promise<void> {
  ignoreBrokenStdio();
  const url = process.env[WORKER_ENV.dbUrl];
  if (!url) throw new Error(`${WORKER_ENV.dbUrl} is not set in a server process`);
  const handle = await openDb({ url, migrate: false });
  handle.label = (process.env[WORKER_ENV.dbLabel] as DbHandle['label'] | undefined) ?? 'postgres';
  const processes = env.OJ_SERVER_PROCESSES ?? 1;
  shareSignInCapacity(processes);
  const ctx = contextOf(env, handle, processes);
  const app = await serveApp(ctx, logStream());
  let hardExitArmed = false;
  const closing = () => {
    markClosing(ctx);
    if (hardExitArmed) return;
    hardExitArmed = true;
    setTimeout(() => process.exit(1), HARD_EXIT_MS).unref();
  };
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    closing();
    try {
      await closeApp(app);
      await handle.close();
      process.exit(0);
    } catch (e) {
      app.log.error({ err: e }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', closing);
  process.on('SIGTERM', closing);
  const reportListening = followPrimary({ closing, close: () => void close() });
  await app.listen({ port: env.PORT, host: env.HOST });
  reportListening(portOf(app, env.PORT));
}

/**
 * Process entry (`npm start`): `--help` lists the variables, an unknown flag exits 2; reads .env (the environment
 * wins), then migrates, seeds, serves the API and the web app (in OJ_SERVER_PROCESSES processes on PostgreSQL) and
 * starts the embedded judgehost. A bad variable exits 1 naming it.
 */
async function main() {
  const started = Date.now();
  parseCliOrExit(cli);
  loadDotEnv();
  const env = loadEnv();
  if (isServerProcess()) return serveForPrimary(env);
  // The data dir is private (0700: database, uploads, staged test data); the sandbox never enters it.
  makePrivate(env.dataDir);
  const here = path.dirname(fileURLToPath(import.meta.url));
  // The compiled server starts a fresh PGlite database from the build's template (initdb and migrations done).
  const template =
    typeof __OJ_COMPILED__ !== 'undefined' ? path.resolve(here, '../dist/pglite-template.tar.gz') : undefined;
  // Without DATABASE_URL: the private PostgreSQL cluster when installed, else PGlite (issue 22 item 1).
  const embedded = env.DATABASE_URL
    ? null
    : await openEmbeddedDb(env.dataDir, { forced: env.OJ_EMBEDDED_DB, template });
  const handle = embedded ? embedded.handle : await openDb({ url: env.DATABASE_URL });
  const fresh = embedded?.fresh ?? false;
  const dbMs = Date.now() - started;
  const processes = handle.url ? serverProcessCount(env.OJ_SERVER_PROCESSES, handle.kind) : 1;
  const ctx = contextOf(env, handle, processes);
  const seeded = await seed(ctx);
  ignoreBrokenStdio();
  const stream = logStream();
  let judge: EmbeddedJudge | null = null;
  let port: number;
  let log: ServerLog;
  if (processes > 1 && handle.url) {
    // The primary: the server processes serve, this one runs the judgehost and orders the shutdown.
    const primaryLog = pino({ level: env.LOG_LEVEL }, stream);
    log = primaryLog;
    const servers = forkServerProcesses(processes, { url: handle.url, label: handle.label }, primaryLog);
    // Signals are handled from here on, also while the processes start (Node's default would kill the primary).
    onShutdown({
      log,
      markClosing: () => servers.markClosing(),
      judge: () => judge,
      closeServing: () => servers.close(CLOSE_GRACE_MS + 5_000),
      closeDb: () => handle.close(),
    });
    await servers.ready;
    port = servers.port;
  } else {
    const app = await serveApp(ctx, stream);
    log = app.log;
    onShutdown({
      log,
      markClosing: () => markClosing(ctx),
      judge: () => judge,
      closeServing: () => closeApp(app),
      closeDb: () => handle.close(),
    });
    serveBackups(app, handle, env.dataDir);
    await app.listen({ port: env.PORT, host: env.HOST });
    port = portOf(app, env.PORT);
  }
  log.info({ ms: Date.now() - started, dbMs, db: handle.label, fresh, processes }, 'ready');
  if (embedded?.why) log.info({ db: 'pglite', why: embedded.why }, 'embedded database: PGlite');
  // Embedded judgehost: one child process, workers from OJ_EMBEDDED_JUDGE_WORKERS (default one per core, 0 = none).
  const judgeWorkers = env.OJ_EMBEDDED_JUDGE_WORKERS ?? os.availableParallelism();
  if (judgeWorkers > 0) {
    judge = startEmbeddedJudge({
      serverUrl: `http://127.0.0.1:${port}`,
      token: await getJudgeToken(ctx),
      workers: judgeWorkers,
      cacheDir: judgeCacheDir(env.dataDir),
      log,
    });
  }
  // Printed once (the only time a generated password is shown), on stdout whatever the log format.
  const created = seeded.generatedRootPassword !== undefined || fresh;
  console.log(`\n  ${readyLine(env, port, seeded.generatedRootPassword, created, handle.label)}\n`);
}

main().catch((e) => {
  // A bad setting is the operator's to fix: the message names the variable; a stack would only hide it.
  const setting = e instanceof Error && /^(Invalid environment|OJ_ENV_FILE)/.test(e.message);
  console.error(setting ? `server not started: ${e.message}` : e);
  process.exit(1);
});
