import { JudgeStatus } from '@oj/shared';
import type { RunResult } from '../sandbox/types.js';
import type { JudgeLimits } from './limits.js';

/**
 * Borderline time limits looked at twice (issue 29 part 3; docs/judging.md "Borderline TLE re-check").
 *
 * A case is run a second time when, and only when, its first run was judged Time Limit Exceeded, the problem's
 * policy is on (`limits.recheckUpToMs` set), the run ended by itself (the sandbox did not stop it: a run stopped
 * for CPU is far over the limit, one stopped for wall time was idle or blocked, neither is re-run) and its CPU time
 * is above the limit by at most the margin. `judgeCase` asks this once per case and never for the second run, so a
 * program gets at most one extra run per case; the second run is a fresh run in the reset box and changes nothing
 * for other cases.
 */
export function shouldRecheck(run: RunResult, status: number, limits: JudgeLimits): boolean {
  if (limits.recheckUpToMs === null || status !== JudgeStatus.TIME_LIMIT_EXCEEDED) return false;
  if (run.verdict === 'TLE' || run.verdict === 'MLE' || run.verdict === 'SE') return false;
  return run.cpuMs > limits.timeMs && run.cpuMs <= limits.recheckUpToMs;
}

/**
 * Which run counts after a re-check: the second when it ended within the time limit (its status is not TLE; its
 * verdict is then whatever its own output and exit earn), else the first (TLE stands). One run's verdict, time,
 * memory and output are always kept together, never one run's time with the other's output.
 */
export function recheckKeepsSecond(secondStatus: number): boolean {
  return secondStatus !== JudgeStatus.TIME_LIMIT_EXCEEDED;
}
