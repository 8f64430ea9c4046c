import type { RunResult } from '../sandbox/types.js';
import { accepted, checkerRunFailure, shortMessage, wrong } from './outcome.js';
import type { CheckerProtocol, CheckOutcome } from './types.js';

/** HUSTOJ / FPS verdict: exit 0 AC, any other exit WA; a crashed or killed checker is a System Error. */
export function interpretHustoj(run: RunResult): CheckOutcome {
  const failed = checkerRunFailure(run, 'Checker');
  if (failed) return failed;
  const msg = shortMessage(run.stderr.toString('utf8') || run.stdout.toString('utf8'));
  return run.exitCode === 0 ? accepted(msg) : wrong(msg);
}

/**
 * HUSTOJ / FPS protocol: `spj <input> <answer> <user_output>`. HUSTOJ has no interactive mode: an interactor of a
 * problem marked hustoj is called and read as a testlib one.
 */
export const hustojProtocol: CheckerProtocol = {
  name: 'hustoj',
  stdinUserOutput: false,
  checkArgs: (f) => [f.input, f.answer, f.userOutput],
  interactArgs: (f) => [f.input, f.output, f.answer],
  interpret: (run: RunResult) => interpretHustoj(run),
};
