import { readFileSync } from 'node:fs';
import os from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { languageInfo } from './languages/index.js';
import { judge } from './pipeline/index.js';
import { sandboxSelfCheck } from './sandbox/selfcheck.js';
import { claimUidRange } from './sandbox/setup.js';
import { UidRangeBusyError } from './sandbox/uidlock.js';
import { Judgehost, type JudgehostOptions, jsonLog } from './worker.js';

/**
 * The judge token: `--token-file FILE` (its first line) or OJ_JUDGE_TOKEN. A token on the command line would be
 * visible to every user in `ps`, so `--token` is refused with a message naming the two alternatives.
 */
function judgeToken(values: { token?: string; 'token-file'?: string }): string {
  if (values.token !== undefined) {
    throw new Error(
      '--token is no longer accepted (it shows in ps): use OJ_JUDGE_TOKEN or --token-file FILE',
    );
  }
  const file = values['token-file'];
  const token = file ? readFileSync(file, 'utf8').split('\n')[0].trim() : process.env.OJ_JUDGE_TOKEN;
  if (!token) throw new Error('the judge token is required: set OJ_JUDGE_TOKEN or pass --token-file FILE');
  return token;
}

/**
 * Log lines for a person when standard output is a terminal (`12:00:01 INFO  judged jobId=…`), else undefined:
 * the worker's JSON lines (the embedded judgehost's parent and log collectors read those).
 */
function terminalLog(name: string): JudgehostOptions['log'] {
  if (!process.stdout.isTTY || process.env.LOG_FORMAT === 'json') return undefined;
  const colors = { info: 32, warn: 33, error: 31 } as const;
  return (level, msg, extra = {}) => {
    const fields = Object.entries(extra)
      .map(([k, v]) => ` \x1b[90m${k}=\x1b[0m${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join('');
    const time = new Date().toTimeString().slice(0, 8);
    const tag = level.toUpperCase().padEnd(5);
    console[level === 'info' ? 'log' : level](
      `\x1b[90m${time}\x1b[0m \x1b[${colors[level]}m${tag}\x1b[0m [${name}] ${msg}${fields}`,
    );
  };
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

/**
 * Judgehost entry: `npm run judgehost -- --server URL [--token-file FILE] [--workers N] [--name X] [--cache DIR]
 * [--id ID] [--auto-uids]`, the token from OJ_JUDGE_TOKEN or the file. The sandbox uid range is locked first: one
 * in use makes it exit 1 with a message naming the range (`--auto-uids`, which the embedded judgehost gets, takes
 * the first free range instead when OJ_SANDBOX_UID_BASE is unset). SIGTERM / SIGINT stop leasing and let running
 * jobs finish (a second signal exits at once).
 */
async function main() {
  const { values } = parseArgs({
    options: {
      server: { type: 'string', default: process.env.OJ_SERVER ?? 'http://127.0.0.1:8080' },
      token: { type: 'string' },
      'token-file': { type: 'string' },
      workers: { type: 'string' },
      name: { type: 'string' },
      cache: { type: 'string', default: process.env.OJ_JUDGE_CACHE ?? './judge-cache' },
      id: { type: 'string' },
      'auto-uids': { type: 'boolean', default: false },
    },
  });
  const token = judgeToken(values);
  const workers = values.workers ? Number(values.workers) : os.availableParallelism();
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) throw new Error('--workers must be 1..64');
  const name = values.name ?? os.hostname();
  const log = terminalLog(name) ?? jsonLog(name);
  const uids = await claimUids(values['auto-uids'] as boolean);
  log('info', 'starting', { server: values.server, workers, ...uids });
  const host = new Judgehost({
    server: values.server as string,
    token,
    workers,
    name: values.name,
    cacheDir: resolve(values.cache as string),
    judgehostId: values.id,
    judge,
    languages: languageInfo,
    log,
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
  const parent = Number(process.env.OJ_JUDGE_PARENT_PID);
  if (parent > 0) {
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
  console.error(e instanceof UidRangeBusyError ? `judgehost not started: ${e.message}` : e);
  process.exit(1);
});
