import { spawn } from 'node:child_process';
import { chmodSync, constants, mkdirSync, openSync } from 'node:fs';

/**
 * Locks held by this process: lock file -> descriptor. Kept on globalThis so that a module loaded twice in one
 * process (test runners) finds the locks it already holds instead of refusing itself.
 */
const store = globalThis as Record<symbol, Map<string, number> | undefined>;
const key = Symbol.for('oj.uidLocks');
const held: Map<string, number> = store[key] ?? new Map<string, number>();
store[key] = held;

/** Exit code of the lock helper when a lock is taken by another process. */
const BUSY = 75;

/**
 * Takes an exclusive flock(2) on one lock file per uid of `[base, base + count)` under `<dir>/locks`, held for the
 * life of this process (the descriptors stay open; the kernel drops the locks when it exits, even on SIGKILL).
 * Node has no flock, so util-linux `flock -n FD` is run on our inherited descriptors (same open file
 * descriptions, so the locks stay ours after it exits). Rejects with a message naming the range when another
 * judgehost holds any of these uids.
 */
export async function lockUidRange(dir: string, base: number, count: number): Promise<void> {
  const lockDir = `${dir}/locks`;
  mkdirSync(lockDir, { recursive: true, mode: 0o700 });
  chmodSync(lockDir, 0o700);
  const fds: number[] = [];
  for (let uid = base; uid < base + count; uid++) {
    const path = `${lockDir}/uid-${uid}.lock`;
    let fd = held.get(path);
    if (fd === undefined) {
      fd = openSync(path, constants.O_RDWR | constants.O_CREAT | constants.O_NOFOLLOW, 0o600);
      held.set(path, fd);
    }
    fds.push(fd);
  }
  // Descriptors 3.. of the helper are ours; it locks each without waiting.
  const script = `for fd in ${fds.map((_, i) => i + 3).join(' ')}; do flock -n -E ${BUSY} "$fd" || exit $?; done`;
  const code = await new Promise<number | string>((resolve) => {
    const child = spawn('/bin/sh', ['-c', script], {
      env: { PATH: '/usr/bin:/bin' },
      stdio: ['ignore', 'ignore', 'ignore', ...fds],
    });
    child.on('error', (error) => resolve(error.message));
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? `signal ${signal}`));
  });
  if (code === 0) return;
  if (code === BUSY) {
    throw new Error(
      `the sandbox uids ${base}..${base + count - 1} are in use by another judgehost on this machine ` +
        '(give each judgehost its own range with OJ_SANDBOX_UID_BASE / OJ_SANDBOX_UID_COUNT)',
    );
  }
  throw new Error(`cannot lock the sandbox uids (flock from util-linux is needed): exit ${code}`);
}
