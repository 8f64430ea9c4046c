import type { CompileBox } from '../sandbox/boxd/compile.js';
import type { SandboxLimits } from '../sandbox/types.js';

/**
 * A judge language: one small registered file per language under `languages/` (DMOJ's one-file executors).
 * Names are HOJ's (`C`, `C With O2`, `C++`, `C++ With O2`, `C++ 17`, …, `Python3`, `Java`, …).
 */
export interface Language {
  name: string;
  /** File the source is written to in the work dir, e.g. `main.cpp`, `Main.java`. */
  sourceFile: string;
  /** Factor on the problem's time and memory limits: 1 for C/C++, 2 for the rest (HOJ). */
  factor: number;
  /** Whether a compile step exists. */
  compiled: boolean;
  /** The compiler's argv run in the work dir (undefined: no compile step); benches time the bare compiler with it. */
  compileArgv?: readonly string[];
  /**
   * Compiles `workDir/sourceFile` (and the other files of `workDir`, at most 32) in a box session with the
   * compile limits; the files the compiler writes are copied into `workDir` (root-owned, read-only). `ok` false
   * is a Compile Error with `message` (truncated compiler output). `options.box`: the worker's kept compile
   * session (else a fresh session per compile); `options.cpu` pins a fresh one to that CPU (the worker's).
   */
  compile(
    workDir: string,
    options?: { cpu?: number; box?: CompileBox },
  ): Promise<{ ok: boolean; message: string; systemError?: boolean }>;
  /**
   * How to run the compiled program in a box session: argv (the program's files are at /p, read-only; the cwd
   * is /w), env and limits; `limits` are the problem's limits already multiplied by `factor`; the language may
   * adjust them (e.g. Java's -Xmx and pids headroom).
   */
  runSpec(limits: SandboxLimits): { argv: string[]; env: Record<string, string>; limits: SandboxLimits };
  /** Version string shown to users, or null when the toolchain is missing (language unavailable). */
  version(): Promise<string | null>;
}
