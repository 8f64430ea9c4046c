import type { JudgeTask } from '@oj/shared';
import type { CompiledChecker } from '../checkers/compile.js';
import type { BoxSession } from '../sandbox/boxd/index.js';
import { CHECKER_LIMITS, outputCapBytes } from './limits.js';
import type { Runtime } from './runtime.js';

const MB = 1024 * 1024;
/** Room on a session's tmpfs beyond the files counted below (the program's own small files, /tmp, /dev/shm). */
const SLACK_BYTES = 64 * MB;
/** Largest session tmpfs; what the runs write is charged to their memory cgroups anyway. */
const MAX_TMP_BYTES = 4096 * MB;

/** The largest input, answer and output cap of a task's cases (a test run: its input and expected output). */
function sizes(task: JudgeTask): { input: number; answer: number; output: number } {
  const cases =
    task.kind === 'test'
      ? [
          {
            inputSize: Buffer.byteLength(task.userInput ?? ''),
            outputSize: Buffer.byteLength(task.expectedOutput ?? ''),
          },
        ]
      : task.testcases;
  const input = Math.max(0, ...cases.map((c) => c.inputSize));
  const answer = Math.max(0, ...cases.map((c) => c.outputSize));
  return { input, answer, output: outputCapBytes(answer) };
}

/**
 * Size caps of the two session tmpfs of a task, bytes. User: a placed file-IO input, its stdout, stderr and
 * output file (each up to the output cap + 1) and the output file's copy. Checker: the placed input, answer and user output plus what the checker may write.
 */
export function sessionTmpBytes(task: JudgeTask): { user: number; checker: number } {
  const { input, answer, output } = sizes(task);
  // an interactor's file cap is twice the user's (interactorLimits)
  const written = task.problem.judgeMode === 'interactive' ? 2 * output : CHECKER_LIMITS.fileSizeBytes;
  const clamp = (bytes: number) => Math.min(MAX_TMP_BYTES, Math.ceil(bytes + SLACK_BYTES));
  return {
    user: clamp(input + 4 * (output + 1)),
    checker: clamp(input + answer + output + 4 * (written + 1)),
  };
}

/**
 * The box sessions of one task (docs/sandbox.md "Box sessions"): one for the user's program (its installed
 * files at /p) and, when the problem has one, one for the special judge or interactor (its cached build at /p).
 * Each is opened on first use and lives until `close`, so every case of the task runs in the same two boxes,
 * reset between runs. `close` must be called when the task ends (also on errors); it never rejects. When
 * `signal` aborts (the worker's per-task deadline), the running runs are cancelled (System Error) and the
 * sessions closed at once; later runs are System Errors.
 */
export class TaskSessions {
  private readonly opened: Array<Promise<BoxSession>> = [];
  private userSession: Promise<BoxSession> | null = null;
  private checkerSession: Promise<BoxSession> | null = null;
  private closed = false;
  private closing: Promise<void> | null = null;
  private checker: CompiledChecker | null = null;

  constructor(
    private readonly rt: Runtime,
    private readonly programDir: string,
    private readonly tmpBytes: { user: number; checker: number },
    private readonly signal?: AbortSignal,
  ) {
    if (signal?.aborted) this.closed = true;
    signal?.addEventListener('abort', this.abort, { once: true });
  }

  private readonly abort = (): void => {
    this.closed = true;
    for (const session of this.opened) session.then((s) => s.cancel()).catch(() => {});
    void this.close();
  };

  private open(programDir: string, tmpBytes: number): Promise<BoxSession> {
    if (this.closed) return Promise.reject(new Error('the task is over'));
    const session = this.rt.openSession({ programDir, tmpBytes });
    this.opened.push(session);
    return session;
  }

  /** The task's checker / interactor build (known once it is compiled, after the user's session may have started). */
  setChecker(checker: CompiledChecker | null): void {
    this.checker = checker;
  }

  /** The user's session (rejects when the box cannot start: the task is then a System Error). */
  user(): Promise<BoxSession> {
    this.userSession ??= this.open(this.programDir, this.tmpBytes.user);
    return this.userSession;
  }

  /** The checker's / interactor's session; rejects when the task has no checker. */
  checkerBox(): Promise<BoxSession> {
    if (!this.checker) return Promise.reject(new Error('the problem has no checker'));
    this.checkerSession ??= this.open(this.checker.dir, this.tmpBytes.checker);
    return this.checkerSession;
  }

  /**
   * Closes every session opened (waiting for runs in progress); idempotent (every call resolves when all are
   * closed), never rejects.
   */
  close(): Promise<void> {
    this.closed = true;
    this.signal?.removeEventListener('abort', this.abort);
    this.closing ??= Promise.all(
      this.opened.map((s) => s.then((session) => session.close()).catch(() => {})),
    ).then(() => {});
    return this.closing;
  }
}
