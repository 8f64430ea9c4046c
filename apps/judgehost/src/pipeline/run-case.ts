import { copyFile, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type CaseResult, type JudgeProblem, JudgeStatus, type JudgeTestcase } from '@oj/shared';
import type { CompiledChecker } from '../checkers/compile.js';
import { getProtocol } from '../checkers/index.js';
import type { Language } from '../languages/types.js';
import type { RunResult, RunSpec } from '../sandbox/types.js';
import { caseScore, PROBLEM_TYPE_OI } from './aggregate.js';
import { CHECK_FILES, checkerSpec, prepareCheckDir, readFeedback, runChecker } from './check.js';
import { compareOutput } from './compare.js';
import { safeName } from './files.js';
import { interactorLimits, type JudgeLimits, userLimits } from './limits.js';
import { previewBuffer, previewFile } from './preview.js';
import type { Runtime } from './runtime.js';
import { runVerdict } from './verdict.js';

/** Everything a case run needs from its task. */
export interface CaseContext {
  rt: Runtime;
  problem: JudgeProblem;
  language: Language;
  /** Host dir with the compiled user program (mounted at /w for user runs). */
  userDir: string;
  /** Host dir for per-case scratch dirs (checker runs). */
  scratchDir: string;
  /** The compiled special judge / interactor, when judgeMode is not default. */
  checker: CompiledChecker | null;
  /** Test runs without an expected output: a run that ends fine is AC, nothing is compared. */
  noAnswer?: boolean;
}

/** A judged case plus the share of its score (0..1) the aggregation needs. */
export interface JudgedCase {
  result: CaseResult;
  fraction: number;
  /** The user's run (stderr for test runs). */
  run: RunResult;
  /** What the user produced: stdout or the file-IO output (a preview string for interactive runs). */
  userOutput: Buffer | string;
}

interface Verdict {
  status: number;
  fraction: number;
  message: string | null;
  /** What the user produced (stdout or the file-IO output), for the preview. */
  userOutput: Buffer | string;
}

/** The user's run spec for a case: stdin is the input file, or for file IO the input copied in as ioReadFileName. */
async function userSpec(ctx: CaseContext, limits: JudgeLimits, inputPath: string): Promise<RunSpec> {
  const base = ctx.language.runSpec(ctx.userDir, limits.sandbox);
  const spec: RunSpec = { ...base, workDir: ctx.userDir, stdout: 'pipe', stderr: 'pipe' };
  const p = ctx.problem;
  if (p.isFileIO && p.judgeMode !== 'interactive') {
    // A copy, not a link: the program may write to its input file and must not touch the cached data.
    if (p.ioReadFileName) await copyFile(inputPath, join(ctx.userDir, safeName(p.ioReadFileName)));
    if (p.ioWriteFileName) await rm(join(ctx.userDir, safeName(p.ioWriteFileName)), { force: true });
  } else {
    spec.stdin = { file: inputPath };
  }
  return spec;
}

/** The user's output: stdout, or for file IO the ioWriteFileName file (null when it was not created). */
async function userOutputOf(ctx: CaseContext, run: RunResult): Promise<Buffer | null> {
  const p = ctx.problem;
  if (!p.isFileIO) return run.stdout;
  if (!p.ioWriteFileName) return null;
  try {
    return await readFile(join(ctx.userDir, safeName(p.ioWriteFileName)));
  } catch {
    return null;
  }
}

/** Standard or special-judge case: run, then compare or call the checker. */
async function judgeRun(ctx: CaseContext, tc: JudgeTestcase, limits: JudgeLimits, paths: CasePaths) {
  const run = await ctx.rt.runSandboxed(await userSpec(ctx, limits, paths.input));
  const rv = runVerdict(run, limits);
  if (rv.status !== JudgeStatus.ACCEPTED) {
    return { run, v: { status: rv.status, fraction: 0, message: rv.message, userOutput: run.stdout } };
  }
  const out = await userOutputOf(ctx, run);
  if (out === null) {
    const name = ctx.problem.ioWriteFileName ?? '';
    const message = `Output file "${name}" was not created`;
    return {
      run,
      v: { status: JudgeStatus.WRONG_ANSWER, fraction: 0, message, userOutput: Buffer.alloc(0) },
    };
  }
  if (ctx.noAnswer) return { run, v: { status: rv.status, fraction: 1, message: null, userOutput: out } };
  if (ctx.problem.judgeMode === 'default' || !ctx.checker || !ctx.problem.spj) {
    const status = compareOutput(out, await readFile(paths.answer), ctx.problem.isRemoveEndBlank);
    return {
      run,
      v: { status, fraction: status === JudgeStatus.ACCEPTED ? 1 : 0, message: null, userOutput: out },
    };
  }
  const dir = join(ctx.scratchDir, `check-${tc.index}`);
  try {
    await prepareCheckDir(dir, ctx.checker, paths.input, paths.answer, out);
    const { outcome } = await runChecker(ctx.rt, ctx.checker, getProtocol(ctx.problem.spj.protocol), dir);
    return { run, v: { ...outcome, message: outcome.message || null, userOutput: out } };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Interactive case (HOJ's order): user TLE / MLE first; a user RE stands unless the user died of a broken pipe
 * (exit 13 / SIGPIPE) while the interactor exited non-zero, in which case the interactor decides; then the
 * interactor's verdict per the protocol. The interactor runs with `<input> <output> <answer>` and 2x the limits.
 */
async function interactRun(ctx: CaseContext, tc: JudgeTestcase, limits: JudgeLimits, paths: CasePaths) {
  const checker = ctx.checker!;
  const protocol = getProtocol(ctx.problem.spj!.protocol);
  const dir = join(ctx.scratchDir, `interact-${tc.index}`);
  try {
    await prepareCheckDir(dir, checker, paths.input, paths.answer);
    const args = protocol.interactArgs({
      input: CHECK_FILES.input,
      output: CHECK_FILES.interactorOutput,
      answer: CHECK_FILES.answer,
      feedbackDir: CHECK_FILES.feedbackDir,
    });
    const base = ctx.language.runSpec(ctx.userDir, limits.sandbox);
    const user: RunSpec = { ...base, workDir: ctx.userDir, stderr: 'pipe' };
    const inter = checkerSpec(checker, dir, args, interactorLimits(limits));
    const [run, irun] = await ctx.rt.runPair(user, inter);
    const shown = await previewFile(join(dir, CHECK_FILES.interactorOutput));
    const rv = runVerdict(run, limits);
    const brokenPipe = run.exitCode === 13 || run.signal === 'SIGPIPE';
    const interactorFailed = irun.exitCode !== 0 || irun.signal !== null || irun.verdict !== 'OK';
    const userDecides =
      rv.status === JudgeStatus.TIME_LIMIT_EXCEEDED ||
      rv.status === JudgeStatus.MEMORY_LIMIT_EXCEEDED ||
      rv.status === JudgeStatus.SYSTEM_ERROR ||
      (rv.status === JudgeStatus.RUNTIME_ERROR && !(brokenPipe && interactorFailed));
    if (userDecides)
      return { run, v: { status: rv.status, fraction: 0, message: rv.message, userOutput: shown } };
    if (irun.signal === 'SIGPIPE') {
      // The interactor wrote to a program that had already gone: the program's fault, not the judge's.
      const message = 'The program stopped reading before the interaction ended';
      return { run, v: { status: JudgeStatus.WRONG_ANSWER, fraction: 0, message, userOutput: shown } };
    }
    const outcome = protocol.interpret(irun, await readFeedback(dir));
    return { run, v: { ...outcome, message: outcome.message || null, userOutput: shown } };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Host paths of a case's cached input and answer. */
export interface CasePaths {
  input: string;
  answer: string;
}

/**
 * Runs and judges one test case; never throws for user program problems (internal failures do throw).
 * Returns the case result (time ms, memory KB, score for OI, previews) and the earned share of its score.
 */
export async function judgeCase(ctx: CaseContext, tc: JudgeTestcase, paths: CasePaths): Promise<JudgedCase> {
  const limits = userLimits(ctx.problem, ctx.language.factor, tc.outputSize);
  const { run, v }: { run: RunResult; v: Verdict } =
    ctx.problem.judgeMode === 'interactive'
      ? await interactRun(ctx, tc, limits, paths)
      : await judgeRun(ctx, tc, limits, paths);
  const isOi = ctx.problem.type === PROBLEM_TYPE_OI;
  return {
    fraction: v.fraction,
    run,
    userOutput: v.userOutput,
    result: {
      index: tc.index,
      status: v.status,
      time: Math.max(0, Math.round(run.cpuMs)),
      memory: Math.max(0, Math.round(run.memoryKb)),
      score: isOi ? caseScore(v.status, v.fraction, tc.score) : null,
      groupNum: tc.groupNum,
      inputData: await previewFile(paths.input),
      outputData: await previewFile(paths.answer),
      userOutput: typeof v.userOutput === 'string' ? v.userOutput : previewBuffer(v.userOutput),
      message: v.message,
    },
  };
}

/** A case that was not run because its subtask had already failed: Cancelled, score 0. */
export function cancelledCase(problem: JudgeProblem, tc: JudgeTestcase): CaseResult {
  return {
    index: tc.index,
    status: JudgeStatus.CANCELLED,
    time: 0,
    memory: 0,
    score: problem.type === PROBLEM_TYPE_OI ? 0 : null,
    groupNum: tc.groupNum,
    inputData: null,
    outputData: null,
    userOutput: null,
    message: null,
  };
}
