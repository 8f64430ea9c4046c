import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface EmbeddedJudgeOptions {
  /** URL the judgehost reaches this server at, e.g. http://127.0.0.1:8080 */
  serverUrl: string;
  token: string;
  /** Parallel workers (>= 1). */
  workers: number;
  /** The judgehost's cache directory (test data, work dirs). */
  cacheDir: string;
  name?: string;
  log: {
    info(o: object, m: string): void;
    warn(o: object, m: string): void;
    error(o: object, m: string): void;
  };
}

export interface EmbeddedJudge {
  /** The current child's pid (null between restarts). */
  pid(): number | null;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the child exited. No restart afterwards. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Server variables the judgehost needs (its own settings); every other variable (secrets) stays behind, the
 * remote-judge pool's key too (OJ_REMOTE_JUDGE_KEY: the judgehost gets passwords opened, per task, never the key).
 */
const PASSED =
  /^(PATH|LANG|LC_ALL|TZ|TMPDIR|NODE_OPTIONS|OJ_SANDBOX_\w+|OJ_CGROUP_PARENT|OJ_BWRAP|OJ_SERVER|OJ_REMOTE_(?!JUDGE_KEY$)\w+)$/;

/**
 * The embedded judgehost's environment: PATH, locale, time zone, TMPDIR, its own OJ_* sandbox settings from
 * `source`, plus the judge token and this server's pid. Nothing else of the server's environment (database URL,
 * JWT secret, admin password, SMTP password) is passed on.
 */
export function embeddedJudgeEnv(
  source: NodeJS.ProcessEnv,
  token: string,
  parentPid: number,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(source))
    if (value !== undefined && PASSED.test(key)) env[key] = value;
  return { ...env, OJ_JUDGE_TOKEN: token, OJ_JUDGE_PARENT_PID: String(parentPid) };
}

const JUDGEHOST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../judgehost');

/** Set to true by the production build (scripts/build.mjs); undefined when the sources run through tsx. */
declare const __OJ_COMPILED__: boolean | undefined;

/**
 * How the judgehost is started: the compiled server starts the compiled judgehost (`dist/main.js`, no TypeScript
 * loader: faster to start); the sources run through tsx start `src/main.ts` through tsx.
 */
export function judgehostEntry(): string[] {
  const compiled = path.join(JUDGEHOST_DIR, 'dist/main.js');
  if (typeof __OJ_COMPILED__ !== 'undefined' && fs.existsSync(compiled)) return [compiled];
  return ['--import', 'tsx', path.join(JUDGEHOST_DIR, 'src/main.ts')];
}

/**
 * The embedded judgehost's cache: `<dataDir>-judge-cache`, beside the data dir and not in it. The sandbox runs
 * programs under other uids that must traverse into the cache, while the data dir stays private (0700).
 */
export function judgeCacheDir(dataDir: string): string {
  return `${path.resolve(dataDir)}-judge-cache`;
}

/**
 * Starts the embedded judgehost (`npm start`'s default): `apps/judgehost/src/main.ts` as a child process of this
 * server, restarted with backoff when it dies unexpectedly, and killed with the server (it also exits by itself
 * when this process disappears, through OJ_JUDGE_PARENT_PID).
 */
export function startEmbeddedJudge(opts: EmbeddedJudgeOptions): EmbeddedJudge {
  // The sandbox runs programs under other uids: the cache's parent must be traversable (never the data dir:
  // see judgeCacheDir).
  fs.mkdirSync(opts.cacheDir, { recursive: true });
  const parent = path.dirname(opts.cacheDir);
  const mode = fs.statSync(parent).mode & 0o7777;
  if ((mode & 0o011) !== 0o011) fs.chmodSync(parent, mode | 0o011);
  let child: ChildProcess | null = null;
  let stopped = false;
  let delay = 1000;
  let exited: Promise<void> = Promise.resolve();

  const launch = () => {
    const args = [
      ...judgehostEntry(),
      '--server',
      opts.serverUrl,
      '--workers',
      String(opts.workers),
      '--name',
      opts.name ?? 'embedded',
      '--cache',
      opts.cacheDir,
      // Without OJ_SANDBOX_UID_BASE it takes the first free uid range (a second server, or a restart while the
      // old judgehost still drains, would otherwise find the default range in use); its start line names it.
      '--auto-uids',
    ];
    const started = Date.now();
    const c = spawn(process.execPath, args, {
      cwd: JUDGEHOST_DIR,
      env: embeddedJudgeEnv(process.env, opts.token, process.pid),
      stdio: ['ignore', 'inherit', 'inherit'],
      // Its own process group: Ctrl-C on the terminal reaches the server only, which then drains the judgehost
      // (SIGTERM in stop()); if the server dies, the judgehost notices through OJ_JUDGE_PARENT_PID.
      detached: true,
    });
    child = c;
    opts.log.info({ pid: c.pid, workers: opts.workers }, 'embedded judgehost started');
    exited = new Promise((resolve) => {
      c.on('exit', (code, signal) => {
        child = null;
        resolve();
        if (stopped) return;
        if (Date.now() - started > 60_000) delay = 1000;
        opts.log.error({ code, signal, restartInMs: delay }, 'embedded judgehost exited; restarting');
        setTimeout(() => {
          if (!stopped) launch();
        }, delay).unref();
        delay = Math.min(delay * 2, 30_000);
      });
    });
  };
  const killOnExit = () => child?.kill('SIGKILL');
  process.on('exit', killOnExit);
  launch();

  return {
    pid: () => child?.pid ?? null,
    async stop(graceMs = 10_000) {
      stopped = true;
      process.off('exit', killOnExit);
      const c = child;
      if (!c) return;
      c.kill('SIGTERM');
      const timer = setTimeout(() => c.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
