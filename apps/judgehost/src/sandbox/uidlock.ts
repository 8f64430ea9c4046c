import { spawn } from 'node:child_process';
import { chmodSync, closeSync, constants, fstatSync, mkdirSync, openSync, statSync } from 'node:fs';

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

/** Another judgehost on this machine holds at least one uid of the range (the message names the range). */
export class UidRangeBusyError extends Error {}

const lockPath = (dir: string, uid: number) => `${dir}/locks/uid-${uid}.lock`;

/**
 * Takes an exclusive flock(2) on one lock file per uid of `[base, base + count)` under `<dir>/locks`, held for the
 * life of this process (the descriptors stay open; the kernel drops the locks when it exits, even on SIGKILL).
 * Node has no flock, so util-linux `flock -n FD` is run on our inherited descriptors (same open file
 * descriptions, so the locks stay ours after it exits). Rejects with UidRangeBusyError, naming the range, when
 * another judgehost holds any of these uids; the locks this call took are then let go again.
 */
export async function lockUidRange(dir: string, base: number, count: number): Promise<void> {
  const lockDir = `${dir}/locks`;
  mkdirSync(lockDir, { recursive: true, mode: 0o700 });
  chmodSync(lockDir, 0o700);
  const fds: number[] = [];
  const opened: string[] = [];
  for (let uid = base; uid < base + count; uid++) {
    const path = lockPath(dir, uid);
    let fd = held.get(path);
    if (fd === undefined) {
      fd = openSync(path, constants.O_RDWR | constants.O_CREAT | constants.O_NOFOLLOW, 0o600);
      held.set(path, fd);
      opened.push(path);
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
  // Closing our descriptor (the helper's copy is gone) drops a lock it took on a uid of the refused range.
  for (const path of opened) {
    closeSync(held.get(path) as number);
    held.delete(path);
  }
  if (code === BUSY) {
    throw new UidRangeBusyError(
      `the sandbox uids ${base}..${base + count - 1} are in use by another judgehost on this machine ` +
        '(give each judgehost its own range with OJ_SANDBOX_UID_BASE / OJ_SANDBOX_UID_COUNT)',
    );
  }
  throw new Error(`cannot lock the sandbox uids (flock from util-linux is needed): exit ${code}`);
}

/**
 * Locks the first free range of `count` uids among `[first + i * count, first + (i + 1) * count)` for i in
 * 0..ranges-1 (see lockUidRange) and returns its base. Rejects naming the uids tried when every range is in use.
 */
export async function lockFreeUidRange(
  dir: string,
  first: number,
  count: number,
  ranges: number,
): Promise<number> {
  for (let i = 0; i < ranges; i++) {
    const base = first + i * count;
    try {
      await lockUidRange(dir, base, count);
      return base;
    } catch (error) {
      if (!(error instanceof UidRangeBusyError)) throw error;
    }
  }
  throw new UidRangeBusyError(
    `no free range of ${count} sandbox uids from ${first} to ${first + ranges * count - 1}: other judgehosts ` +
      'hold them all (set OJ_SANDBOX_UID_BASE / OJ_SANDBOX_UID_COUNT to a free range)',
  );
}

/**
 * Checks that this process still holds the lock of every uid of `[base, base + count)`: a descriptor is open on
 * each lock file and the file at the path is still that file (a lock file removed or replaced would let another
 * judgehost lock the same uids). Returns what is wrong, or null.
 */
export function uidLocksProblem(dir: string, base: number, count: number): string | null {
  for (let uid = base; uid < base + count; uid++) {
    const path = lockPath(dir, uid);
    const fd = held.get(path);
    if (fd === undefined) return `the lock of sandbox uid ${uid} is not held`;
    try {
      const mine = fstatSync(fd);
      const there = statSync(path);
      if (mine.ino !== there.ino || mine.dev !== there.dev) return `the lock file ${path} was replaced`;
    } catch (error) {
      return `the lock of sandbox uid ${uid} was lost: ${(error as Error).message}`;
    }
  }
  return null;
}
