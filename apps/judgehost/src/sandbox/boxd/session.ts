import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { closeSync, constants, fstatSync, openSync, readSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { type CgroupLayout, INSTANCE_ID } from '../cgroups.js';
import { sandboxConfig } from '../config.js';
import { sandboxRuntime } from '../setup.js';
import type { Mount, RunResult, StdinSpec } from '../types.js';
import { classify, systemError } from '../verdict.js';
import { sessionBwrapArgv } from './args.js';
import { buildBoxdHelpers } from './native.js';
import { parseSessionReport, type RunRequest, requestLine, requestProblem } from './protocol.js';
import { removeSessionLeftovers, sweepSessions } from './sweep.js';

/** Kept of stderr, bytes (also bounded by `outputBytes`). */
const STDERR_CAP = 64 * 1024;
/** This judgehost process's instance id (the per-run cgroups' one): session names are `bx<pid>.<instance>-<n>`. */
export const INSTANCE = INSTANCE_ID;
/** Where oj-boxd puts the seccomp filter file for bubblewrap (after the agent's socket on 3). */
const SECCOMP_FD = 4;
let sessions = 0;

/** The name the next session of this process gets (`bx<pid>.<instance>-<n>`: its tmpfs and run cgroups' prefix). */
export function nextSessionName(): string {
  return `bx${process.pid}.${INSTANCE}-${sessions + 1}`;
}

/**
 * CPUs' time a run may use per period (its cgroup's CPU quota, issue 24): 1 when pinned to a CPU, else all CPUs
 * but one (at least 1), so that a fork bomb never takes every core from the host's processes.
 */
export function runCpus(pinned: boolean): number {
  return pinned ? 1 : Math.max(1, availableParallelism() - 1);
}
let swept = false;

export interface BoxSessionOptions {
  /** Host dir bound read-only at `/p` (the compiled program or scripts; should be root-owned). */
  programDir?: string;
  /** Extra read-only binds (test data, a checker). */
  mounts?: Mount[];
  /** Size cap of the session tmpfs holding /w, /tmp, /dev/shm and the stdout/stderr files, bytes. */
  tmpBytes?: number;
  /** Inode cap of that tmpfs. */
  inodes?: number;
  /** The CPU every run of the session is confined to (a cpuset cgroup per run); default: not pinned. */
  cpu?: number;
  /**
   * Runs may take file locks (the compile filter, as one-shot runs: `go build` locks its cache in /tmp); default
   * false: the program runs' filter refuses them (issue 24).
   */
  fileLocks?: boolean;
  /**
   * @internal The cgroup parents the runs' cgroups are made under; default the sandbox runtime's. Tests point it
   * at a directory laid out as cgroup2 (`prepareCgroups` with a root of their own) to read what the supervisor
   * writes and to feed it the kernel's counters (`test/sandbox/cgroup-v2.test.ts`).
   */
  cgroups?: CgroupLayout;
}

/** What became of an output file asked for: its copy on the host (root-only), or why there is none. */
export type SessionFile =
  | { kind: 'file'; path: string; bytes: number }
  | { kind: 'missing' }
  | { kind: 'notRegular'; what: string };

const NOT_REGULAR: Record<number, string> = {
  [-2]: 'a symbolic link',
  [-3]: 'a FIFO',
  [-4]: 'a directory',
  [-5]: 'not a regular file',
};

export interface BoxRunSpec {
  /** Program and arguments as seen in the box (cwd /w, PATH=/usr/local/bin:/usr/bin:/bin). */
  argv: string[];
  env?: Record<string, string>;
  limits: RunRequest['limits'];
  /** A root-only host file (opened by the supervisor, no-follow) or bytes; default: empty. */
  stdin?: StdinSpec;
  /**
   * Root-only host files placed in the freshly emptied /w as root-owned 0444 files of these names before the run
   * (file-IO input; a checker's input, answer and user output). At most 32; copied in the kernel (sendfile).
   */
  inputFiles?: { name: string; file: string }[];
  /** A fresh, empty, writable dir of this name in /w (the Kattis feedback dir). */
  writableDir?: string;
  /**
   * Files the program writes, read back after the run as `files` (same order): names in /w or
   * `<writableDir>/<name>`; opened no-follow and non-blocking, regular files only, outputBytes + 1 at most.
   */
  outputFiles?: string[];
  /**
   * The file-IO output file: a FIFO of this name in /w, made by the supervisor, which drains it outside the
   * run's cgroup (its pages are not the program's memory; issue 24). The program can open it (write, append) but
   * neither remove nor replace it; it cannot seek in it. Read back as `pipedFile`; more than outputBytes is OLE.
   */
  pipedOutput?: string;
  /** false: leave stdout in `stdoutPath` (for streaming comparison) instead of reading it into `stdout`. */
  captureStdout?: boolean;
  /**
   * Leave /w as the run left it until the next run (a compile): its files can then be read from `wDir` (host
   * path, root's; no process of the box is alive between runs). Emptied when the next run starts.
   */
  keepFiles?: boolean;
}

export interface BoxRunResult extends RunResult {
  /** Host path of the run's stdout file (root-only), valid until the next run of the session starts. */
  stdoutPath: string;
  /** Per `outputFiles` entry: its root-only copy (valid until the next run starts), or why there is none. */
  files: SessionFile[];
  /** With `pipedOutput`: what was written to it (a root-only file, valid until the next run), or missing. */
  pipedFile?: SessionFile;
  /**
   * With `pipedOutput`: the run was stopped at the wall limit while blocked reading that FIFO (a program that
   * opened its output "w+" and reads back what it wrote; no end of file comes there).
   */
  pipedWait?: boolean;
  /** Wall ms the program's move into its run cgroups took before its exec (timing; 0 when it never started). */
  cgroupMoveMs?: number;
}

/** What became of a piped output file: its root-only copy `out/p` of `bytes`, or missing (never opened). */
function pipedFile(root: string, bytes: number): SessionFile {
  return bytes < 0 ? { kind: 'missing' } : { kind: 'file', path: `${root}/out/p`, bytes };
}

/** Reads at most `cap` bytes of a root-only file (a session's stdout or output file copy), refusing links and FIFOs. */
export function readCapped(path: string, cap: number): Buffer {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    // sized by the file (usually empty or small), not by the cap: no 64 KB / 1 MB zero-filled buffer per run
    const buffer = Buffer.allocUnsafe(Math.min(cap, fstatSync(fd).size));
    let used = 0;
    const want = buffer.length;
    for (let n = 1; n > 0 && used < want; used += n) n = readSync(fd, buffer, used, want - used, null);
    return buffer.subarray(0, used);
  } finally {
    closeSync(fd);
  }
}

/**
 * One persistent box (docs/sandbox.md "Box sessions"): started once by `openBoxSession`, then `run` many times
 * (one run at a time; calls queue), each run in fresh cgroups with a reset box, and `close` at the end.
 */
export class BoxSession {
  private queue: Promise<unknown> = Promise.resolve();
  private waiting: ((line: string | null) => void) | null = null;
  private lines: string[] = [];
  private stderrTail = '';
  private exited = false;
  private closed = false;

  private constructor(
    /** Session name (cgroups `<parent>/<name>-<n>`, tmpfs `<OJ_SANDBOX_DIR>/boxd/<name>`). */
    readonly name: string,
    /** The session tmpfs on the host. */
    readonly root: string,
    /** The sandbox uid of the box (held until `close`). */
    readonly uid: number,
    private readonly child: ChildProcessByStdio<Writable, Readable, Readable>,
    private readonly release: () => void,
  ) {
    createInterface({ input: child.stdout }).on('line', (line) => this.push(line));
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString()).slice(-2000);
    });
    child.stdin.on('error', () => {});
    child.on('error', (error) => {
      this.stderrTail += ` ${error.message}`; // it could not be started
      this.exited = true;
      this.push(null);
    });
    child.on('close', () => {
      this.exited = true;
      this.push(null);
    });
  }

  private push(line: string | null): void {
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve(line);
    } else if (line !== null) this.lines.push(line);
  }

  private nextLine(timeoutMs: number): Promise<string | null> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.exited) return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.child.kill('SIGKILL'); // the supervisor hangs: end the session (its box dies with it)
      }, timeoutMs);
      this.waiting = (value) => {
        clearTimeout(timer);
        resolve(value);
      };
    });
  }

  /** @internal Starts the supervisor; resolves once the box is up (used by `openBoxSession`). */
  static async start(options: BoxSessionOptions): Promise<BoxSession> {
    for (const key of ['tmpBytes', 'inodes'] as const) {
      const value = options[key];
      if (value !== undefined && (!Number.isSafeInteger(value) || value < 1024))
        throw new Error(`${key} must be an integer >= 1024`);
    }
    if (options.cpu !== undefined && !(Number.isInteger(options.cpu) && options.cpu >= 0))
      throw new Error('cpu must be a CPU number');
    const runtime = await sandboxRuntime();
    const config = sandboxConfig();
    const helpers = await buildBoxdHelpers(config.dir);
    if (!swept) {
      swept = true;
      sweepSessions(runtime.cgroups, `${config.dir}/boxd`, INSTANCE);
    }
    await mkdir(`${config.dir}/boxd`, { recursive: true, mode: 0o711 });
    const name = nextSessionName();
    sessions += 1;
    const root = `${config.dir}/boxd/${name}`;
    const uid = await runtime.uids.acquire();
    const layout = options.cgroups ?? runtime.cgroups;
    const release = () => {
      removeSessionLeftovers(layout, root, name);
      runtime.uids.release(uid);
    };
    let child: ChildProcessByStdio<Writable, Readable, Readable>;
    try {
      const box = sessionBwrapArgv({
        bwrap: runtime.bwrap,
        agent: helpers.agent,
        etcDir: runtime.etcDir,
        root,
        programDir: options.programDir,
        mounts: options.mounts ?? [],
        seccompFd: SECCOMP_FD,
      });
      const c = layout;
      const args = ['--cgv', String(c.version), '--cg-cpu', c.cpu, '--cg-mem', c.memory, '--cg-pids', c.pids];
      args.push('--name', name, '--uid', String(uid), '--gid', String(uid), '--root', root);
      args.push(
        '--size',
        String(options.tmpBytes ?? 512 * 1024 * 1024),
        '--inodes',
        String(options.inodes ?? 4096),
        '--seccomp-file',
        // the program runs' filter refuses file locks (issue 24); compiles keep the one-shot runs' filter
        options.fileLocks ? runtime.helpers.seccomp : runtime.helpers.seccompRun,
        '--agent-seccomp-file', // the agent's own: lets it make each run's namespaces (loaded by bubblewrap)
        runtime.helpers.seccompAgent,
      );
      if (options.cpu !== undefined && c.cpuset)
        args.push('--cg-cpuset', c.cpuset, '--cpus', String(options.cpu), '--mems', c.mems ?? '0');
      const pinned = options.cpu !== undefined && c.cpuset !== undefined;
      if (c.cpuctl) args.push('--cg-cpuctl', c.cpuctl, '--run-cpus', String(runCpus(pinned)));
      child = spawn(helpers.supervisor, [...args, '--', ...box], {
        stdio: ['pipe', 'pipe', 'pipe'],
        env: {},
      });
    } catch (error) {
      release();
      throw error;
    }
    const session = new BoxSession(name, root, uid, child, release);
    const first = await session.nextLine(30_000);
    if (first !== 'ready') {
      await session.close();
      throw new Error(
        `box session did not start: ${first ?? 'supervisor exited'} ${session.stderrTail.trim()}`,
      );
    }
    return session;
  }

  /**
   * Runs one program in the box: fresh cgroups with the limits of `spec.limits` (CPU and wall ms, memory KB,
   * processes, stack KB, file size and output bytes, open files). Resolves with the verdict, CPU ms (cgroup),
   * wall ms, peak KB, stdout (unless `captureStdout` is false) and stderr (64 KB at most), once nothing of the
   * run is alive; the box is reset before the next run starts. Never rejects: failures are SE results (a
   * failure of the box itself also ends the session: later runs are SE).
   */
  run(spec: BoxRunSpec): Promise<BoxRunResult> {
    if (this.closed) return Promise.resolve(this.failed('box session closed'));
    return this.exclusive(async () => {
      const sent = this.send(spec, false);
      return typeof sent === 'string' ? this.failed(sent) : this.finish(spec, false);
    });
  }

  /**
   * @internal Runs `task` when the session is idle, alone (runs queue behind it). Interactive pairs take both
   * of their sessions this way.
   */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('box session closed'));
    const result = this.queue.then(task);
    this.queue = result.catch(() => {});
    return result;
  }

  /** @internal An SE result of this session. */
  failed(message: string): BoxRunResult {
    return { ...systemError(message), stdoutPath: `${this.root}/out/o`, files: [] };
  }

  /** @internal Writes a line to the supervisor (the handshake of interactive runs). */
  sendLine(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  /** @internal The supervisor's next line (null when it exited). */
  readLine(timeoutMs: number): Promise<string | null> {
    return this.nextLine(timeoutMs);
  }

  /** @internal Checks and sends a run request (`piped`: an interactive run); returns a problem or null. */
  send(spec: BoxRunSpec, piped: boolean): string | null {
    const request: RunRequest = { argv: spec.argv, env: spec.env, limits: spec.limits, piped };
    request.inputFiles = spec.inputFiles;
    request.writableDir = spec.writableDir;
    request.outputFiles = spec.outputFiles;
    request.pipedOutput = spec.pipedOutput;
    request.keep = spec.keepFiles;
    const problem = requestProblem(request);
    if (problem) return problem;
    if (this.exited) return `box session ended ${this.stderrTail.trim()}`.trim();
    try {
      if (!piped && spec.stdin && 'file' in spec.stdin) request.stdinFile = spec.stdin.file;
      else if (!piped && spec.stdin && 'data' in spec.stdin) {
        request.stdinFile = `${this.root}/in`; // root-only: the box sees only w/, tmp/, shm/
        writeFileSync(request.stdinFile, spec.stdin.data, { mode: 0o600 });
      }
      this.child.stdin.write(requestLine(request));
    } catch (error) {
      return (error as Error).message;
    }
    return null;
  }

  /** @internal Waits for the result line of the run sent and builds its result (reads the output files). */
  async finish(spec: BoxRunSpec, piped: boolean, firstLine?: string | null): Promise<BoxRunResult> {
    const line = firstLine !== undefined ? firstLine : await this.nextLine(spec.limits.wallMs + 30_000);
    const report = line === null ? null : parseSessionReport(line);
    if (!report) return this.failed(`box session ended ${this.stderrTail.trim()}`.trim());
    const { limits } = spec;
    const over = Math.max(report.stdoutBytes, report.stderrBytes, report.pipedBytes) > limits.outputBytes;
    const verdict = classify(report, limits, over);
    const stdoutPath = `${this.root}/out/o`;
    try {
      const stdout =
        spec.captureStdout === false || piped ? Buffer.alloc(0) : readCapped(stdoutPath, limits.outputBytes);
      const stderr = readCapped(`${this.root}/out/e`, Math.min(STDERR_CAP, limits.outputBytes));
      const files = (spec.outputFiles ?? []).map((_, i): SessionFile => {
        const bytes = report.outputFiles[i] ?? -6;
        if (bytes >= 0) return { kind: 'file', path: `${this.root}/out/f${i}`, bytes };
        if (bytes === -1) return { kind: 'missing' };
        if (NOT_REGULAR[bytes]) return { kind: 'notRegular', what: NOT_REGULAR[bytes] };
        throw new Error(`output file ${spec.outputFiles?.[i]} could not be copied out`);
      });
      return {
        ...verdict,
        cpuMs: Math.round(report.cpuNs / 1e4) / 100,
        wallMs: Math.round(report.wallNs / 1e4) / 100,
        memoryKb: Math.round(report.peakBytes / 1024),
        stdout,
        stderr,
        stdoutPath,
        files,
        ...(spec.pipedOutput
          ? { pipedFile: pipedFile(this.root, report.pipedBytes), pipedWait: report.pipedWait }
          : {}),
        cgroupMoveMs: report.moveNs / 1e6,
      };
    } catch (error) {
      if (verdict.verdict === 'SE') return this.failed(verdict.message.replace(/^Sandbox error: /, ''));
      return this.failed(`reading the run's output: ${(error as Error).message}`);
    }
  }

  /** Host path of the box's /w (root's view; read it only between runs, e.g. after a `keepFiles` run). */
  get wDir(): string {
    return `${this.root}/w`;
  }

  /** Whether the supervisor is gone or the session closed (every later run would be a System Error). */
  get ended(): boolean {
    return this.exited || this.closed;
  }

  /** Sends SIGUSR1: the running run (if any) is killed and reported as cancelled (SE). */
  cancel(): void {
    if (!this.exited) this.child.kill('SIGUSR1');
  }

  /**
   * Ends the session after the queued runs: the box and every process in it, the cgroups, the tmpfs; gives
   * the uid back. Idempotent; never rejects.
   */
  async close(): Promise<void> {
    if (this.closed) return this.queue.then(() => {});
    this.closed = true;
    await this.queue;
    this.child.stdin.end();
    if (!this.exited) {
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
      await new Promise((resolve) => this.child.once('close', resolve));
      clearTimeout(timer);
    }
    this.release();
  }
}

/**
 * Starts a box session (docs/sandbox.md "Box sessions"): a root supervisor, a per-session tmpfs and uid, and one
 * bubblewrap box with oj-agent as pid 1. Start-up costs tens of ms; each `run` then costs about a bare spawn.
 * Rejects when an option is bad (the message names it), the sandbox is not usable (not root, no bubblewrap, no
 * cgroups, no gcc) or the box fails to start.
 */
export function openBoxSession(options: BoxSessionOptions = {}): Promise<BoxSession> {
  return BoxSession.start(options);
}

/**
 * Runs `task` with a fresh box session and closes the session afterwards, whether `task` resolves or throws
 * (e.g. all test cases of one submission). Resolves with what `task` resolves with.
 */
export async function withBoxSession<T>(
  options: BoxSessionOptions,
  task: (session: BoxSession) => Promise<T>,
): Promise<T> {
  const session = await openBoxSession(options);
  try {
    return await task(session);
  } finally {
    await session.close();
  }
}
