/**
 * A pool of unprivileged uids, one per concurrent run in this judgehost (gid = uid). A run waits when all are
 * taken. Giving each run its own uid keeps runs apart even on the host (files, signals, rlimits per user).
 */
export class UidPool {
  private readonly free: number[];
  private readonly waiters: Array<(uid: number) => void> = [];

  constructor(base: number, count: number) {
    this.free = Array.from({ length: count }, (_, i) => base + i);
  }

  /** Takes the lowest free uid (waits for one when all are in use). */
  acquire(): Promise<number> {
    const uid = this.free.shift();
    if (uid !== undefined) return Promise.resolve(uid);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Gives a uid back (to a waiting run first). */
  release(uid: number): void {
    const next = this.waiters.shift();
    if (next) next(uid);
    else {
      this.free.push(uid);
      this.free.sort((a, b) => a - b);
    }
  }
}
