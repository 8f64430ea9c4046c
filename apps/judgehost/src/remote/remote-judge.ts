/**
 * Judging a remote problem's submission on its own site (issue 27, docs/remote-judges.md): no sandbox, no box
 * session, no CPU of the sandbox workers. The pool account the server claimed (task.remote.account) logs in (its
 * session kept and reused; logged in again when the site expired it), the code is submitted (or, for a rejudge with
 * `previousRunId`, that run is read again), and the run is polled (HOJ: every 2.5 s, 60 times) until the site's
 * verdict is final. The verdict, time (ms), memory (KB) and compile message become a JudgeResult with
 * `remote: { runId, accountId }`; Submitted Failed when the site cannot take the code or never gives a verdict.
 * The account's password is never logged nor put in a result.
 */

import {
  adapterFor,
  type RemoteJudgeAdapter,
  RemoteJudgeError,
  type RemotePoll,
  RemoteSessionPool,
} from '@oj/remote-judge';
import { type JudgeResult, JudgeStatus, type JudgeTask, ProblemType, type RemoteOjName } from '@oj/shared';

export interface RemoteJudgeOptions {
  /** ms between polls (default 2500, HOJ's). */
  pollIntervalMs?: number;
  /** Polls before giving up with Submitted Failed (default 60, HOJ's). */
  maxPolls?: number;
  /** Sessions per account, shared by every remote job of this judgehost. */
  pool?: RemoteSessionPool;
  /** The adapter of an OJ (default `adapterFor`: base URL from OJ_REMOTE_<OJ>_URL). */
  adapterFor?: (oj: RemoteOjName) => RemoteJudgeAdapter;
  log?: (level: 'info' | 'warn' | 'error', msg: string, extra?: Record<string, unknown>) => void;
}

/**
 * A remote job's judge: `(task, judgehostId, signal, onSubmitted) -> JudgeResult`; never rejects. `onSubmitted` is
 * called once the site holds the code (the worker then shows the submission as Judging).
 */
export type RemoteJudgeFn = (
  task: JudgeTask,
  judgehostId: string,
  signal?: AbortSignal,
  onSubmitted?: () => void,
) => Promise<JudgeResult>;

/** Waits `ms`, or less when `signal` aborts (its listener removed either way). */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** An error's text for a result or a log line: the adapter's message (they hold no password), else its name. */
function describe(err: unknown): string {
  if (err instanceof RemoteJudgeError) return `${err.kind}: ${err.message}`;
  if (err instanceof Error) return `${err.name}: ${err.message}`.slice(0, 500);
  return 'unknown error';
}

/** Makes the remote judge of a judgehost (one session pool for all its remote jobs). */
export function createRemoteJudge(options: RemoteJudgeOptions = {}): RemoteJudgeFn {
  const pool =
    options.pool ??
    new RemoteSessionPool({
      onLogin: (i) =>
        options.log?.('info', 'remote login', { oj: i.oj, accountId: i.accountId, reason: i.reason }),
    });
  const interval = options.pollIntervalMs ?? 2500;
  const maxPolls = options.maxPolls ?? 60;
  const adapterOf = options.adapterFor ?? ((oj: RemoteOjName) => adapterFor(oj));
  const log = options.log ?? (() => {});

  return async (task, judgehostId, signal, onSubmitted) => {
    const remote = task.remote;
    const base = {
      judgehostId,
      jobId: task.jobId,
      version: task.version,
      score: null,
      oiRankScore: null,
      cases: [],
      userOutput: null,
      stderr: null,
    };
    if (!remote) {
      return {
        ...base,
        status: JudgeStatus.SYSTEM_ERROR,
        time: 0,
        memory: 0,
        errorMessage: 'Not a remote-judge task',
        remote: null,
      };
    }
    const { account, oj, problemId } = remote;
    const failed = (runId: string | null, message: string): JudgeResult => {
      log('warn', 'remote judge: submitted failed', {
        jobId: task.jobId,
        oj,
        problemId,
        accountId: account.id,
        runId,
        error: message,
      });
      return {
        ...base,
        status: JudgeStatus.SUBMITTED_FAILED,
        time: 0,
        memory: 0,
        errorMessage: message,
        remote: { runId, accountId: account.id },
      };
    };
    let adapter: RemoteJudgeAdapter;
    try {
      adapter = adapterOf(oj);
    } catch (e) {
      return failed(null, describe(e));
    }

    let runId = remote.previousRunId;
    if (!runId) {
      try {
        runId = await pool.run(adapter, account, (s) =>
          adapter.submit(s, { problemId, language: task.language, code: task.code }),
        );
        log('info', 'remote judge: submitted', {
          jobId: task.jobId,
          oj,
          problemId,
          accountId: account.id,
          runId,
        });
      } catch (e) {
        return failed(null, `Could not submit to ${oj}: ${describe(e)}`);
      }
    }

    onSubmitted?.();
    let wait = interval;
    let last: RemotePoll | null = null;
    let lastError = '';
    for (let i = 0; i < maxPolls; i++) {
      await sleep(wait, signal);
      if (signal?.aborted) return failed(runId, 'The judgehost stopped before the site gave a verdict');
      try {
        const id = runId;
        last = await pool.run(adapter, account, (s) => adapter.poll(s, id, problemId));
        wait = interval;
        if (last.done) break;
      } catch (e) {
        // The site may be slow or briefly down: count the attempt, wait longer (up to 4 intervals).
        lastError = describe(e);
        wait = Math.min(wait * 2, interval * 4);
        log('warn', 'remote judge: poll failed', {
          jobId: task.jobId,
          oj,
          runId,
          attempt: i + 1,
          error: lastError,
        });
      }
    }
    if (!last?.done) {
      return failed(
        runId,
        `No verdict from ${oj} after ${maxPolls} polls${lastError ? ` (last error: ${lastError})` : ''}`,
      );
    }
    const accepted = last.status === JudgeStatus.ACCEPTED;
    return {
      ...base,
      status: last.status,
      // Remote problems score 100 or 0 on OI boards.
      score: task.problem.type === ProblemType.OI ? (accepted ? 100 : 0) : null,
      time: Math.max(0, Math.round(last.time ?? 0)),
      memory: Math.max(0, Math.round(last.memory ?? 0)),
      errorMessage:
        last.status === JudgeStatus.COMPILE_ERROR ? (last.compileError ?? '').slice(0, 65_536) || null : null,
      remote: { runId, accountId: account.id },
    };
  };
}
