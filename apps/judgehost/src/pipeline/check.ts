import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CompiledChecker } from '../checkers/compile.js';
import type { CheckerProtocol, CheckOutcome } from '../checkers/index.js';
import type { RunResult, RunSpec, SandboxLimits } from '../sandbox/types.js';
import { linkDirFiles, linkOrCopy } from './files.js';
import { CHECKER_LIMITS } from './limits.js';
import type { Runtime } from './runtime.js';

/** Names of the case files inside a checker's work dir (relative to /w). */
export const CHECK_FILES = {
  input: 'case.in',
  answer: 'case.ans',
  userOutput: 'user.out',
  interactorOutput: 'interactor.out',
  feedbackDir: 'feedback',
} as const;

/**
 * Prepares a fresh checker work dir `dir`: the compiled checker's files, the case input and answer (linked from the
 * host paths), a Kattis feedback dir, and the user's output when given.
 */
export async function prepareCheckDir(
  dir: string,
  checker: CompiledChecker,
  inputPath: string,
  answerPath: string,
  userOutput?: Buffer,
): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await linkDirFiles(checker.dir, dir);
  await linkOrCopy(inputPath, join(dir, CHECK_FILES.input));
  await linkOrCopy(answerPath, join(dir, CHECK_FILES.answer));
  // The checker runs as an unprivileged uid: it must be able to write its Kattis feedback.
  await mkdir(join(dir, CHECK_FILES.feedbackDir), { recursive: true });
  await chmod(join(dir, CHECK_FILES.feedbackDir), 0o777);
  if (userOutput) await writeFile(join(dir, CHECK_FILES.userOutput), userOutput);
}

/** The checker's sandbox spec in `dir` with protocol arguments appended. */
export function checkerSpec(
  checker: CompiledChecker,
  dir: string,
  args: string[],
  limits: SandboxLimits,
): RunSpec {
  const base = checker.language.runSpec(dir, limits);
  return { ...base, argv: [...base.argv, ...args], workDir: dir };
}

/** Kattis judgemessage.txt from the feedback dir of `dir`, '' when absent. */
export async function readFeedback(dir: string): Promise<string> {
  try {
    return await readFile(join(dir, CHECK_FILES.feedbackDir, 'judgemessage.txt'), 'utf8');
  } catch {
    return '';
  }
}

/**
 * Runs a special judge on one case in the prepared dir `dir` (user output already in `user.out`) and reads its
 * verdict per the protocol. Limits: 16 s CPU, 48 s wall, 512 MB (HOJ).
 */
export async function runChecker(
  rt: Runtime,
  checker: CompiledChecker,
  protocol: CheckerProtocol,
  dir: string,
): Promise<{ outcome: CheckOutcome; run: RunResult }> {
  const args = protocol.checkArgs({
    input: CHECK_FILES.input,
    userOutput: CHECK_FILES.userOutput,
    answer: CHECK_FILES.answer,
    feedbackDir: CHECK_FILES.feedbackDir,
  });
  const spec = checkerSpec(checker, dir, args, CHECKER_LIMITS);
  if (protocol.stdinUserOutput) spec.stdin = { file: join(dir, CHECK_FILES.userOutput) };
  const run = await rt.runSandboxed(spec);
  const outcome = protocol.interpret(run, await readFeedback(dir));
  return { outcome, run };
}
