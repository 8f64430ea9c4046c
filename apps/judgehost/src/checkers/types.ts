import type { RunResult } from '../sandbox/types.js';

/** Verdict of a special judge or interactor on one case. */
export interface CheckOutcome {
  /** JudgeStatus code: AC, PE, WA, Partial Accepted (8) or System Error. */
  status: number;
  /** Share of the case's score earned, 0..1 (1 for AC, 0 for WA / PE / SE, in between for partial). */
  fraction: number;
  /** Short explanation for the case result (checker message, or why the checker failed). */
  message: string;
}

/** Host paths the checker reads, all inside `dir` (the directory mounted at /w in the checker's box). */
export interface CheckerFiles {
  /** Relative names inside the checker's work dir. */
  input: string;
  userOutput: string;
  answer: string;
  /** Kattis feedback directory (relative name), created before the run. */
  feedbackDir: string;
}

/**
 * One special-judge protocol (one file each under checkers/): how to call the checker and how to read its verdict.
 * `args` are appended to the compiled checker's argv; `stdinUserOutput` means the user's output goes to stdin.
 */
export interface CheckerProtocol {
  name: 'testlib' | 'hustoj' | 'kattis';
  /** Arguments for a special judge run (after the program's own argv). */
  checkArgs(files: CheckerFiles): string[];
  /** Whether the user's output is fed on stdin (Kattis) rather than named as an argument. */
  stdinUserOutput: boolean;
  /** Arguments for an interactor run; `output` is the file the interactor may write (testlib's tout). */
  interactArgs(files: { input: string; output: string; answer: string; feedbackDir: string }): string[];
  /**
   * Reads the verdict from a finished checker / interactor run (`feedback` = Kattis judgemessage.txt text, if any).
   * A crashed or killed checker is a System Error.
   */
  interpret(run: RunResult, feedback?: string): CheckOutcome;
}
