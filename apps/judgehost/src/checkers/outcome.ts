import { JudgeStatus } from '@oj/shared';
import type { RunResult } from '../sandbox/types.js';
import type { CheckOutcome } from './types.js';

/** Keeps checker text short enough for a case message (characters). */
export const CHECKER_MESSAGE_MAX = 1024;

/** Trims and caps a checker's message for a case result. */
export function shortMessage(text: string): string {
  const t = text.trim();
  return t.length > CHECKER_MESSAGE_MAX ? `${t.slice(0, CHECKER_MESSAGE_MAX)}…` : t;
}

/** An outcome for a share 0..1 of the case: 1 -> AC, 0 -> WA, else Partial Accepted. */
export function fractionOutcome(fraction: number, message: string): CheckOutcome {
  const f = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
  if (f >= 1) return { status: JudgeStatus.ACCEPTED, fraction: 1, message };
  if (f <= 0) return { status: JudgeStatus.WRONG_ANSWER, fraction: 0, message };
  return { status: JudgeStatus.PARTIAL_ACCEPTED, fraction: f, message };
}

export const accepted = (message: string): CheckOutcome => ({
  status: JudgeStatus.ACCEPTED,
  fraction: 1,
  message,
});
export const wrong = (message: string): CheckOutcome => ({
  status: JudgeStatus.WRONG_ANSWER,
  fraction: 0,
  message,
});
export const presentation = (message: string): CheckOutcome => ({
  status: JudgeStatus.PRESENTATION_ERROR,
  fraction: 0,
  message,
});
export const systemError = (message: string): CheckOutcome => ({
  status: JudgeStatus.SYSTEM_ERROR,
  fraction: 0,
  message,
});

/**
 * The checker run itself failed (limits, signal, sandbox): System Error naming what happened, else null.
 * A plain non-zero exit is not a failure: checkers speak through exit codes.
 */
export function checkerRunFailure(run: RunResult, what: string): CheckOutcome | null {
  if (run.verdict === 'TLE') return systemError(`${what} exceeded its time limit`);
  if (run.verdict === 'MLE') return systemError(`${what} exceeded its memory limit`);
  if (run.verdict === 'OLE') return systemError(`${what} exceeded its output limit`);
  if (run.verdict === 'SE') return systemError(`${what} could not run: ${run.message}`);
  if (run.signal) return systemError(`${what} was killed by ${run.signal}`);
  if (run.exitCode === null) return systemError(`${what} did not exit normally: ${run.message}`);
  return null;
}
