import type { RunResult } from '../sandbox/types.js';
import { accepted, checkerRunFailure, shortMessage, systemError, wrong } from './outcome.js';
import type { CheckerProtocol, CheckOutcome } from './types.js';

/** Kattis output-validator exit codes. */
export const KATTIS_EXIT = { AC: 42, WA: 43 } as const;

/**
 * Kattis verdict: exit 42 AC, 43 WA, anything else (or a crash) System Error. The message is the validator's
 * `judgemessage.txt` from the feedback directory when present, else its stderr / stdout.
 */
export function interpretKattis(run: RunResult, feedback?: string, what = 'Validator'): CheckOutcome {
  const failed = checkerRunFailure(run, what);
  if (failed) return failed;
  const msg = shortMessage(feedback || run.stderr.toString('utf8') || run.stdout.toString('utf8'));
  if (run.exitCode === KATTIS_EXIT.AC) return accepted(msg);
  if (run.exitCode === KATTIS_EXIT.WA) return wrong(msg);
  return systemError(`${what} exited with code ${run.exitCode}${msg ? `: ${msg}` : ''}`);
}

/**
 * Kattis protocol: `validator <input> <answer> <feedback_dir> < user_output`; an interactor gets
 * `<input> <answer> <feedback_dir>` with the user's program on stdin / stdout.
 */
export const kattisProtocol: CheckerProtocol = {
  name: 'kattis',
  stdinUserOutput: true,
  checkArgs: (f) => [f.input, f.answer, `${f.feedbackDir}/`],
  interactArgs: (f) => [f.input, f.answer, `${f.feedbackDir}/`],
  interpret: (run: RunResult, feedback?: string) => interpretKattis(run, feedback),
};
