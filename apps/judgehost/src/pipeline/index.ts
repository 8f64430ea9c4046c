import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type CaseResult, type JudgeResult, JudgeStatus, type JudgeTask } from '@oj/shared';

/** The progress a judge task reports: Compiling, then Judging. */
export type ProgressStatus = typeof JudgeStatus.COMPILING | typeof JudgeStatus.JUDGING;

import { aggregate, caseGroups, stopsAfter } from './aggregate.js';
import { compileCheck } from './compile-check.js';
import { assertReachable, ensureTraversable } from './files.js';
import { prepareTask } from './prepare.js';
import { COMPILE_MESSAGE_MAX, truncateText } from './preview.js';
import { cancelledCase, judgeCase } from './run-case.js';
import { defaultRuntime, type Runtime } from './runtime.js';
import { sessionTmpBytes, TaskSessions } from './sessions.js';
import { runTest } from './test-run.js';

export { compareOutput } from './compare.js';
export { closeCompileBoxes, type Runtime } from './runtime.js';

/** What the worker gives the pipeline. */
export interface JudgeDeps {
  /** Host path of the cached test file with that sha256 hash (downloaded first when missing). */
  getTestcase(hash: string): Promise<string>;
  /** Host directory for the compiled-checker cache (task and case dirs go to the sandbox's tmpfs). */
  workRoot: string;
  /**
   * Progress: 6 Compiling at compile start, then 7 Judging after it and before each case, with `judged` cases
   * finished of `total` (the task's cases; 0 for test runs and compile checks).
   */
  onStatus?(status: ProgressStatus, judged: number, total: number): void;
  judgehostId: string;
  /** Sandbox and languages; the real ones by default (tests may stand in). */
  runtime?: Runtime;
  /** The CPU the worker's runs are pinned to (the real runtime only); undefined = not pinned. */
  cpu?: number;
  /**
   * The worker's slot in this process (the real runtime only): its compiles run in a compile box session kept for
   * that slot across tasks (wiped between compiles as between test cases); undefined = a fresh session each.
   */
  worker?: number;
  /**
   * Timing hook (the worker's phase breakdown): `prepare` = source written + compiled + checker ready, `data` =
   * test data of one case fetched or found in the cache, `case` = one case run and judged; wall ms each.
   */
  onPhase?(phase: 'prepare' | 'data' | 'case', ms: number): void;
  /** Aborted at the worker's per-task deadline: the task's box sessions are cancelled and closed. */
  signal?: AbortSignal;
  /**
   * When given, the task's clean-up (closing its box sessions, removing its task dir) is handed to this function
   * instead of being awaited, so `judge` resolves as soon as the result is known (the worker posts it meanwhile
   * and waits for the clean-up before its next task). The promise never rejects. Without it `judge` resolves
   * only once everything of the task is gone.
   */
  cleanup?(done: Promise<void>): void;
}

/** Work roots already made traversable and checked reachable in this process (checked once, not per task). */
const reachableRoots = new Set<string>();

type Envelope = Pick<JudgeResult, 'judgehostId' | 'jobId' | 'version'>;

function result(env: Envelope, fields: Partial<JudgeResult> & { status: number }): JudgeResult {
  return {
    ...env,
    score: null,
    oiRankScore: null,
    time: 0,
    memory: 0,
    errorMessage: null,
    cases: [],
    userOutput: null,
    stderr: null,
    ...fields,
  };
}

/** Runs the cases of a judge task in case-mode order, stopping / cancelling per the mode. */
async function runCases(
  task: JudgeTask,
  deps: JudgeDeps,
  ctx: Parameters<typeof judgeCase>[0],
): Promise<CaseResult[]> {
  const mode = task.problem.judgeCaseMode;
  const cases: CaseResult[] = [];
  for (const group of caseGroups(task.testcases, mode)) {
    for (let i = 0; i < group.length; i++) {
      const tc = group[i];
      if (cases.length > 0) deps.onStatus?.(JudgeStatus.JUDGING, cases.length, task.testcases.length);
      const t0 = performance.now();
      const [input, answer] = await Promise.all([
        deps.getTestcase(tc.inputHash),
        deps.getTestcase(tc.outputHash),
      ]);
      const t1 = performance.now();
      deps.onPhase?.('data', t1 - t0);
      const judged = await judgeCase(ctx, tc, { input, answer });
      deps.onPhase?.('case', performance.now() - t1);
      cases.push(judged.result);
      const stop = stopsAfter(mode, judged.result.status, judged.fraction);
      if (stop === 'task') return cases;
      if (stop === 'group') {
        for (const rest of group.slice(i + 1)) cases.push(cancelledCase(task.problem, rest));
        break;
      }
    }
  }
  return cases;
}

/**
 * Judges one task (judge or test run; a compile check only compiles) end to end: compile, run every case in the
 * task's box session (one for the program, one for a checker / interactor), compare / special judge /
 * interactor, aggregate per the case mode (docs/judging.md). Never throws: a user's failure is its verdict and an
 * internal failure is a System Error (4) with the reason in errorMessage. Time ms and memory KB are the max over
 * cases. The task's dir on the sandbox tmpfs (compile dir, program, one fresh dir per case run) is removed afterwards.
 */
export async function judge(task: JudgeTask, deps: JudgeDeps): Promise<JudgeResult> {
  const env: Envelope = { judgehostId: deps.judgehostId, jobId: task.jobId, version: task.version };
  let taskDir: string | null = null;
  let sessions: TaskSessions | null = null;
  try {
    const slot = deps.worker === undefined ? undefined : `${deps.judgehostId}/${deps.worker}`;
    const rt = deps.runtime ?? (await defaultRuntime(deps.cpu, slot));
    if (!reachableRoots.has(deps.workRoot)) {
      for (const dir of [deps.workRoot, join(deps.workRoot, 'checkers')]) await ensureTraversable(dir);
      await assertReachable(deps.workRoot);
      reachableRoots.add(deps.workRoot);
    }
    // Every dir a box writes in lives on the sandbox's size-capped tmpfs, root-owned down to the case dirs.
    const tasksDir = join(await rt.scratchRoot(), 'tasks');
    await mkdir(tasksDir, { recursive: true, mode: 0o711 });
    taskDir = join(tasksDir, `${task.jobId}-${task.version}-${randomBytes(4).toString('hex')}`);
    await mkdir(taskDir, { mode: 0o711 });
    const total = task.kind === 'judge' ? task.testcases.length : 0;
    deps.onStatus?.(JudgeStatus.COMPILING, 0, total);
    if (task.kind === 'compile') return result(env, await compileCheck(task, rt, taskDir));
    // The user's box session starts while the program compiles: its /p is the (still empty) root-owned dir the
    // compiled files are installed in afterwards (a read-only bind shows them). A compile error closes it unused.
    const programDir = join(taskDir, 'prog');
    await mkdir(programDir, { mode: 0o755 });
    sessions = new TaskSessions(rt, programDir, sessionTmpBytes(task), deps.signal);
    sessions.user().catch(() => {}); // a box that does not start is the first case's System Error
    const t0 = performance.now();
    const prepared = await prepareTask(task, rt, taskDir, deps.workRoot, programDir);
    deps.onPhase?.('prepare', performance.now() - t0);
    if (prepared.kind === 'compileError') {
      return result(env, { status: JudgeStatus.COMPILE_ERROR, errorMessage: prepared.message });
    }
    if (prepared.kind === 'systemError') {
      return result(env, { status: JudgeStatus.SYSTEM_ERROR, errorMessage: prepared.message });
    }
    deps.onStatus?.(JudgeStatus.JUDGING, 0, total);
    const scratchDir = join(taskDir, 'scratch');
    await mkdir(scratchDir, { recursive: true, mode: 0o700 });
    const { language, extraFiles, checker } = prepared;
    // The checker / interactor gets a session of its own, opened on first use; both close when the task ends.
    sessions.setChecker(checker);
    const ctx = { rt, problem: task.problem, language, sessions, checker, extraFiles };
    if (task.kind === 'test') {
      const t = await runTest(ctx, task, scratchDir);
      const failed = t.status !== JudgeStatus.ACCEPTED;
      return result(env, {
        status: t.status,
        time: t.time,
        memory: t.memory,
        userOutput: t.userOutput,
        stderr: t.stderr,
        errorMessage: failed ? t.message : null,
      });
    }
    if (task.testcases.length === 0) {
      return result(env, { status: JudgeStatus.SYSTEM_ERROR, errorMessage: 'The problem has no test cases' });
    }
    const cases = await runCases(task, deps, ctx);
    const agg = aggregate(task.problem, cases);
    return result(env, {
      ...agg,
      time: Math.max(0, ...cases.map((c) => c.time)),
      memory: Math.max(0, ...cases.map((c) => c.memory)),
      cases,
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return result(env, {
      status: JudgeStatus.SYSTEM_ERROR,
      errorMessage: truncateText(`Judge failure: ${message}`, COMPILE_MESSAGE_MAX),
    });
  } finally {
    const opened = sessions;
    const dir = taskDir;
    const done = (async () => {
      await opened?.close();
      if (dir) await rm(dir, { recursive: true, force: true }).catch(() => {});
    })();
    if (deps.cleanup) deps.cleanup(done);
    else await done;
  }
}
