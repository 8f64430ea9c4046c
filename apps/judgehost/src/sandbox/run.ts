import { spawn } from 'node:child_process';
import { chmodSync, chownSync, closeSync, fstatSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { bwrapArgv } from './box.js';
import { removeCgroup, runCgroups } from './cgroups.js';
import { type SandboxRuntime, sandboxRuntime } from './setup.js';
import {
  anonymousOutputFile,
  capture,
  createOutputFile,
  openInputFile,
  readOutputFile,
  STDERR_KEEP_BYTES,
} from './stdio.js';
import type { RunResult, RunSpec, SandboxLimits } from './types.js';
import { classify, parseReport, systemError } from './verdict.js';

const MB = 1024 * 1024;

/** Where a stream of the program goes: an open descriptor, a captured pipe, or nothing. */
export type StdioPlan = { fd: number } | 'pipe' | 'ignore';

export interface LaunchIo {
  stdin: StdioPlan;
  stdout: StdioPlan;
  stderr: StdioPlan;
  /** Written to the program's stdin when `stdin` is 'pipe'. */
  stdinData?: Buffer;
  /** Descriptor of a file the program's stdout goes to, checked against `outputBytes` after the run. */
  stdoutFileFd?: number;
  /** Read `stdoutFileFd` back (at most `outputBytes`) into the result's `stdout`. */
  captureStdoutFile?: boolean;
  /** Called once the supervisor holds the descriptors (or the run failed before that). */
  onSpawned?: () => void;
}

function limitProblem(limits: SandboxLimits): string | null {
  for (const key of [
    'cpuMs',
    'wallMs',
    'memoryKb',
    'stackKb',
    'outputBytes',
    'processes',
    'fileSizeBytes',
    'openFiles',
  ] as const) {
    const value = limits?.[key];
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
      return `limits.${key} must be > 0`;
  }
  return null;
}

/** Cgroup memory limit: the run's limit plus a headroom (1/8, 4..64 MB) so a peak at the limit is observed. */
export function cgroupMemoryBytes(memoryKb: number): number {
  const bytes = Math.floor(memoryKb) * 1024;
  return bytes + Math.min(64 * MB, Math.max(4 * MB, Math.floor(bytes / 8)));
}

/** The run's cgroup dirs and the supervisor's command line; pinned to `spec.cpu` when cpusets are available. */
function supervisorArgs(
  runtime: SandboxRuntime,
  spec: RunSpec,
  uid: number,
  io: LaunchIo,
): { args: string[]; dirs: string[] } {
  const limits = spec.limits;
  const cg = runCgroups(runtime.cgroups);
  const cpuset = spec.cpu !== undefined && cg.cpuset ? cg.cpuset : undefined;
  const dirs = [...new Set([cg.cpu, cg.memory, cg.pids, ...(cpuset ? [cpuset] : [])])];
  const fsize =
    io.stdoutFileFd === undefined
      ? limits.fileSizeBytes
      : Math.max(limits.fileSizeBytes, limits.outputBytes + 1);
  const tmpBytes = Math.min(1024 * MB, Math.max(16 * MB, limits.fileSizeBytes));
  const cgroupFds = dirs.length;
  const box = bwrapArgv({
    bwrap: runtime.bwrap,
    initPath: runtime.helpers.init,
    etcDir: runtime.etcDir,
    workDir: spec.workDir,
    mounts: spec.mounts ?? [],
    env: spec.env ?? {},
    tmpBytes,
    cgroupFds,
    seccompFd: 4 + cgroupFds, // where the supervisor puts the filter file it opens
    argv: spec.argv,
  });
  const n = (value: number) => String(Math.ceil(value));
  const pin = cpuset
    ? ['--cg-cpuset', cpuset, '--cpus', String(spec.cpu), '--mems', runtime.cgroups.mems ?? '0']
    : [];
  const args = [
    '--cgv',
    String(runtime.cgroups.version),
    '--cg-cpu',
    cg.cpu,
    '--cg-mem',
    cg.memory,
    '--cg-pids',
    cg.pids,
    '--cpu-ms',
    n(limits.cpuMs),
    '--wall-ms',
    n(limits.wallMs),
    '--mem-bytes',
    n(cgroupMemoryBytes(limits.memoryKb)),
    '--pids',
    n(limits.processes),
    '--stack-bytes',
    n(limits.stackKb * 1024),
    '--fsize-bytes',
    n(fsize),
    // bwrap and oj-init need a few descriptors of their own before the program starts
    '--nofile',
    n(Math.max(16, limits.openFiles)),
    '--uid',
    String(uid),
    '--gid',
    String(uid),
    '--seccomp-file',
    runtime.helpers.seccomp,
    ...pin,
    '--',
    ...box,
  ];
  return { args, dirs };
}

function stdioOf(plan: StdioPlan): 'pipe' | 'ignore' | number {
  return typeof plan === 'object' ? plan.fd : plan;
}

/**
 * Runs `spec` in the sandbox with the given stdio plan (used by `runSandboxed` and `runPair`). Never rejects:
 * every failure becomes an SE result. Units: ms, KB, bytes.
 */
export async function launch(spec: RunSpec, io: LaunchIo): Promise<RunResult> {
  try {
    return await launchInner(spec, io);
  } finally {
    io.onSpawned?.();
  }
}

async function launchInner(spec: RunSpec, io: LaunchIo): Promise<RunResult> {
  const problem =
    !Array.isArray(spec.argv) || spec.argv.length === 0
      ? 'argv is empty'
      : spec.cpu !== undefined && !(Number.isInteger(spec.cpu) && spec.cpu >= 0)
        ? 'cpu must be a CPU number'
        : limitProblem(spec.limits);
  if (problem) return systemError(problem);
  let runtime: SandboxRuntime;
  try {
    runtime = await sandboxRuntime();
  } catch (error) {
    return systemError((error as Error).message);
  }
  const uid = await runtime.uids.acquire();
  try {
    try {
      // The run's own uid owns /w so the program can write there; nobody else on the host can.
      chownSync(spec.workDir, uid, uid);
      chmodSync(spec.workDir, 0o755);
    } catch (error) {
      return systemError(`work dir ${spec.workDir}: ${(error as Error).message}`);
    }
    const { args, dirs: cgDirs } = supervisorArgs(runtime, spec, uid, io);
    return await new Promise<RunResult>((resolve) => {
      const child = spawn(runtime.helpers.supervisor, args, {
        // Nothing of the judgehost's environment (its token) reaches the supervisor, bubblewrap or the box.
        env: {},
        stdio: [stdioOf(io.stdin), stdioOf(io.stdout), stdioOf(io.stderr), 'pipe'],
      });
      io.onSpawned?.();
      io.onSpawned = undefined;
      let outputOver = false;
      const over = () => {
        if (outputOver) return;
        outputOver = true;
        child.kill('SIGUSR1'); // the supervisor kills the whole cgroup
      };
      const cap = spec.limits.outputBytes;
      let stdout = capture(child.stdout, cap, cap, over);
      const stderr = capture(child.stderr, STDERR_KEEP_BYTES, cap, over);
      const report = capture(child.stdio[3] as Readable, 4096, 4096, () => {});
      if (io.stdin === 'pipe' && child.stdin) {
        child.stdin.on('error', () => {}); // the program may exit without reading
        child.stdin.end(io.stdinData ?? Buffer.alloc(0));
      }
      // A last resort should the supervisor itself hang: it enforces the wall limit on its own.
      const watchdog = setTimeout(() => child.kill('SIGKILL'), spec.limits.wallMs + 30_000);
      child.on('error', (error) => {
        clearTimeout(watchdog);
        resolve(systemError(`cannot start the supervisor: ${error.message}`));
      });
      child.on('close', (code, signal) => {
        clearTimeout(watchdog);
        const parsed = parseReport(report().toString());
        if (!parsed || code !== 0) {
          for (const dir of new Set(cgDirs)) removeCgroup(dir);
          resolve(systemError(`supervisor failed (exit ${code ?? signal})`, stdout(), stderr()));
          return;
        }
        const fileFd = io.stdoutFileFd;
        if (fileFd !== undefined && fstatSync(fileFd).size > cap) outputOver = true;
        if (fileFd !== undefined && io.captureStdoutFile) stdout = () => readOutputFile(fileFd, cap);
        const verdict = classify(parsed, spec.limits, outputOver);
        const err = stderr();
        const message =
          verdict.verdict === 'SE' && err.length > 0
            ? `${verdict.message}: ${err.subarray(0, 500).toString().trim()}`
            : verdict.message;
        resolve({
          ...verdict,
          message,
          cpuMs: Math.round(parsed.cpuNs / 1e4) / 100,
          wallMs: Math.round(parsed.wallNs / 1e4) / 100,
          memoryKb: Math.round(parsed.peakBytes / 1024),
          stdout: stdout(),
          stderr: err,
        });
      });
    });
  } finally {
    runtime.uids.release(uid);
  }
}

/**
 * Runs one program in the sandbox (contract in `types.ts`): fresh cgroup, bubblewrap box as its own uid, the
 * limits of `spec.limits`; resolves with the verdict, CPU ms (cgroup counter), wall ms, peak memory KB and the
 * captured output (at most `outputBytes` of stdout, `STDERR_KEEP_BYTES` of stderr). A captured stdout goes to an
 * unlinked file on the sandbox's tmpfs and is read back from its descriptor; stderr more than `outputBytes` is
 * an output-limit verdict. Input files are opened without following links and must be regular files; output
 * files are created new (O_EXCL, no link followed). Never rejects: failures are SE results.
 */
export async function runSandboxed(spec: RunSpec): Promise<RunResult> {
  const opened: number[] = [];
  const keep = (fd: number) => {
    opened.push(fd);
    return fd;
  };
  try {
    const runtime = await sandboxRuntime();
    let stdin: StdioPlan = 'ignore';
    let stdinData: Buffer | undefined;
    if (spec.stdin && 'file' in spec.stdin) stdin = { fd: keep(openInputFile(spec.stdin.file)) };
    else if (spec.stdin && 'data' in spec.stdin) {
      stdin = 'pipe';
      stdinData = Buffer.from(spec.stdin.data);
    }
    const out = spec.stdout ?? 'pipe';
    const err = spec.stderr ?? 'pipe';
    const stdoutFd = keep(out === 'pipe' ? anonymousOutputFile(runtime.ioDir) : createOutputFile(out.file));
    const stderr: StdioPlan = err === 'pipe' ? 'pipe' : { fd: keep(createOutputFile(err.file)) };
    return await launch(spec, {
      stdin,
      stdinData,
      stdout: { fd: stdoutFd },
      stderr,
      stdoutFileFd: stdoutFd,
      captureStdoutFile: out === 'pipe',
    });
  } catch (error) {
    return systemError((error as Error).message);
  } finally {
    for (const fd of opened) closeSync(fd);
  }
}
