import { type JudgeResult, JudgeStatus } from '@oj/shared';

type Log = (level: 'info' | 'warn' | 'error', msg: string, extra?: Record<string, unknown>) => void;

/**
 * Whether this judgehost's machine can judge (issue 22): `check` (the sandbox's self-check: what is wrong, or
 * null) runs at start, after every System Error (a failing check makes it the machine's fault, not the
 * submission's) and, while it fails, every `recheckMs`. `onChange` is told each change (the worker heart-beats
 * it to the server at once); workers wait in `whileBroken` instead of leasing.
 */
export class MachineHealth {
  private current: string | null = null;
  private checking: Promise<string | null> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private healed = resolvable();

  constructor(
    private readonly check: (() => Promise<string | null>) | undefined,
    private readonly log: Log,
    private readonly onChange: () => void,
    private readonly recheckMs = 30_000,
  ) {}

  /** Why the machine cannot judge now, or null. */
  get problem(): string | null {
    return this.current;
  }

  /** Runs the check (one at a time: concurrent callers share it) and records its answer; returns it. */
  async recheck(): Promise<string | null> {
    const check = this.check;
    if (!check) return null;
    this.checking ??= check()
      .catch((e: unknown) => `the machine check failed: ${String(e)}`)
      .finally(() => {
        this.checking = null;
      });
    const problem = await this.checking;
    this.set(problem);
    return problem;
  }

  /**
   * After a judged task: whether its System Error is the machine's fault (it could not judge already, or the check
   * fails now). Any other status, or no check configured: false.
   */
  async atFault(result: JudgeResult): Promise<boolean> {
    if (result.status !== JudgeStatus.SYSTEM_ERROR || !this.check) return false;
    if (this.current) return true;
    return (await this.recheck()) !== null;
  }

  /** Resolves at once while the machine can judge; else when it can again or `signal` aborts. */
  async whileBroken(signal: AbortSignal): Promise<void> {
    if (!this.current || signal.aborted) return;
    await Promise.race([
      this.healed.promise,
      new Promise((r) => signal.addEventListener('abort', r, { once: true })),
    ]);
  }

  /** Stops the periodic re-check. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private set(problem: string | null): void {
    if (problem === this.current) return;
    const was = this.current;
    this.current = problem;
    if (problem) {
      this.log('error', 'this machine cannot judge: not leasing until its sandbox check passes', { problem });
      this.timer ??= setInterval(() => void this.recheck(), this.recheckMs);
    } else {
      this.log('info', 'the sandbox check passes again: leasing', { was });
      this.stop();
      this.healed.resolve();
      this.healed = resolvable();
    }
    this.onChange();
  }
}

/** A promise with its resolve function. */
function resolvable(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
