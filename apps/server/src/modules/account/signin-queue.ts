import { tooMany } from '../../lib/errors.js';
import { shareOf } from '../../server-processes.js';

/**
 * The bounded, first-come-first-served queue of sign-ins (issue 22 item 3; docs/security.md). At most
 * `concurrency` sign-ins (credential check, password verification on libuv's threadpool, session) run at once; the
 * others wait in arrival order. A newcomer is refused at once with 429 `account.signInBusy` {seconds} (the error
 * plugin adds Retry-After) when the queue already holds `maxQueue` waiters or its estimated wait exceeds
 * `maxWaitMs`, instead of being answered many seconds later. The estimate is the waiters ahead divided by the
 * concurrency, times the running average duration of a sign-in (or the age of the oldest running one, if larger).
 * A waiter not served within `maxWaitMs` is refused the same way when its time is up.
 */
export interface SignInQueueLimits {
  /** Sign-ins running at once. */
  concurrency: number;
  /** Waiters at most (beyond the running ones). */
  maxQueue: number;
  /** Longest estimated wait, ms, a newcomer is admitted with. */
  maxWaitMs: number;
}

/**
 * 6 s of wait: a contest hall's 200 sign-ins at once (about 2 s of queue on a 2-core machine) are all served in
 * arrival order instead of a share of them being refused and coming back seconds later (with 2.5 s, the slowest
 * sign-in waited 4 to 13 times the median: issue 22's p99 ≤ 3 × p50 was missed); still well under the 13 s answers
 * the queue was made to end.
 */
export const SIGNIN_QUEUE_DEFAULTS: Readonly<SignInQueueLimits> = {
  concurrency: 4,
  maxQueue: 256,
  maxWaitMs: 6000,
};

export class SignInQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Start times (performance.now()) of the running sign-ins. */
  private readonly starts = new Map<object, number>();
  /** Running average duration of one sign-in, ms (exponentially weighted; starts with a guess). */
  private avgMs = 250;

  constructor(public limits: SignInQueueLimits = { ...SIGNIN_QUEUE_DEFAULTS }) {}

  /** The estimated wait, ms, of a sign-in arriving now (0 when a slot is free). */
  estimatedWaitMs(): number {
    if (this.running < this.limits.concurrency) return 0;
    // A running sign-in already older than the average shows the average is stale (the machine got slower).
    const now = performance.now();
    let per = this.avgMs;
    for (const t of this.starts.values()) per = Math.max(per, now - t);
    return Math.ceil((this.waiting.length + 1) / this.limits.concurrency) * per;
  }

  /**
   * Runs `job` when its turn comes (FIFO) and returns its result. Throws 429 account.signInBusy {seconds: the
   * estimated wait, at least 1} without running it when the queue is full or the wait would exceed the bound.
   */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrency) {
      const wait = this.estimatedWaitMs();
      if (this.waiting.length >= this.limits.maxQueue || wait > this.limits.maxWaitMs) {
        throw tooMany('account.signInBusy', { seconds: Math.max(1, Math.ceil(wait / 1000)) });
      }
      // The slot is handed over by the finishing job (running stays counted), so nobody can overtake. A waiter
      // still waiting after maxWaitMs leaves the queue with the same 429: no sign-in waits longer than the bound, and
      // it is answered before any later waiter (later deadline) can be served.
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          const at = this.waiting.indexOf(turn);
          if (at < 0) return;
          this.waiting.splice(at, 1);
          reject(
            tooMany('account.signInBusy', { seconds: Math.max(1, Math.ceil(this.estimatedWaitMs() / 1000)) }),
          );
        }, this.limits.maxWaitMs);
        this.waiting.push(turn);
      });
    } else {
      this.running++;
    }
    const started = performance.now();
    const me = {};
    this.starts.set(me, started);
    try {
      return await job();
    } finally {
      this.starts.delete(me);
      this.avgMs = 0.8 * this.avgMs + 0.2 * (performance.now() - started);
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** The process's sign-in queue (POST /api/login and /api/admin/login). Tests may change its `limits`. */
export const signInQueue = new SignInQueue();

/**
 * Gives this process its share of the machine's sign-in capacity when `processes` server processes share the
 * cores (server-processes.ts): each runs its share of the concurrent password checks and holds its share of the
 * waiters, so together they hash no more at once than one process did (with 4 each, 2 processes on 2 cores ran 8
 * hashes at once, every one slower, and the wait estimates refused a fifth of a contest hall's sign-ins).
 */
export function shareSignInCapacity(processes: number): void {
  signInQueue.limits = {
    ...SIGNIN_QUEUE_DEFAULTS,
    concurrency: shareOf(SIGNIN_QUEUE_DEFAULTS.concurrency, processes),
    maxQueue: shareOf(SIGNIN_QUEUE_DEFAULTS.maxQueue, processes),
  };
}
