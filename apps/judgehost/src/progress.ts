import type { JudgeProgress } from '@oj/shared';

/** Least time between two progress reports of one job, ms (a change of status is always sent at once). */
export const PROGRESS_MIN_MS = 200;

/**
 * Throttles a job's progress reports (docs/judge-protocol.md `progress`): a report whose status differs from the
 * last one sent goes at once; otherwise at most one per `minMs`, the newest report of a window sent at its end
 * (so the server never keeps a stale count for long). `send` is fire-and-forget; its errors are ignored.
 * `close()` drops what is waiting (the job is finished: its result says the rest).
 */
export class ProgressReporter {
  private lastAt = Number.NEGATIVE_INFINITY;
  private lastStatus: number | null = null;
  private waiting: JudgeProgress | null = null;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly send: (p: JudgeProgress) => Promise<unknown>,
    private readonly minMs = PROGRESS_MIN_MS,
  ) {}

  /** Sends `p` now or at the end of the current window (replacing a report still waiting). */
  report(p: JudgeProgress): void {
    if (this.closed) return;
    const wait = this.lastAt + this.minMs - Date.now();
    if (wait <= 0 || p.status !== this.lastStatus) {
      this.fire(p);
      return;
    }
    this.waiting = p;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      if (this.waiting) this.fire(this.waiting);
    }, wait);
  }

  /** Stops: a waiting report is dropped, later reports are ignored. */
  close(): void {
    this.closed = true;
    this.waiting = null;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private fire(p: JudgeProgress): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.waiting = null;
    this.lastAt = Date.now();
    this.lastStatus = p.status;
    this.send(p).catch(() => {});
  }
}
