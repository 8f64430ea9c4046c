import { type CaseResult, type JudgeProblem, JudgeStatus, type JudgeTestcase, ProblemType } from '@oj/shared';
import type { CompiledChecker } from '../checkers/compile.js';
import { getProtocol } from '../checkers/index.js';
import type { Language } from '../languages/types.js';
import { type BoxRunResult, type BoxRunSpec, readCapped } from '../sandbox/boxd/index.js';
import type { RunResult } from '../sandbox/types.js';
import { caseScore } from './aggregate.js';
import { CHECK_FILES, checkerRunSpec, JUDGE_MESSAGE, readFeedback, runChecker } from './check.js';
import { compareFiles } from './compare-files.js';
import { safeName } from './files.js';
import { interactorLimits, type JudgeLimits, userLimits } from './limits.js';
import { OUTPUT_HEAD_BYTES, PREVIEW_BYTES, previewBuffer, previewFile, readHead } from './preview.js';
import { recheckKeepsSecond, shouldRecheck } from './recheck.js';
import type { Runtime } from './runtime.js';
import type { TaskSessions } from './sessions.js';
import { OUTPUT_LIMIT_MESSAGE, runVerdict } from './verdict.js';

/** Everything a case run needs from its task. */
export interface CaseContext {
  rt: Runtime;
  problem: JudgeProblem;
  language: Language;
  /** The task's box sessions: the user's program at /p, the checker / interactor at /p of its own. */
  sessions: TaskSessions;
  /** The compiled special judge / interactor, when judgeMode is not default. */
  checker: CompiledChecker | null;
  /** The problem's userExtraFile entries (root-only installed copies), placed read-only in /w of every run. */
  extraFiles?: { name: string; file: string }[];
  /** Test runs without an expected output: a run that ends fine is AC, nothing is compared. */
  noAnswer?: boolean;
}

/** A judged case plus the share of its score (0..1) the aggregation needs. */
export interface JudgedCase {
  result: CaseResult;
  fraction: number;
  /** The user's run (stderr for test runs). */
  run: RunResult;
  /** What the user produced: the head of stdout or of the file-IO output (a preview string for interactive runs). */
  userOutput: Buffer | string;
}

interface Verdict {
  status: number;
  fraction: number;
  message: string | null;
  /** The head of what the user produced (stdout or the file-IO output), for the previews. */
  userOutput: Buffer | string;
}

/** The userExtraFile entries to place in /w, but none under a name already taken (the file-IO input wins). */
function extraInputs(ctx: CaseContext, taken: { name: string }[]): { name: string; file: string }[] {
  return (ctx.extraFiles ?? []).filter((extra) => !taken.some((t) => t.name === extra.name));
}

/**
 * The user's run of a case in the task's user session: the program read-only at /p, cwd the freshly reset /w,
 * stdin the cached input file (opened by the supervisor), or for file IO the input as a read-only root-owned
 * /w/<ioReadFileName> and /w/<ioWriteFileName> a FIFO the supervisor drains; the userExtraFile entries read-only in
 * /w too (as before sessions, where the program's files were bound at /w). stdout stays in a root-only file.
 */
function userRunSpec(
  ctx: CaseContext,
  limits: JudgeLimits,
  inputPath: string,
  outputAs: OutputAs = 'fifo',
): BoxRunSpec {
  const spec: BoxRunSpec = { ...ctx.language.runSpec(limits.sandbox), captureStdout: false };
  const p = ctx.problem;
  const inputs: { name: string; file: string }[] = [];
  let output: string | undefined;
  if (p.isFileIO && p.judgeMode !== 'interactive') {
    if (p.ioReadFileName) inputs.push({ name: safeName(p.ioReadFileName), file: inputPath });
    if (p.ioWriteFileName) output = safeName(p.ioWriteFileName);
    // through the supervisor (a FIFO it drains): the output's pages are not the program's memory (issue 24)
    if (output && outputAs === 'fifo') spec.pipedOutput = output;
    if (output && outputAs === 'file') {
      // a regular file the program writes (and may seek in), copied out after the run; its pages are charged to
      // the run, so the cgroup gets the output cap on top and `fileRunMemory` takes the file back out
      spec.outputFiles = [output];
      spec.limits = {
        ...spec.limits,
        memoryKb: spec.limits.memoryKb + Math.ceil(spec.limits.outputBytes / 1024),
      };
    }
  } else {
    spec.stdin = { file: inputPath };
  }
  const taken = output ? [...inputs, { name: output }] : inputs;
  spec.inputFiles = [...inputs, ...extraInputs(ctx, taken)];
  return spec;
}

/**
 * How a file-IO output is given to the program: 'fifo' (the supervisor's FIFO, never its memory, but not
 * seekable) or 'file' (a regular file in /w: the re-run of a failed FIFO run, see `judgeRun`).
 */
type OutputAs = 'fifo' | 'file';

/**
 * The run of a 'file' re-run with the output file's pages taken out of its memory: the reported peak minus the
 * file's size (a lower bound of the program's own peak: exact when the output grows while the program holds its
 * peak, as programs that print at the end do), MLE when that is over the problem's limit.
 */
function fileRunMemory(run: BoxRunResult): BoxRunResult {
  const file = run.files[0];
  if (file?.kind !== 'file' || run.verdict === 'SE') return run;
  const memoryKb = Math.max(0, run.memoryKb - Math.ceil(file.bytes / 4096) * 4);
  return { ...run, memoryKb };
}

/**
 * Where the user's output is (a root-only host file: the run's stdout, or the copy of the file-IO output file)
 * and its head for the previews; a verdict instead when the output file is missing (WA), not a regular file
 * (WA) or over the cap (OLE).
 */
async function userOutputOf(
  ctx: CaseContext,
  run: BoxRunResult,
  cap: number,
): Promise<{ path: string; head: Buffer } | Omit<Verdict, 'fraction'>> {
  const p = ctx.problem;
  if (!p.isFileIO) return { path: run.stdoutPath, head: await readHead(run.stdoutPath, OUTPUT_HEAD_BYTES) };
  const name = p.ioWriteFileName ?? '';
  const file = run.pipedFile ?? run.files[0] ?? { kind: 'missing' as const };
  const empty = Buffer.alloc(0);
  if (file.kind === 'missing') {
    return {
      status: JudgeStatus.WRONG_ANSWER,
      message: `Output file "${name}" was not created`,
      userOutput: empty,
    };
  }
  if (file.kind === 'notRegular') {
    const message = `Output file "${name}" is not a regular file (${file.what})`;
    return { status: JudgeStatus.WRONG_ANSWER, message, userOutput: empty };
  }
  const head = await readHead(file.path, OUTPUT_HEAD_BYTES);
  if (file.bytes > cap)
    return { status: JudgeStatus.RUNTIME_ERROR, message: OUTPUT_LIMIT_MESSAGE, userOutput: head };
  return { path: file.path, head };
}

/** Verdicts of a file-IO run through the FIFO that a program seeking in its output could have caused. */
const SEEK_SUSPECTS = new Set<number>([
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.PRESENTATION_ERROR,
  JudgeStatus.RUNTIME_ERROR,
]);

/**
 * Standard or special-judge case: the user's run in its session, then compare or call the checker. A file-IO
 * program writes its output through the supervisor's FIFO, where a seek fails (ESPIPE) and a read of what it
 * wrote waits for ever; when such a run opened the output and ends WA, PE or RE (not OLE), or was stopped at the
 * wall limit while blocked reading the FIFO (`pipedWait`, seen by oj-boxd at the limit), the case is run again
 * with the output as a regular file, and that run's verdict is the case's (docs/sandbox.md "A program that seeks
 * in its output"): a correct program that seeks, rewinds, re-opens or reads back its output is Accepted, and a
 * program that does not seek gets the same verdict twice.
 */
async function judgeRun(ctx: CaseContext, limits: JudgeLimits, paths: CasePaths) {
  const first = await judgeRunAs(ctx, limits, paths, 'fifo');
  const opened = first.run.pipedFile?.kind === 'file';
  const suspect =
    (SEEK_SUSPECTS.has(first.v.status) && first.v.message !== OUTPUT_LIMIT_MESSAGE) ||
    first.run.pipedWait === true;
  if (opened && suspect) return judgeRunAs(ctx, limits, paths, 'file');
  return first;
}

/** One judged user run and the way its file-IO output was given ('file': the seek re-run of a FIFO run). */
async function judgeRunAs(ctx: CaseContext, limits: JudgeLimits, paths: CasePaths, outputAs: OutputAs) {
  return { ...(await judgeRunOnce(ctx, limits, paths, outputAs)), outputAs };
}

async function judgeRunOnce(ctx: CaseContext, limits: JudgeLimits, paths: CasePaths, outputAs: OutputAs) {
  const session = await ctx.sessions.user();
  const raw = await session.run(userRunSpec(ctx, limits, paths.input, outputAs));
  const run = outputAs === 'file' ? fileRunMemory(raw) : raw;
  const rv = runVerdict(run, limits);
  if (rv.status !== JudgeStatus.ACCEPTED) {
    const head = run.verdict === 'SE' ? Buffer.alloc(0) : await readHead(run.stdoutPath, OUTPUT_HEAD_BYTES);
    return { run, v: { status: rv.status, fraction: 0, message: rv.message, userOutput: head } };
  }
  const plainCompare = ctx.problem.judgeMode === 'default' || !ctx.checker || !ctx.problem.spj;
  if (!ctx.problem.isFileIO && !ctx.noAnswer && plainCompare) {
    // The usual case: the head of stdout (previews) and the comparison read the same file at once.
    const cap = limits.sandbox.outputBytes;
    const [head, status] = await Promise.all([
      readHead(run.stdoutPath, OUTPUT_HEAD_BYTES),
      compareFiles(run.stdoutPath, paths.answer, ctx.problem.isRemoveEndBlank, cap),
    ]);
    return {
      run,
      v: { status, fraction: status === JudgeStatus.ACCEPTED ? 1 : 0, message: null, userOutput: head },
    };
  }
  const out = await userOutputOf(ctx, run, limits.sandbox.outputBytes);
  if (!('path' in out)) return { run, v: { ...out, fraction: 0 } };
  return { run, v: await judgeOutput(ctx, limits, paths, out) };
}

/**
 * Compares the user's output with the answer (streaming when they are byte-equal) or runs the special judge on
 * it in the task's checker session. The user's output file is given to the checker by path (no copy through
 * the judgehost); it stays valid because the user session's next run starts only after this.
 */
async function judgeOutput(
  ctx: CaseContext,
  limits: JudgeLimits,
  paths: CasePaths,
  out: { path: string; head: Buffer },
): Promise<Verdict> {
  const userOutput = out.head;
  if (ctx.noAnswer) return { status: JudgeStatus.ACCEPTED, fraction: 1, message: null, userOutput };
  if (ctx.problem.judgeMode === 'default' || !ctx.checker || !ctx.problem.spj) {
    const cap = limits.sandbox.outputBytes;
    const status = await compareFiles(out.path, paths.answer, ctx.problem.isRemoveEndBlank, cap);
    return { status, fraction: status === JudgeStatus.ACCEPTED ? 1 : 0, message: null, userOutput };
  }
  const session = await ctx.sessions.checkerBox();
  const protocol = getProtocol(ctx.problem.spj.protocol);
  const { outcome } = await runChecker(session, ctx.checker, protocol, { ...paths, userOutput: out.path });
  return { ...outcome, message: outcome.message || null, userOutput };
}

/**
 * Interactive case (HOJ's order): user TLE / MLE first; a user RE stands unless the user died of a broken pipe
 * (exit 13 / SIGPIPE) while the interactor exited non-zero, in which case the interactor decides; then the
 * interactor's verdict per the protocol. The interactor runs with `<input> <output> <answer>` and 2x the limits,
 * in the task's checker session, joined to the user's session by two pipes.
 */
async function interactRun(ctx: CaseContext, limits: JudgeLimits, paths: CasePaths) {
  const checker = ctx.checker!;
  const protocol = getProtocol(ctx.problem.spj!.protocol);
  const [userSession, judgeSession] = await Promise.all([ctx.sessions.user(), ctx.sessions.checkerBox()]);
  const args = protocol.interactArgs({
    input: CHECK_FILES.input,
    output: CHECK_FILES.interactorOutput,
    answer: CHECK_FILES.answer,
    feedbackDir: CHECK_FILES.feedbackDir,
  });
  const user: BoxRunSpec = { ...ctx.language.runSpec(limits.sandbox), inputFiles: extraInputs(ctx, []) };
  const outputs = [CHECK_FILES.interactorOutput, JUDGE_MESSAGE];
  const inter = checkerRunSpec(checker, args, interactorLimits(limits), paths, outputs);
  const [run, irun] = await ctx.rt.runBoxPair(userSession, user, judgeSession, inter);
  const [written, message] = [irun.files[0], irun.files[1]];
  const shown = written?.kind === 'file' ? previewBuffer(readCapped(written.path, PREVIEW_BYTES + 4)) : '';
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
  if (written?.kind === 'notRegular') {
    const message = `The interactor left ${CHECK_FILES.interactorOutput} that is not a regular file (${written.what})`;
    return { run, v: { status: JudgeStatus.SYSTEM_ERROR, fraction: 0, message, userOutput: '' } };
  }
  const feedback = readFeedback(message, 'The interactor');
  const outcome = typeof feedback === 'string' ? protocol.interpret(irun, feedback) : feedback;
  return { run, v: { ...outcome, message: outcome.message || null, userOutput: shown } };
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
  // The previews of the input and answer are read while the program runs (they never fail: '' when unreadable).
  const previews = Promise.all([previewFile(paths.input), previewFile(paths.answer)]);
  const interactive = ctx.problem.judgeMode === 'interactive';
  const first = interactive ? await interactRun(ctx, limits, paths) : await judgeRun(ctx, limits, paths);
  let { run, v }: { run: RunResult; v: Verdict } = first;
  let rerun: CaseResult['rerun'] = null;
  // A file-IO run that already fell back to a regular output file (the seek re-run) had its one extra run.
  const ranTwice = 'outputAs' in first && first.outputAs === 'file';
  if (!ranTwice && shouldRecheck(first.run, first.v.status, limits)) {
    // Once per case, never for the second run (pipeline/recheck.ts); the second run has no seek fallback. An
    // interactive case runs the program and the interactor again together.
    const second = interactive
      ? await interactRun(ctx, limits, paths)
      : await judgeRunAs(ctx, limits, paths, 'fifo');
    rerun = { firstMs: cpuMsOf(first.run), secondMs: cpuMsOf(second.run) };
    if (recheckKeepsSecond(second.v.status)) ({ run, v } = second);
  }
  const [inputData, outputData] = await previews;
  const isOi = ctx.problem.type === ProblemType.OI;
  return {
    fraction: v.fraction,
    run,
    userOutput: v.userOutput,
    result: {
      index: tc.index,
      status: v.status,
      time: cpuMsOf(run),
      memory: Math.max(0, Math.round(run.memoryKb)),
      score: isOi ? caseScore(v.status, v.fraction, tc.score) : null,
      groupNum: tc.groupNum,
      inputData,
      outputData,
      userOutput: typeof v.userOutput === 'string' ? v.userOutput : previewBuffer(v.userOutput),
      message: v.message,
      rerun,
    },
  };
}

/** A run's CPU time as a case result shows it: whole ms, never negative. */
function cpuMsOf(run: RunResult): number {
  return Math.max(0, Math.round(run.cpuMs));
}

/** A case that was not run because its subtask had already failed: Cancelled, score 0. */
export function cancelledCase(problem: JudgeProblem, tc: JudgeTestcase): CaseResult {
  return {
    index: tc.index,
    status: JudgeStatus.CANCELLED,
    time: 0,
    memory: 0,
    score: problem.type === ProblemType.OI ? 0 : null,
    groupNum: tc.groupNum,
    inputData: null,
    outputData: null,
    userOutput: null,
    message: null,
  };
}
