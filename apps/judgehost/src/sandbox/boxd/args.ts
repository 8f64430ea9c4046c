import { BOX_PATH, boxBaseArgs } from '../box.js';
import type { Mount } from '../types.js';

/** Where the agent is bound inside the box; where the program's files are (read-only). */
export const BOX_AGENT = '/oj-agent';
export const PROGRAM_DIR = '/p';

export interface SessionBoxOptions {
  bwrap: string;
  /** Host path of the oj-agent binary. */
  agent: string;
  /** Dir holding the generated passwd and group (writeBoxEtc). */
  etcDir: string;
  /** The session tmpfs (made by oj-boxd): its w/, tmp/, shm/ become /w, /tmp, /dev/shm. */
  root: string;
  /** Host dir bound read-only at /p. */
  programDir?: string;
  /** Extra read-only binds (a `rw` flag is refused: nothing writable may outlive a run). */
  mounts: Mount[];
  /** The descriptor of the seccomp filter file in bubblewrap (oj-boxd puts it on 4), or none. */
  seccompFd?: number;
}

/**
 * The bubblewrap command line of a session box: every namespace unshared (no network, no new user namespaces),
 * the read-only root, /proc, a read-only /dev with /dev/shm, /tmp and /w bound from the session tmpfs, the
 * program dir at /p, / remounted read-only, a cleared environment, the agent's seccomp filter (loaded by
 * bubblewrap just before it execs the agent; each run's init adds the program runs' filter), CAP_SYS_ADMIN in
 * the box's user namespace for the agent (per-run namespaces) and oj-agent as pid 1 (socket on fd 3).
 */
export function sessionBwrapArgv(options: SessionBoxOptions): string[] {
  const args = [
    ...boxBaseArgs(options.bwrap, options.etcDir),
    '--bind',
    `${options.root}/shm`,
    '/dev/shm',
    '--remount-ro',
    '/dev',
    '--bind',
    `${options.root}/tmp`,
    '/tmp',
    '--bind',
    `${options.root}/w`,
    '/w',
  ];
  if (options.programDir) args.push('--ro-bind', options.programDir, PROGRAM_DIR);
  for (const mount of options.mounts) {
    if (mount.rw) throw new Error(`mount ${mount.box}: session boxes take read-only mounts only`);
    args.push('--ro-bind', mount.host, mount.box);
  }
  args.push('--ro-bind', options.agent, BOX_AGENT, '--remount-ro', '/', '--chdir', '/w', '--clearenv');
  // The agent keeps this one in the box's user namespace only (none outside it) to give each run a fresh pid
  // namespace and its own /proc; each run's init drops it before the program.
  args.push('--cap-add', 'CAP_SYS_ADMIN');
  if (options.seccompFd !== undefined) args.push('--seccomp', String(options.seccompFd));
  args.push('--', BOX_AGENT);
  return args;
}

/** The environment of a run: the box's PATH, HOME=/w, LANG, then the spec's (as `KEY=value` strings). */
export function runEnv(env: Record<string, string> = {}): string[] {
  const all: Record<string, string> = { PATH: BOX_PATH, HOME: '/w', LANG: 'C.UTF-8', ...env };
  return Object.entries(all).map(([key, value]) => `${key}=${value}`);
}
