import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import type { Mount } from './types.js';

/** The box's PATH (the contract in types.ts). */
export const BOX_PATH = '/usr/local/bin:/usr/bin:/bin';
/** Where oj-init is bound inside the box. */
export const BOX_INIT = '/oj-init';

/** Top-level host paths that are symlinks into /usr on merged-/usr systems, or real dirs elsewhere. */
const ROOT_LINKS = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

/**
 * The few /etc entries toolchains read: the loader cache, alternatives (java, javac, …), the JDK's config,
 * Mono's and PHP's config. No passwd/shadow of the host: a generated passwd/group is bound instead.
 */
const ETC_ENTRIES = [
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  '/etc/alternatives',
  '/etc/java-17-openjdk',
  '/etc/mono',
  '/etc/php',
  '/etc/localtime',
];

let rootArgsCache: string[] | undefined;

/**
 * The bubblewrap arguments of the read-only root every box shares (per-run boxes and box sessions): /usr, the
 * /bin, /lib*, /sbin links (or dirs), an /etc holding only the few entries toolchains read. Computed once.
 */
function rootArgs(): string[] {
  if (rootArgsCache) return rootArgsCache;
  const args = ['--ro-bind', '/usr', '/usr'];
  for (const path of ROOT_LINKS) {
    if (!existsSync(path)) continue;
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) args.push('--symlink', readlinkSync(path), path);
    else if (stat.isDirectory()) args.push('--ro-bind', path, path);
  }
  args.push('--dir', '/etc');
  for (const path of ETC_ENTRIES) if (existsSync(path)) args.push('--ro-bind', path, path);
  rootArgsCache = args;
  return args;
}

/**
 * Writes `<etc>/passwd` and `group` naming only the sandbox uids (so tools that look up their user work)
 * and returns `etc`. Idempotent; one dir per uid range, so judgehosts with different ranges can share a host.
 */
export async function writeBoxEtc(etc: string, uidBase: number, uidCount: number): Promise<string> {
  await mkdir(etc, { recursive: true, mode: 0o755 });
  const passwd = ['root:x:0:0:root:/nonexistent:/usr/sbin/nologin'];
  const group = ['root:x:0:'];
  for (let i = 0; i < uidCount; i++) {
    const id = uidBase + i;
    passwd.push(`judge${i}:x:${id}:${id}:judge:/w:/usr/sbin/nologin`);
    group.push(`judge${i}:x:${id}:`);
  }
  await writeFile(`${etc}/passwd`, `${passwd.join('\n')}\n`, { mode: 0o644 });
  await writeFile(`${etc}/group`, `${group.join('\n')}\n`, { mode: 0o644 });
  return etc;
}

export interface BoxOptions {
  bwrap: string;
  initPath: string;
  etcDir: string;
  workDir: string;
  mounts: Mount[];
  env: Record<string, string>;
  /** Size of /tmp and of /dev/shm inside the box, bytes. */
  tmpBytes: number;
  /** How many cgroup.procs descriptors oj-init gets (fd 4..). */
  cgroupFds: number;
  /** The descriptor holding the seccomp BPF program (the supervisor opens it), or undefined for none. */
  seccompFd?: number;
  argv: string[];
}

/**
 * The start of every box's bubblewrap command line (one-shot runs and box sessions): `bwrap`, every namespace
 * unshared (no network, no new user namespaces), its own session and pid 1, the read-only root, the generated
 * passwd/group of `etcDir`, its own /proc and a minimal /dev (the callers remount /dev read-only).
 */
export function boxBaseArgs(bwrap: string, etcDir: string): string[] {
  return [
    bwrap,
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    '--die-with-parent',
    '--new-session',
    '--as-pid-1',
    '--hostname',
    'box',
    ...rootArgs(),
    '--ro-bind',
    `${etcDir}/passwd`,
    '/etc/passwd',
    '--ro-bind',
    `${etcDir}/group`,
    '/etc/group',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
  ];
}

/**
 * The bubblewrap command line for one run: every namespace unshared (no network), a read-only root with /usr
 * and a few /etc files, /w = the work dir (read-write), bounded /tmp and /dev/shm, a read-only minimal /dev,
 * its own /proc, a cleared environment, the seccomp filter (applied to oj-init and the program), and oj-init as
 * pid 1 in front of `argv`.
 */
export function bwrapArgv(options: BoxOptions): string[] {
  const args = [
    ...boxBaseArgs(options.bwrap, options.etcDir),
    '--size',
    String(options.tmpBytes),
    '--tmpfs',
    '/dev/shm',
    '--remount-ro',
    '/dev',
    '--size',
    String(options.tmpBytes),
    '--tmpfs',
    '/tmp',
    '--bind',
    options.workDir,
    '/w',
  ];
  for (const mount of options.mounts) {
    args.push(mount.rw ? '--bind' : '--ro-bind', mount.host, mount.box);
  }
  args.push('--ro-bind', options.initPath, BOX_INIT, '--remount-ro', '/', '--chdir', '/w', '--clearenv');
  const env: Record<string, string> = { PATH: BOX_PATH, HOME: '/w', LANG: 'C.UTF-8', ...options.env };
  for (const [key, value] of Object.entries(env)) args.push('--setenv', key, value);
  if (options.seccompFd !== undefined) args.push('--seccomp', String(options.seccompFd));
  args.push('--', BOX_INIT, String(options.cgroupFds), ...options.argv);
  return args;
}
