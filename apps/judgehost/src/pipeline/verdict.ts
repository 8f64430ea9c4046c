import { JudgeStatus } from '@oj/shared';
import type { RunResult } from '../sandbox/types.js';
import type { JudgeLimits } from './limits.js';

/** Verdict of a user's run before its output is looked at; status AC means "ran fine, now check the output". */
export interface RunVerdict {
  status: number;
  message: string | null;
}

/** Message for a run whose output went over the cap (we report it as Runtime Error, like HOJ). */
export const OUTPUT_LIMIT_MESSAGE = 'Output Limit Exceeded';

const OOM_MARKERS = [/java\.lang\.OutOfMemoryError/, /^MemoryError\b/m];

function outOfMemory(stderr: Buffer): boolean {
  if (!stderr.length) return false;
  const tail = stderr.subarray(Math.max(0, stderr.length - 8192)).toString('utf8');
  return OOM_MARKERS.some((re) => re.test(tail));
}

/**
 * Judges a finished user run against the limits: MLE when the sandbox stopped it for memory or the peak > ML,
 * whatever else stopped it; then TLE when the sandbox stopped it for time or CPU > TL; MLE when the runtime itself
 * died of OutOfMemoryError / MemoryError; output over the cap (or a file over RLIMIT_FSIZE) -> RE with
 * "Output Limit Exceeded"; a non-zero exit or a signal -> RE; a sandbox failure -> System Error.
 */
export function runVerdict(run: RunResult, limits: JudgeLimits): RunVerdict {
  if (run.verdict === 'SE')
    return { status: JudgeStatus.SYSTEM_ERROR, message: run.message || 'Sandbox failure' };
  // Memory before time (issue 14): a run whose peak went over the limit is MLE whichever limit stopped it (a
  // program pressing on the cgroup ceiling spends its CPU in reclaim and is often stopped by the CPU limit).
  if (run.verdict === 'MLE' || run.memoryKb > limits.memoryKb) {
    return { status: JudgeStatus.MEMORY_LIMIT_EXCEEDED, message: null };
  }
  if (run.verdict === 'TLE' || run.cpuMs > limits.timeMs) {
    return { status: JudgeStatus.TIME_LIMIT_EXCEEDED, message: null };
  }
  if (run.verdict === 'OLE' || run.signal === 'SIGXFSZ') {
    return { status: JudgeStatus.RUNTIME_ERROR, message: OUTPUT_LIMIT_MESSAGE };
  }
  if (run.verdict === 'RE' && outOfMemory(run.stderr)) {
    // The JVM (heap over -Xmx) and CPython report running out of memory themselves before the cgroup does.
    return { status: JudgeStatus.MEMORY_LIMIT_EXCEEDED, message: null };
  }
  if (run.verdict === 'RE') {
    const message =
      run.message ||
      (run.signal ? `Killed by signal ${run.signal}` : `Exited with code ${run.exitCode ?? 'unknown'}`);
    return { status: JudgeStatus.RUNTIME_ERROR, message };
  }
  return { status: JudgeStatus.ACCEPTED, message: null };
}
