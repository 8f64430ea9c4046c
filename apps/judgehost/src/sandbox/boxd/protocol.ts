import { cgroupMemoryBytes } from '../run.js';
import type { SandboxLimits } from '../types.js';
import { parseReport, type SupervisorReport } from '../verdict.js';
import { runEnv } from './args.js';

const hex = (value: string) => Buffer.from(value).toString('hex');

export interface RunRequest {
  argv: string[];
  env?: Record<string, string>;
  limits: SandboxLimits;
  /** Root-only host file given as stdin (opened by oj-boxd with O_NOFOLLOW); none: /dev/null. */
  stdinFile?: string;
  /** Files placed in /w before the run as root-owned 0444: name in /w, root-only host source (at most 32). */
  inputFiles?: { name: string; file: string }[];
  /** A root-owned 0777 dir made in /w for the run (the Kattis feedback dir). */
  writableDir?: string;
  /**
   * The file-IO output: made a FIFO of this name in /w that the supervisor drains into a root-only file, so its
   * pages are not the program's memory (issue 24); outputBytes + 1 at most are kept, more is OLE.
   */
  pipedOutput?: string;
  /** An interactive run: stdin and stdout are FIFOs joined to a peer session (see `pair.ts`). */
  piped?: boolean;
  /**
   * Leave /w as the run left it until the next run starts (a compile: the judgehost copies its files out of the
   * session's `w/` meanwhile, when no process of the box is alive); /tmp and /dev/shm are emptied as usual.
   */
  keep?: boolean;
  /**
   * Files copied out after the run (no-follow, regular files only, outputBytes + 1 at most): names in /w or
   * `<writableDir>/<name>` (at most 32).
   */
  outputFiles?: string[];
}

/** At most this many input and output files per run (oj-boxd's MAX_FILES). */
export const MAX_FILES = 32;

/** The request line oj-boxd reads for one run (native/oj-boxd.c): strings hex-encoded, units ms and bytes. */
export function requestLine(request: RunRequest): string {
  const { limits } = request;
  const n = (value: number) => String(Math.ceil(value));
  const parts = [
    'run',
    `cpu=${n(limits.cpuMs)}`,
    `wall=${n(limits.wallMs)}`,
    `mem=${n(cgroupMemoryBytes(limits.memoryKb))}`,
    `pids=${n(limits.processes)}`,
    `stack=${n(limits.stackKb * 1024)}`,
    // a file-IO output file must be able to pass the cap by one byte to be seen as OLE
    `fsize=${n(Math.max(limits.fileSizeBytes, limits.outputBytes + 1))}`,
    `nofile=${n(limits.openFiles)}`,
    // stdout and stderr pass through the supervisor (pipes it drains): more than this of either kills the run
    `ocap=${n(limits.outputBytes)}`,
  ];
  if (request.piped) parts.push('pipe=1');
  if (request.keep) parts.push('keep=1');
  if (request.stdinFile) parts.push(`in=${hex(request.stdinFile)}`);
  for (const input of request.inputFiles ?? [])
    parts.push(`inname=${hex(input.name)}`, `insrc=${hex(input.file)}`);
  if (request.writableDir) parts.push(`wdir=${hex(request.writableDir)}`);
  if (request.pipedOutput) parts.push(`pof=${hex(request.pipedOutput)}`);
  for (const name of request.outputFiles ?? []) parts.push(`of=${hex(name)}`);
  if (request.outputFiles?.length) parts.push(`ofcap=${n(limits.outputBytes)}`);
  for (const arg of request.argv) parts.push(`arg=${hex(arg)}`);
  for (const entry of runEnv(request.env)) parts.push(`env=${hex(entry)}`);
  return `${parts.join(' ')}\n`;
}

/** oj-boxd's result line: today's supervisor report plus the stdout size, the output file and IPC objects. */
export interface SessionReport extends SupervisorReport {
  /** Bytes the program wrote to stdout (its pipe; at most outputBytes + 1 of them are kept). */
  stdoutBytes: number;
  /** Bytes the program wrote to stderr (its pipe; the first 64 KB are kept). */
  stderrBytes: number;
  /** Bytes written to the piped output file, or -1 when the program never opened it (or none was asked). */
  pipedBytes: number;
  /**
   * Per output file asked for: bytes copied out, or below 0 what it was instead: -1 missing, -2 a link, -3 a
   * FIFO, -4 a directory, -5 another non-regular file, -6 an error.
   */
  outputFiles: number[];
  /** SysV IPC objects the agent removed after the run. */
  ipcRemoved: number;
  /** How long the program's self-move into its cgroups took (before its exec; timing only), ns. */
  moveNs: number;
  /** Stopped at the wall limit while blocked reading its piped output file (the FIFO: it reads back its output). */
  pipedWait: boolean;
}

/** Parses a result line; null when malformed. */
export function parseSessionReport(line: string): SessionReport | null {
  const base = parseReport(line);
  if (!base) return null;
  const field = (key: string) => Number(new RegExp(`(?:^| )${key}=(-?\\d+)`).exec(line)?.[1] ?? 0);
  const files = /(?:^| )of=([-\d,]+)/.exec(line)?.[1];
  const outputFiles = files ? files.split(',').map(Number) : [];
  return {
    ...base,
    stdoutBytes: field('out'),
    stderrBytes: field('eout'),
    pipedBytes: /(?:^| )pout=/.test(line) ? field('pout') : -1,
    outputFiles,
    ipcRemoved: field('ipc'),
    moveNs: field('mv_ns'),
    pipedWait: field('fwait') === 1,
  };
}

/** Checks what oj-boxd cannot: argv, limits and file names. Returns the problem, or null. */
export function requestProblem(request: RunRequest): string | null {
  if (!Array.isArray(request.argv) || request.argv.length === 0) return 'argv is empty';
  if (request.argv.some((arg) => typeof arg !== 'string' || arg.includes('\0'))) return 'argv has a NUL byte';
  for (const [key, value] of Object.entries(request.limits ?? {})) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
      return `limits.${key} must be > 0`;
  }
  if (Object.keys(request.limits ?? {}).length < 8) return 'limits are incomplete';
  const inputs = request.inputFiles ?? [];
  const outputs = request.outputFiles ?? [];
  if (inputs.length > MAX_FILES || outputs.length > MAX_FILES) return `at most ${MAX_FILES} files each way`;
  const plain = (name: string) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(name);
  const named = [...inputs.map((input) => input.name), request.writableDir, request.pipedOutput];
  for (const name of named) {
    if (name !== undefined && !plain(name))
      return `file name ${JSON.stringify(name)} must be a plain name in /w`;
  }
  for (const name of outputs) {
    const [first, second, ...rest] = name.split('/');
    const nested = second !== undefined && first === request.writableDir && plain(second);
    if (!(plain(first) && (second === undefined || nested) && rest.length === 0))
      return `output file ${JSON.stringify(name)} must be a plain name in /w or in the writable dir`;
  }
  return null;
}
