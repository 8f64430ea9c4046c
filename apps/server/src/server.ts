import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CliSpec, loadDotEnv, parseCliOrExit } from '@oj/shared/cli';
import { ignoreBrokenStdio } from '@oj/shared/stdio';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { newExtensionPoints } from './app-events.js';
import type { AppContext } from './context.js';
import { type DbHandle, openDb, openEmbeddedDb } from './db/client.js';
import { makePrivate } from './db/private-dir.js';
import { seed } from './db/seed.js';
import { type EmbeddedJudge, judgeCacheDir, startEmbeddedJudge } from './embedded-judge.js';
import { type Env, loadEnv, serverEnvHelp } from './env.js';
import { logStream } from './logging.js';
import { ConfigService } from './modules/config/config.service.js';
import { markClosing } from './modules/health/health.routes.js';
import { getJudgeToken } from './modules/judge/token.js';
import { backupRequestFile, serverPidFile, writeBackup } from './ops/backup.js';

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

/**
 * Graceful shutdown on SIGTERM / SIGINT (a second signal exits at once): health answers 503 and every request
 * but the judge protocol is refused with 503, so load balancers drain this instance; the embedded judgehost
 * finishes its running jobs and posts them (a job leased after the signal is released back to the queue);
 * then the server closes, waiting up to CLOSE_GRACE_MS for the requests in flight (then cutting their
 * connections), and the database is closed. Past HARD_EXIT_MS the process exits anyway (code 1).
 */
function onShutdown(
  app: FastifyInstance,
  ctx: AppContext,
  handle: DbHandle,
  judge: () => EmbeddedJudge | null,
) {
  let closing = false;
  let firstAt = 0;
  const stop = async (signal: string) => {
    if (closing) {
      // A signal to the `npm start` process group arrives twice: directly and forwarded by npm, which on a loaded
      // machine forwards it seconds later (the shutdown test then saw exit code 1, 3 times in 26). A repeated
      // SIGTERM (npm's echo, a service manager's retry) never cuts the drain short; a second Ctrl-C sent on
      // purpose, after the first one's echo, does.
      if (signal === 'SIGTERM' || Date.now() - firstAt < SIGNAL_DEDUP_MS) {
        app.log.info({ signal }, 'signal repeated: still draining');
        return;
      }
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    firstAt = Date.now();
    markClosing(ctx);
    const started = Date.now();
    app.log.info({ signal }, 'shutting down: draining the judge, then closing the server');
    setTimeout(() => {
      app.log.error({ ms: Date.now() - started }, 'shutdown took too long: exiting now');
      process.exit(1);
    }, HARD_EXIT_MS).unref();
    try {
      await judge()?.stop(JUDGE_DRAIN_MS);
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
      await handle.close();
      app.log.info({ ms: Date.now() - started }, 'stopped');
      process.exit(0);
    } catch (e) {
      app.log.error({ err: e }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // While draining, only the judge protocol (the judgehosts finishing their jobs) and health are served.
  app.addHook('onRequest', async (req, reply) => {
    if (!closing || req.url.startsWith('/api/judge/') || req.url.startsWith('/api/health')) return;
    reply.header('connection', 'close');
    return reply.status(503).send({ status: 503, msg: 'the server is shutting down', data: null });
  });
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

/**
 * Process entry (`npm start`): `--help` lists the variables, an unknown flag exits 2; reads .env (the environment
 * wins), then migrates, seeds, serves the API and the web app and starts the embedded judgehost. A bad variable
 * exits 1 naming it.
 */
async function main() {
  const started = Date.now();
  parseCliOrExit(cli);
  loadDotEnv();
  const env = loadEnv();
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
  const ctx: AppContext = {
    env,
    db: handle.db,
    dbKind: handle.kind,
    dbLabel: handle.label,
    config: new ConfigService(handle.db),
    ...newExtensionPoints(),
  };
  const seeded = await seed(ctx);
  const webDist = env.OJ_WEB_DIST ?? path.resolve(here, '../../web/dist');
  ignoreBrokenStdio();
  const stream = logStream();
  const app = await buildApp({
    ctx,
    webDist,
    logger: stream ? { level: env.LOG_LEVEL, stream } : { level: env.LOG_LEVEL },
  });
  let judge: EmbeddedJudge | null = null;
  onShutdown(app, ctx, handle, () => judge);
  serveBackups(app, handle, env.dataDir);
  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  app.log.info({ ms: Date.now() - started, dbMs, db: handle.label, fresh }, 'ready');
  if (embedded?.why) app.log.info({ db: 'pglite', why: embedded.why }, 'embedded database: PGlite');
  // Embedded judgehost: one child process, workers from OJ_EMBEDDED_JUDGE_WORKERS (default one per core, 0 = none).
  const judgeWorkers = env.OJ_EMBEDDED_JUDGE_WORKERS ?? os.availableParallelism();
  if (judgeWorkers > 0) {
    judge = startEmbeddedJudge({
      serverUrl: `http://127.0.0.1:${port}`,
      token: await getJudgeToken(ctx),
      workers: judgeWorkers,
      cacheDir: judgeCacheDir(env.dataDir),
      log: app.log,
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
