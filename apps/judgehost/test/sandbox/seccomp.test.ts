import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeWorkDir, runSandboxed } from '../../src/sandbox/index.js';
import { BASE_LIMITS, compileC } from './helpers.js';

const EPERM = 1;
const ENOSYS = 38;

/** Calls the filter refuses with ENOSYS so that runtimes fall back (glibc's clone3, libuv's io_uring). */
const FALLBACK = [
  'io_uring_setup',
  'io_uring_enter',
  'io_uring_register',
  'clone3',
  'i386_getpid',
  'x32_getpid',
];
/** Calls the filter refuses with EPERM (the probe's arguments would draw another answer without it). */
const REFUSED = [
  'userfaultfd',
  'keyctl',
  'add_key',
  'request_key',
  'bpf',
  'perf_event_open',
  'mount',
  'umount2',
  'pivot_root',
  'chroot',
  'move_mount',
  'open_tree',
  'fsopen',
  'fsmount',
  'fsconfig',
  'fspick',
  'mount_setattr',
  'unshare',
  'setns',
  'clone_NEWNS',
  'clone_NEWUSER',
  'clone_NEWPID',
  'clone_NEWNET',
  'clone_NEWUTS',
  'clone_NEWIPC',
  'clone_NEWCGROUP',
  'ptrace',
  'process_vm_readv',
  'process_vm_writev',
  'kexec_load',
  'kexec_file_load',
  'init_module',
  'finit_module',
  'delete_module',
  'reboot',
  'swapon',
  'swapoff',
  'acct',
  'settimeofday',
  'clock_settime',
  'clock_adjtime',
  'adjtimex',
  'syslog',
  'open_by_handle_at',
  'name_to_handle_at',
  'quotactl',
  'lookup_dcookie',
  'vhangup',
  'personality_bsd',
  'fanotify_init',
  'iopl',
  'ioperm',
  'pidfd_getfd',
  'process_madvise',
  'kcmp',
  'modify_ldt',
  'socket_vsock',
];

// Without the filter the kernel already refuses fsopen, fsmount, fspick, move_mount, pivot_root, reboot, swapon,
// swapoff, acct, syslog and vhangup for want of a capability (EPERM before any argument is read), and this kernel
// has no x32 ABI (ENOSYS): those rows pass without the filter too; every other row fails without it.

let dir = '';
let seen: Record<string, number> = {};

beforeAll(async () => {
  dir = await compileC(fileURLToPath(new URL('./programs/seccomp-probe.c', import.meta.url)));
  const result = await runSandboxed({ argv: ['./main'], workDir: dir, limits: BASE_LIMITS });
  if (result.verdict !== 'OK') throw new Error(`probe: ${result.verdict} ${result.message}`);
  seen = Object.fromEntries(
    result.stdout
      .toString()
      .trim()
      .split('\n')
      .map((line) => {
        const [name, value] = line.split(' ');
        return [name, Number(value)];
      }),
  );
});

afterAll(async () => {
  await removeWorkDir(dir);
});

describe('seccomp deny-list (a probe program in the real sandbox; the value is the errno it saw)', () => {
  it('runs the program under a seccomp filter', () => {
    expect(seen.seccomp).toBe(2);
  });
  it.each(FALLBACK)('%s fails with ENOSYS (callers fall back)', (name) => {
    expect(seen[name]).toBe(ENOSYS);
  });
  it.each(REFUSED)('%s fails with EPERM', (name) => {
    expect(seen[name]).toBe(EPERM);
  });
  it.each(['personality_query', 'personality_linux', 'fork'])('%s still works', (name) => {
    expect(seen[name]).toBe(0);
  });
});
