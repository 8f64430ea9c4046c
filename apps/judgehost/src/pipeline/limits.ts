import type { JudgeProblem } from '@oj/shared';
import type { SandboxLimits } from '../sandbox/types.js';

const MB = 1024 * 1024;

/** Extra CPU the sandbox allows over the time limit before killing, ms (HOJ: TL + 200 ms). */
export const CPU_GRACE_MS = 200;
/** Memory headroom the sandbox allows over the limit, KB (HOJ: ML + 100 MB); MLE is decided on the peak. */
export const MEMORY_HEADROOM_KB = 100 * 1024;
/** Smallest output cap, bytes (HOJ: 32 MB). */
export const MIN_OUTPUT_BYTES = 32 * MB;
/** Absolute ceiling of any output cap, whatever the expected output's size, bytes. */
export const MAX_OUTPUT_BYTES = 256 * MB;
/** Processes + threads a submission may have. */
export const USER_PROCESSES = 64;

/** The limits a verdict is judged against (already multiplied by the language factor). */
export interface JudgeLimits {
  /** CPU time limit, ms: TLE when a run's CPU time is above it. */
  timeMs: number;
  /** Memory limit, KB: MLE when a run's peak is above it. */
  memoryKb: number;
  /**
   * Borderline TLE re-check (problem.tleRecheck): a run that ended by itself with CPU time above `timeMs` and at
   * most this many ms is run once more (pipeline/recheck.ts). Null: the problem's policy is off.
   */
  recheckUpToMs: number | null;
  /** What the sandbox enforces (with grace and headroom). */
  sandbox: SandboxLimits;
}

/** Output cap for a case with `expectedBytes` of expected output: max(2 x expected, 32 MB), at most 256 MB, bytes. */
export function outputCapBytes(expectedBytes: number): number {
  return Math.min(MAX_OUTPUT_BYTES, Math.max(2 * expectedBytes, MIN_OUTPUT_BYTES));
}

/**
 * Limits of one user run: time and memory of the problem times the language `factor`; the sandbox gets CPU TL+200 ms,
 * wall 3x that, memory ML+100 MB, the problem's stack, and the output cap for `expectedBytes` (bytes). With the
 * borderline TLE re-check on (problem.tleRecheck, margin m %), runs up to TL x (1 + m/100) are re-checked and the
 * sandbox's CPU limit is that plus the 200 ms, so such a run always ends by itself and is measured, never killed.
 */
export function userLimits(problem: JudgeProblem, factor: number, expectedBytes: number): JudgeLimits {
  const timeMs = problem.timeLimitMs * factor;
  const memoryKb = problem.memoryLimitMb * 1024 * factor;
  const margin = problem.tleRecheck?.marginPercent;
  const recheckUpToMs = margin ? Math.floor((timeMs * (100 + margin)) / 100) : null;
  const cpuMs = (recheckUpToMs ?? timeMs) + CPU_GRACE_MS;
  const outputBytes = outputCapBytes(expectedBytes);
  return {
    timeMs,
    memoryKb,
    recheckUpToMs,
    sandbox: {
      cpuMs,
      wallMs: cpuMs * 3,
      memoryKb: memoryKb + MEMORY_HEADROOM_KB,
      stackKb: problem.stackLimitMb * 1024,
      outputBytes,
      processes: USER_PROCESSES,
      fileSizeBytes: outputBytes,
      openFiles: 64,
    },
  };
}

/** An interactor's limits: twice the user's (HOJ), on every axis the verdict depends on. */
export function interactorLimits(user: JudgeLimits): SandboxLimits {
  const s = user.sandbox;
  return {
    ...s,
    cpuMs: user.timeMs * 2 + CPU_GRACE_MS,
    wallMs: s.wallMs * 2,
    memoryKb: user.memoryKb * 2 + MEMORY_HEADROOM_KB,
    stackKb: Math.max(s.stackKb, 64 * 1024),
    outputBytes: Math.min(MAX_OUTPUT_BYTES, s.outputBytes * 2),
    fileSizeBytes: Math.min(MAX_OUTPUT_BYTES, s.fileSizeBytes * 2),
  };
}

/** Special-judge limits (HOJ): 16 s CPU, 48 s wall, 512 MB. */
export const CHECKER_LIMITS: SandboxLimits = {
  cpuMs: 16_000,
  wallMs: 48_000,
  memoryKb: 512 * 1024,
  stackKb: 256 * 1024,
  outputBytes: 16 * MB,
  processes: 32,
  fileSizeBytes: 64 * MB,
  openFiles: 64,
};
