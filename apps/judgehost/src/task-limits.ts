import { type JudgeResult, JudgeStatus, type JudgeTask } from '@oj/shared';
import { OTHER_FACTOR } from './languages/base.js';
import { CHECKER_LIMITS, CPU_GRACE_MS } from './pipeline/limits.js';

/** Time a task may take for compiling (user program and checker, 20 s wall each) and set-up, ms. */
const TASK_BASE_MS = 120_000;
/** Slack per case for test data and the judge's own work, ms. */
const CASE_SLACK_MS = 5_000;

/**
 * The most a task may take before the worker gives up on it (ms): set-up and compiles, then per case the largest
 * wall limit of the user run (3 x (TL x the largest language factor + grace); with the borderline TLE re-check on,
 * TL x (1 + margin) as the sandbox then allows, and twice: a case may be run once more; twice too for file IO,
 * whose FIFO run may be followed by one with a regular output file), plus the special judge's
 * wall limit or the interactor's (2 x the user's), plus slack. Past it the task is reported as System Error.
 */
export function taskDeadlineMs(task: JudgeTask): number {
  const margin = task.problem.tleRecheck?.marginPercent ?? 0;
  const cpuMs = Math.floor((task.problem.timeLimitMs * OTHER_FACTOR * (100 + margin)) / 100);
  const userWall = 3 * (cpuMs + CPU_GRACE_MS);
  const mode = task.problem.judgeMode;
  const checkerWall = mode === 'spj' ? CHECKER_LIMITS.wallMs : mode === 'interactive' ? 2 * userWall : 0;
  const cases = Math.max(1, task.testcases.length);
  // a case may run twice: the borderline TLE re-check, or a file-IO run judged again with a regular output file
  const runs = margin || task.problem.isFileIO ? 2 : 1;
  return TASK_BASE_MS + cases * (runs * (userWall + checkerWall) + CASE_SLACK_MS);
}

/** A System Error result for a task the worker could not judge. */
export function failedResult(
  judgehostId: string,
  jobId: number,
  version: number,
  message: string,
): JudgeResult {
  return {
    judgehostId,
    jobId,
    version,
    status: JudgeStatus.SYSTEM_ERROR,
    score: null,
    oiRankScore: null,
    time: 0,
    memory: 0,
    errorMessage: message,
    cases: [],
    userOutput: null,
    stderr: null,
  };
}
