import { readFileSync } from 'node:fs';
import os from 'node:os';
import { resolve } from 'node:path';
import { type CliSpec, loadDotEnv, parseCliOrExit, usageExit } from '@oj/shared/cli';
import { ignoreBrokenStdio } from '@oj/shared/stdio';
import { isJudgehostVariable, judgehostEnv, judgehostEnvHelp } from './config.js';
import { languageInfo } from './languages/index.js';
import { judgehostLogger, logTo } from './log.js';
import { closeCompileBoxes, judge } from './pipeline/index.js';
import { createRemoteJudge } from './remote/remote-judge.js';
import { sandboxSelfCheck } from './sandbox/selfcheck.js';
import { claimUidRange } from './sandbox/setup.js';
import { UidRangeBusyError } from './sandbox/uidlock.js';
import { Judgehost } from './worker.js';

/**
 * The judge token: `--token-file FILE` (its first line) or OJ_JUDGE_TOKEN. A token on the command line would be
 * visible to every user in `ps`, so `--token` is refused with a message naming the two alternatives.
 */
function judgeToken(values: { token?: unknown; 'token-file'?: unknown }, envToken?: string): string {
  if (values.token !== undefined) {
    throw new Error(
      '--token is no longer accepted (it shows in ps): use OJ_JUDGE_TOKEN or --token-file FILE',
    );
  }
  const file = values['token-file'] as string | undefined;
  const token = file ? readFileSync(file, 'utf8').split('\n')[0].trim() : envToken;
  if (!token) throw new Error('the judge token is required: set OJ_JUDGE_TOKEN or pass --token-file FILE');
  return token;
}

/**
 * Claims the sandbox uid range before anything else (issue 22; see `claimUidRange`): as root only (without root
 * the sandbox check reports the problem and nothing is leased). Returns the start line's fields; rejects with
 * UidRangeBusyError when the range is in use.
 */
async function claimUids(auto: boolean): Promise<Record<string, string>> {
  if (process.getuid?.() !== 0) return {};
  const { base, count, chosen } = await claimUidRange(auto);
  return {
    uids: `${base}..${base + count - 1}`,
    uidsFrom: chosen ? 'the first free range (OJ_SANDBOX_UID_BASE unset)' : 'OJ_SANDBOX_UID_BASE',
  };
}

/** The judgehost's command line, for parseCli and `--help`. */
const cli: CliSpec = {
  command: 'npm run judgehost --',
  summary:
    'Runs a judgehost: leases submissions from the server, judges them in the sandbox and posts the verdicts.',
  flags: {
    server: { type: 'string', value: 'URL', description: 'the server (default: OJ_SERVER)' },
    'token-file': {
      type: 'string',
      value: 'FILE',
      description: 'read the judge token from FILE (first line)',
    },
    workers: { type: 'string', value: 'N', description: 'concurrent jobs, 1..64 (default: one per core)' },
    name: {
      type: 'string',
      value: 'NAME',
      description: 'the name shown on the admin page (default: hostname)',
    },
    cache: { type: 'string', value: 'DIR', description: 'test-data cache (default: OJ_JUDGE_CACHE)' },
    id: { type: 'string', value: 'ID', description: 'the judgehost id to resume (default: a new one)' },
    'auto-uids': {
      type: 'boolean',
      description: 'take the first free sandbox uid range when OJ_SANDBOX_UID_BASE is unset',
    },
    token: { type: 'string', hidden: true, description: 'refused (visible in ps)' },
  },
  env: judgehostEnvHelp,
};

/**
 * Judgehost entry: `npm run judgehost -- --server URL [--token-file FILE] [--workers N] [--name X] [--cache DIR]
 * [--id ID] [--auto-uids]`, the token from OJ_JUDGE_TOKEN or the file; `--help` lists the flags and variables, an
 * unknown flag exits 2 with one line. Settings come from the environment, then a .env file (its judgehost
 * variables only; the embedded judgehost reads none), through one schema (./config.ts): a bad value exits 1
 * naming the variable. The sandbox uid range is locked first: one in use makes it exit 1 with a message naming the
 * range (`--auto-uids`, which the embedded judgehost gets, takes the first free range instead when
 * OJ_SANDBOX_UID_BASE is unset). SIGTERM / SIGINT stop leasing and let running jobs finish (a second signal exits
 * at once).
 */
async function main() {
  const { values } = parseCliOrExit(cli);
  if (!process.env.OJ_JUDGE_PARENT_PID) loadDotEnv(isJudgehostVariable);
  const env = judgehostEnv();
  values.server ??= env.OJ_SERVER;
  values.cache ??= env.OJ_JUDGE_CACHE;
  if (!/^https?:\/\/\S+$/.test(values.server as string)) usageExit(cli, '--server must be an http(s) URL');
  const token = judgeToken(values, env.OJ_JUDGE_TOKEN);
  const workers = values.workers ? Number(values.workers) : os.availableParallelism();
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) usageExit(cli, '--workers must be 1..64');
  const name = (values.name as string | undefined) ?? os.hostname();
  ignoreBrokenStdio(); // the server or launcher reading its output may exit first
  // pino as the server's: pretty on a terminal, JSON lines otherwise (LOG_FORMAT overrides).
  const log = logTo(judgehostLogger(name, env.LOG_FORMAT));
  const uids = await claimUids(values['auto-uids'] as boolean);
  log('info', 'starting', { server: values.server, workers, ...uids });
  const host = new Judgehost({
    server: values.server as string,
    token,
    workers,
    name: values.name as string | undefined,
    cacheDir: resolve(values.cache as string),
    judgehostId: values.id as string | undefined,
    judge,
    afterStop: closeCompileBoxes,
    languages: languageInfo,
    log,
    // OJ_REMOTE_JUDGE=true: remote problems are judged on their sites beside the sandbox workers.
    ...(env.OJ_REMOTE_JUDGE
      ? {
          remote: {
            max: env.OJ_REMOTE_JUDGE_MAX,
            judge: createRemoteJudge({
              pollIntervalMs: env.OJ_REMOTE_POLL_MS,
              maxPolls: env.OJ_REMOTE_MAX_POLLS,
              log,
            }),
          },
        }
      : {}),
    // A machine whose sandbox fails this check leases nothing and gives back the job that showed it.
    machineCheck: async () => {
      const check = await sandboxSelfCheck();
      return check.ok ? null : `sandbox check failed: ${check.message}`;
    },
  });
  let firstSignal = 0;
  const onSignal = async () => {
    // A second signal exits at once, unless it came with the first (Ctrl-C under npm arrives twice: from the
    // terminal and forwarded by npm).
    if (firstSignal) {
      if (Date.now() - firstSignal >= 1000) process.exit(1);
      return;
    }
    firstSignal = Date.now();
    await host.stop();
    // Jobs still running after the grace period are given back now (queued again, no attempt counted) rather
    // than left to expire; a result they might still post is refused (the lease moved on).
    const left = host.runningJobs;
    if (left.length && host.judgehostId) {
      await host.client.release({ judgehostId: host.judgehostId, jobIds: left }).catch(() => undefined);
    }
    process.exit(0);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  // Embedded mode: exit when the server that started us is gone (even if it was killed without cleanup).
  const parent = env.OJ_JUDGE_PARENT_PID;
  if (parent) {
    setInterval(() => {
      try {
        process.kill(parent, 0);
      } catch {
        // Once: the drain started by the first tick is not cut short by the next ones.
        if (!firstSignal) void onSignal();
      }
    }, 2000).unref();
  }
  await host.start();
}

main().catch((e) => {
  // A range in use is the operator's to fix: the message says how; a stack would only hide it.
  // So is a bad setting (the message names the variable).
  const known =
    e instanceof UidRangeBusyError || (e instanceof Error && e.message.startsWith('Invalid environment'));
  console.error(known ? `judgehost not started: ${e.message}` : e);
  process.exit(1);
});
