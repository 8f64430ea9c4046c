/**
 * The sandbox's contract (the judge pipeline depends only on this). Units: ms, KB, bytes.
 * Implemented in `sandbox/index.ts`: `runSandboxed(spec)` and `runPair(a, b)`.
 */

export interface SandboxLimits {
  /** CPU time of all processes and threads of the run, ms. */
  cpuMs: number;
  /** Wall clock, ms. */
  wallMs: number;
  /** Memory (cgroup), KB. */
  memoryKb: number;
  /** Stack (RLIMIT_STACK), KB. */
  stackKb: number;
  /** Bytes kept of each captured stream; more is an output-limit verdict. */
  outputBytes: number;
  /** Max processes + threads (pids cgroup). */
  processes: number;
  /** Max size of one written file (RLIMIT_FSIZE), bytes. */
  fileSizeBytes: number;
  /** Max open files (RLIMIT_NOFILE). */
  openFiles: number;
}

export interface Mount {
  host: string;
  box: string;
  rw?: boolean;
}

export type StdinSpec = { file: string } | { data: string | Buffer };
export type StdoutSpec = 'pipe' | { file: string };

export interface RunSpec {
  /** Program and arguments as seen inside the box (PATH=/usr/local/bin:/usr/bin:/bin). */
  argv: string[];
  /** Host directory mounted read-write at `/w`, the working directory inside the box. */
  workDir: string;
  /** Extra read-only (or rw) mounts, e.g. test data or a compiled checker. */
  mounts?: Mount[];
  /** Extra environment; the box starts from a cleared environment. */
  env?: Record<string, string>;
  /** Default: empty input. */
  stdin?: StdinSpec;
  /** Default 'pipe' (captured up to `limits.outputBytes`). */
  stdout?: StdoutSpec;
  /** Default 'pipe' (captured up to `limits.outputBytes`). */
  stderr?: StdoutSpec;
  limits: SandboxLimits;
  /**
   * The CPU (a number from the host's list, e.g. 1) the run is confined to through a cpuset cgroup; the program
   * sees only that CPU. Default: not pinned. Ignored on a host without the cpuset controller.
   */
  cpu?: number;
}

export type RunVerdict = 'OK' | 'TLE' | 'MLE' | 'RE' | 'OLE' | 'SE';

export interface RunResult {
  /** OK = exited 0 within limits; TLE = CPU or wall over limit; MLE; RE = non-zero exit or signal; OLE = output over limit; SE = sandbox failure. */
  verdict: RunVerdict;
  exitCode: number | null;
  signal: string | null;
  cpuMs: number;
  wallMs: number;
  memoryKb: number;
  /** Captured output when stdout / stderr were 'pipe' (at most limits.outputBytes each). */
  stdout: Buffer;
  stderr: Buffer;
  /** Human explanation, e.g. "Killed by signal SIGSEGV", "Output limit exceeded (64 MB)". */
  message: string;
}

/**
 * Two runs joined by pipes for interactive problems: a's stdout feeds b's stdin and b's stdout feeds a's stdin.
 * Their own stdin / stdout specs are ignored.
 */
export type RunPair = (a: RunSpec, b: RunSpec) => Promise<[RunResult, RunResult]>;
