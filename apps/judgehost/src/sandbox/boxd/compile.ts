import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { copyOutFiles } from '../boxfs.js';
import type { RunResult, SandboxLimits } from '../types.js';
import { systemError } from '../verdict.js';
import { MAX_FILES } from './protocol.js';
import { type BoxSession, type BoxSessionOptions, openBoxSession } from './session.js';

/**
 * Compiles in box sessions (docs/sandbox.md "Compiles in box sessions", issue 24): the compile is one run of a
 * session whose box is the same as the test cases' (user namespace, no capabilities, seccomp, no network,
 * read-only system, fresh cgroups per run, output through the supervisor's capped pipes), with the compile
 * seccomp filter (file locks allowed, as `go build` needs). The source dir's regular files are placed in the
 * freshly emptied /w as root-owned read-only copies, the compiler writes beside them, and after the run (every
 * process of the box gone) the files it wrote are copied back into the source dir by descriptor, no link
 * followed (`copyOutFiles`). A `CompileBox` keeps one session for many compiles (a worker's): between two
 * compiles the box is wiped as between two test cases (no process left, SysV IPC swept, /w, /tmp, /dev/shm
 * emptied, fresh cgroups), so a compile leaves nothing for the next submission.
 */

/** Size cap of a compile session's tmpfs (/w, /tmp, /dev/shm: what the compiler writes, charged to its cgroup). */
export const COMPILE_TMP_BYTES = 1024 * 1024 * 1024;
/** Inode cap of that tmpfs (`go build` with a fresh cache writes a few thousand files). */
export const COMPILE_INODES = 65536;

/** One compile: argv and env in the box (cwd /w, the sources there), its limits. */
export interface CompileRunSpec {
  argv: string[];
  env?: Record<string, string>;
  limits: SandboxLimits;
}

/**
 * Runs a compile in `session`: places the regular files of `dir` in /w (at most 32: the session's limit of input
 * files), runs `spec`, and on success copies every other regular file the compiler left in /w into `dir`
 * (root-owned, 0555 when executable else 0444). Resolves with the run's result (stdout / stderr as the
 * supervisor kept them); never rejects (failures are SE results).
 */
async function compileIn(session: BoxSession, dir: string, spec: CompileRunSpec): Promise<RunResult> {
  let names: string[];
  try {
    names = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  } catch (error) {
    return systemError(`reading the compile dir: ${(error as Error).message}`);
  }
  if (names.length > MAX_FILES) return systemError(`more than ${MAX_FILES} files to compile`);
  const result = await session.run({
    argv: spec.argv,
    env: spec.env,
    limits: spec.limits,
    inputFiles: names.map((name) => ({ name, file: join(dir, name) })),
    keepFiles: true,
  });
  if (result.verdict !== 'OK') return result;
  try {
    await copyOutFiles(session.wDir, dir, new Set(names));
  } catch (error) {
    return systemError(`copying the compiler's files out: ${(error as Error).message}`);
  }
  return result;
}

/**
 * A box session kept for the compiles of one worker (pinned to its CPU). `compile` queues (one compile at a
 * time); the session is opened on first use and again after it ended (a broken box is never reused). `close`
 * ends it (the worker's stop); idempotent, never rejects.
 */
export class CompileBox {
  private session: Promise<BoxSession> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  /** `cpu`: the worker's CPU; `session`: further session options (the sandbox bench binds its programs at /p). */
  constructor(private readonly options: { cpu?: number; session?: BoxSessionOptions } = {}) {}

  /** Compiles `dir` (see `compileIn`) in this box's session. Never rejects: failures are SE results. */
  compile(dir: string, spec: CompileRunSpec): Promise<RunResult> {
    const job = this.queue.then(async () => {
      if (this.closed) return systemError('the compile box is closed');
      let session: BoxSession;
      try {
        session = await this.current();
      } catch (error) {
        this.session = null;
        return systemError(`compile box: ${(error as Error).message}`);
      }
      const result = await compileIn(session, dir, spec);
      if (session.ended) {
        this.session = null; // the next compile gets a fresh box
        await session.close();
      }
      return result;
    });
    this.queue = job.catch(() => {});
    return job;
  }

  private async current(): Promise<BoxSession> {
    const open = this.session;
    if (open) {
      const session = await open;
      if (!session.ended) return session;
      await session.close();
    }
    this.session = openCompileSession(this.options.cpu, this.options.session);
    return this.session;
  }

  /** Ends the session (after the compile in progress). Idempotent; never rejects. */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
    const open = this.session;
    this.session = null;
    if (open) await open.then((s) => s.close()).catch(() => {});
  }
}

/** Opens a session for compiles: the compile seccomp filter (file locks allowed), 1 GB tmpfs, pinned to `cpu`. */
function openCompileSession(cpu: number | undefined, more: BoxSessionOptions = {}): Promise<BoxSession> {
  return openBoxSession({
    cpu,
    fileLocks: true,
    tmpBytes: COMPILE_TMP_BYTES,
    inodes: COMPILE_INODES,
    ...more,
  });
}

/**
 * Compiles `dir` per `spec` in `box` when given (its kept session), else in a fresh session closed afterwards
 * (pinned to `cpu`). The compiler's files end up in `dir` (see `compileIn`). Never rejects: failures are SE.
 */
export async function compileInBox(
  dir: string,
  spec: CompileRunSpec,
  options: { box?: CompileBox; cpu?: number } = {},
): Promise<RunResult> {
  if (options.box) return options.box.compile(dir, spec);
  let session: BoxSession;
  try {
    session = await openCompileSession(options.cpu);
  } catch (error) {
    return systemError(`compile box: ${(error as Error).message}`);
  }
  try {
    return await compileIn(session, dir, spec);
  } finally {
    await session.close();
  }
}
