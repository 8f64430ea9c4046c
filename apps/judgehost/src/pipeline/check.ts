import type { CompiledChecker } from '../checkers/compile.js';
import type { CheckerProtocol, CheckOutcome } from '../checkers/index.js';
import { systemError } from '../checkers/outcome.js';
import { type BoxRunSpec, type BoxSession, readCapped, type SessionFile } from '../sandbox/boxd/index.js';
import type { RunResult, SandboxLimits } from '../sandbox/types.js';
import { CHECKER_LIMITS } from './limits.js';

/** Names of the case files inside a checker's /w. */
export const CHECK_FILES = {
  input: 'case.in',
  answer: 'case.ans',
  userOutput: 'user.out',
  interactorOutput: 'interactor.out',
  feedbackDir: 'feedback',
} as const;

/** The Kattis message file, read back from the feedback dir. */
export const JUDGE_MESSAGE = `${CHECK_FILES.feedbackDir}/judgemessage.txt`;

/** Bytes of a Kattis judgemessage.txt read back. */
export const FEEDBACK_BYTES = 64 * 1024;

/** Host paths of a case's files (root-only): the cached input and answer, and the user's output when judged. */
export interface CheckPaths {
  input: string;
  answer: string;
  userOutput?: string;
}

/**
 * A checker's / interactor's run in its session: the compiled checker's argv (its files at /p) with the protocol
 * arguments appended; the case input and answer and (when given) the user's output placed as root-owned 0444
 * files /w/case.in, /w/case.ans, /w/user.out in the freshly reset /w; an empty writable /w/feedback; and
 * `outputs` read back after the run (no link followed, regular files only).
 */
export function checkerRunSpec(
  checker: CompiledChecker,
  args: string[],
  limits: SandboxLimits,
  paths: CheckPaths,
  outputs: string[],
): BoxRunSpec {
  const base = checker.language.runSpec(limits);
  const inputFiles: { name: string; file: string }[] = [
    { name: CHECK_FILES.input, file: paths.input },
    { name: CHECK_FILES.answer, file: paths.answer },
  ];
  if (paths.userOutput) inputFiles.push({ name: CHECK_FILES.userOutput, file: paths.userOutput });
  return {
    ...base,
    argv: [...base.argv, ...args],
    inputFiles,
    writableDir: CHECK_FILES.feedbackDir,
    outputFiles: outputs,
  };
}

/**
 * Kattis judgemessage.txt of a finished checker / interactor run (read back by the session supervisor without
 * following links or blocking): its text ('' when absent, at most FEEDBACK_BYTES), or a System Error outcome
 * when the checker left a link, FIFO or other non-regular file there.
 */
export function readFeedback(file: SessionFile | undefined, what: string): string | CheckOutcome {
  if (!file || file.kind === 'missing') return '';
  if (file.kind === 'notRegular') {
    return systemError(`${what} left ${JUDGE_MESSAGE} that is not a regular file (${file.what})`);
  }
  return readCapped(file.path, FEEDBACK_BYTES).toString('utf8');
}

/**
 * Runs a special judge on one case in the task's checker session (user output at /w/user.out, and on stdin for
 * Kattis) and reads its verdict per the protocol. Limits: 16 s CPU, 48 s wall, 512 MB (HOJ).
 */
export async function runChecker(
  session: BoxSession,
  checker: CompiledChecker,
  protocol: CheckerProtocol,
  paths: CheckPaths & { userOutput: string },
): Promise<{ outcome: CheckOutcome; run: RunResult }> {
  const args = protocol.checkArgs({
    input: CHECK_FILES.input,
    userOutput: CHECK_FILES.userOutput,
    answer: CHECK_FILES.answer,
    feedbackDir: CHECK_FILES.feedbackDir,
  });
  const spec = checkerRunSpec(checker, args, CHECKER_LIMITS, paths, [JUDGE_MESSAGE]);
  if (protocol.stdinUserOutput) spec.stdin = { file: paths.userOutput };
  const run = await session.run(spec);
  const feedback = readFeedback(run.files[0], 'The special judge');
  if (typeof feedback !== 'string') return { outcome: feedback, run };
  return { outcome: protocol.interpret(run, feedback), run };
}
