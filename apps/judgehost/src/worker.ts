import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { type JudgeResult, JudgeStatus, type JudgeTask, judgeTask } from '@oj/shared';
import { TestdataCache } from './cache.js';
import { HttpError, JudgeClient } from './client.js';
import { judgehostLogger, logTo } from './log.js';
import { MachineHealth } from './machine-health.js';
import type { ProgressStatus } from './pipeline/index.js';
import { ProgressReporter } from './progress.js';
import type { RemoteJudgeFn } from './remote/remote-judge.js';
import { workerCpu } from './sandbox/cpus.js';
import { failedResult, taskDeadlineMs } from './task-limits.js';

/** The pipeline's entry as the worker calls it (apps/judgehost/src/pipeline `judge`). */
export type JudgeFn = (
  task: JudgeTask,
  deps: {
    getTestcase(hash: string): Promise<string>;
    workRoot: string;
    onStatus?(s: ProgressStatus, judged: number, total: number): void;
    judgehostId: string;
    /** The CPU this worker's runs are pinned to (sandbox `workerCpu`). */
    cpu?: number;
    /** This worker's slot (0..workers-1): the pipeline keeps a compile box session per slot. */
    worker?: number;
    onPhase?(phase: 'prepare' | 'data' | 'case', ms: number): void;
    /** Aborted at the task's deadline (the pipeline then cancels its runs and closes its box sessions). */
    signal?: AbortSignal;
    /** Takes the task's clean-up (sessions closed, task dir removed) so the result can be posted meanwhile. */
    cleanup?(done: Promise<void>): void;
  },
) => Promise<JudgeResult>;

export interface JudgehostOptions {
  server: string;
  token: string;
  /** Parallel workers (default: one per core). */
  workers?: number;
  /** Display name (default: the host name). */
  name?: string;
  /** Cache directory: test data, work dirs, the persisted judgehost id. */
  cacheDir: string;
  /** Stable id; default: read from / written to `<cacheDir>/judgehost-<name>.id`. */
  judgehostId?: string;
  judge: JudgeFn;
  /** Languages with versions and availability (the registry's `languageInfo`). */
  languages: () => Promise<{ name: string; version: string; available: boolean }[]>;
  lanes?: ('judge' | 'test')[];
  heartbeatMs?: number;
  /** Seconds the server may hold a lease request. */
  waitSeconds?: number;
  log?: (level: 'info' | 'warn' | 'error', msg: string, extra?: Record<string, unknown>) => void;
  /** Per-task deadline, ms (default `taskDeadlineMs`). */
  deadlineMs?: (task: JudgeTask) => number;
  /**
   * Checks that this machine can judge (the sandbox's self-check): what is wrong, or null. Run at start, after
   * every System Error (a failing check makes it the machine's fault: the job goes back to the queue) and, while
   * it fails, every `recheckMs`. Without it the judgehost never considers itself broken.
   */
  machineCheck?: () => Promise<string | null>;
  /** How often a judgehost that cannot judge checks itself again, ms (default 30 000). */
  recheckMs?: number;
  /** Called at the end of `stop` (the pipeline's kept compile boxes are closed there: `closeCompileBoxes`). */
  afterStop?: () => Promise<void>;
  /**
   * Remote judging (`OJ_REMOTE_JUDGE=true`, docs/remote-judges.md): the workers lease with `remote: true` while
   * fewer than `max` remote jobs run; a leased remote job is handed to `judge` (no sandbox, no box session) and
   * the worker goes back to leasing at once, so remote jobs never hold a sandbox worker or its CPU.
   */
  remote?: { judge: RemoteJudgeFn; max: number };
}

/**
 * The worker's default log: one JSON line per event (pino, ./log.ts), info on stdout, warn and error on stderr
 * (the embedded judgehost's parent reads them).
 */
export function jsonLog(name: string): NonNullable<JudgehostOptions['log']> {
  return logTo(judgehostLogger(name, 'json'));
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        resolve();
      },
      { once: true },
    );
  });

/**
 * A judgehost: registers with the server (retrying until it answers), heart-beats, and runs N workers that
 * long-poll for jobs, judge them with the pipeline and post the results (retrying with backoff: a finished
 * result is never dropped silently). Survives server restarts (re-registers when the server forgot it).
 * A machine that cannot judge (`machineCheck` fails) leases nothing, gives back the job that showed it, and says so
 * in its register / heartbeat (`problem`) until a later check passes.
 */
export class Judgehost {
  readonly client: JudgeClient;
  readonly cache: TestdataCache;
  private id = '';
  private readonly stopping = new AbortController();
  private readonly running = new Set<number>();
  private loops: Promise<void>[] = [];
  /** Remote jobs being judged on their sites (job id -> its promise, which posts the result). */
  private readonly remoteJobs = new Map<number, Promise<void>>();
  /** Aborted when `stop`'s grace period ends: remote jobs still polling then end as Submitted Failed. */
  private readonly remoteAbort = new AbortController();
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private registering: Promise<void> | null = null;
  private beating: Promise<void> | null = null;
  private readonly workers: number;
  private readonly name: string;
  private readonly log: NonNullable<JudgehostOptions['log']>;
  readonly health: MachineHealth;

  constructor(private readonly opts: JudgehostOptions) {
    this.client = new JudgeClient({ server: opts.server, token: opts.token });
    this.cache = new TestdataCache(join(opts.cacheDir, 'testdata'), (h) => this.client.blob(h));
    this.workers = Math.max(1, opts.workers ?? os.availableParallelism());
    this.name = opts.name ?? os.hostname();
    this.log = opts.log ?? jsonLog(this.name);
    this.health = new MachineHealth(
      opts.machineCheck,
      this.log,
      () => {
        // Told to the server at once (a registration in flight carries it already).
        if (this.heartbeatTimer && !this.registering && !this.beating)
          this.beating = this.beat().finally(() => (this.beating = null));
      },
      opts.recheckMs,
    );
  }

  /** The id this judgehost registered with. */
  get judgehostId(): string {
    return this.id;
  }

  /** Job ids being judged right now. */
  get runningJobs(): number[] {
    return [...this.running];
  }

  /**
   * Checks the machine, then registers (with the check's problem, if any), starts the heartbeat and the workers
   * (they lease nothing while the machine cannot judge). Resolves once registered.
   */
  async start(): Promise<void> {
    await mkdir(join(this.opts.cacheDir, 'work'), { recursive: true });
    // The sandbox runs programs under other uids: they must be able to traverse into the work root.
    for (const dir of [this.opts.cacheDir, join(this.opts.cacheDir, 'work')]) {
      const mode = (await stat(dir)).mode & 0o7777;
      if ((mode & 0o011) !== 0o011) await chmod(dir, mode | 0o011);
    }
    this.id = this.opts.judgehostId ?? (await this.persistedId());
    await this.health.recheck();
    await this.register();
    const hbMs = this.opts.heartbeatMs ?? 5000;
    this.heartbeatTimer = setInterval(() => {
      if (!this.beating) this.beating = this.beat().finally(() => (this.beating = null));
    }, hbMs);
    for (let i = 0; i < this.workers; i++) this.loops.push(this.loop(i));
  }

  /**
   * Stops leasing at once; waits up to `graceMs` for running jobs to finish and post their results (their
   * leases expire on the server otherwise, and the jobs are judged again elsewhere).
   */
  async stop(graceMs = 30_000): Promise<void> {
    this.stopping.abort();
    // Remote jobs keep polling their sites during the grace period (their code is on the site already).
    const all = Promise.all([...this.loops, ...this.remoteJobs.values()]);
    await Promise.race([all, sleep(graceMs)]);
    this.remoteAbort.abort();
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.health.stop();
    await this.beating;
    if (this.running.size) this.log('warn', 'abandoning running jobs', { jobIds: this.runningJobs });
    await this.opts.afterStop?.().catch(() => {});
  }

  private async persistedId(): Promise<string> {
    const file = join(this.opts.cacheDir, `judgehost-${this.name.replace(/[^\w.-]/g, '_')}.id`);
    try {
      const id = (await readFile(file, 'utf8')).trim();
      if (id) return id;
    } catch {
      // first start
    }
    const id = `${this.name.replace(/[^\w.-]/g, '_').slice(0, 60)}-${randomBytes(4).toString('hex')}`;
    await writeFile(file, id);
    return id;
  }

  /** Registers, retrying with backoff until the server answers (or stop). Concurrent callers share one attempt. */
  private register(): Promise<void> {
    this.registering ??= (async () => {
      let delay = 500;
      const languages = await this.opts.languages();
      while (!this.stopping.signal.aborted) {
        try {
          await this.client.register({
            judgehostId: this.id,
            name: this.name,
            hostname: os.hostname(),
            version: '0.1.0',
            cpuCount: os.availableParallelism(),
            workers: this.workers,
            languages,
            problem: this.health.problem,
          });
          this.log('info', 'registered', {
            judgehostId: this.id,
            workers: this.workers,
            server: this.opts.server,
            ...(this.health.problem ? { problem: this.health.problem } : {}),
          });
          return;
        } catch (e) {
          this.log('warn', 'register failed, retrying', { error: String(e), inMs: delay });
          await sleep(delay, this.stopping.signal);
          delay = Math.min(delay * 2, 10_000);
        }
      }
    })().finally(() => {
      this.registering = null;
    });
    return this.registering;
  }

  private async beat(): Promise<void> {
    try {
      await this.client.heartbeat({
        judgehostId: this.id,
        running: this.running.size,
        load: os.loadavg()[0],
        jobIds: this.runningJobs,
        problem: this.health.problem,
      });
    } catch (e) {
      if (e instanceof HttpError && e.status === 404) await this.register();
      // Network errors: the server may be restarting; the next beat tries again.
    }
  }

  /** One lease call: the raw task or null. Errors (logged, 404 registers again, backoff in `state`) give null. */
  private async leaseOnce(
    worker: number,
    waitSeconds: number,
    signal: AbortSignal | undefined,
    state: { delay: number },
  ): Promise<unknown> {
    try {
      const task = await this.client.lease(
        {
          judgehostId: this.id,
          lanes: this.opts.lanes ?? ['judge', 'test'],
          waitSeconds,
          // Remote jobs are submissions (the judge lane), at most `remote.max` at once.
          ...(this.opts.remote
            ? {
                remote:
                  (this.opts.lanes ?? ['judge']).includes('judge') &&
                  this.remoteJobs.size < this.opts.remote.max,
              }
            : {}),
        },
        signal,
      );
      state.delay = 500;
      return task;
    } catch (e) {
      if (this.stopping.signal.aborted) return null;
      if (e instanceof HttpError && e.status === 404) await this.register();
      else {
        this.log('warn', 'lease failed, retrying', { worker, error: String(e), inMs: state.delay });
        await sleep(state.delay, this.stopping.signal);
        state.delay = Math.min(state.delay * 2, 10_000);
      }
      return null;
    }
  }

  /**
   * A worker: long-polls for a job, judges it, then sends its next lease without waiting (`waitSeconds` 0) and
   * posts the result in the background, and judges the next job meanwhile. At most one result of a worker is in
   * flight: the next post waits for it. A job that arrives once stopping has begun is released, not judged.
   */
  private async loop(worker: number): Promise<void> {
    const signal = this.stopping.signal;
    const state = { delay: 500 };
    let posting: Promise<void> = Promise.resolve();
    let prefetched: { raw: unknown; asked: number } | null = null;
    let cleaning: Promise<void> = Promise.resolve();
    while (!signal.aborted) {
      if (this.health.problem && !prefetched) {
        // This machine cannot judge: no lease until its check passes again (or stop).
        await this.health.whileBroken(signal);
        continue;
      }
      const asked = prefetched?.asked ?? Date.now();
      const raw =
        prefetched?.raw ?? (await this.leaseOnce(worker, this.opts.waitSeconds ?? 20, signal, state));
      prefetched = null;
      if (!raw) {
        // A server that answers "nothing" at once (waitSeconds 0, or closing) must not be hammered.
        if (!signal.aborted && Date.now() - asked < 200) await sleep(200, signal);
        continue;
      }
      const task = await this.checked(raw, worker);
      if (!task) continue;
      if (signal.aborted) {
        await this.release(task);
        break;
      }
      if (task.remote) {
        this.startRemote(task, worker);
        continue;
      }
      // The previous task's clean-up ran while its result was posted and this lease answered.
      await cleaning;
      const judged = await this.judgeOne(task, worker, Date.now() - asked);
      cleaning = judged.cleanup;
      if (await this.health.atFault(judged.result)) {
        // Not the submission's fault: another judgehost judges it (no System Error for this machine's state).
        this.log('warn', 'giving the job back: this machine cannot judge', {
          worker,
          jobId: task.jobId,
          error: judged.result.errorMessage,
        });
        this.running.delete(task.jobId);
        await this.release(task);
        continue;
      }
      // The next lease is sent before the result so the server answers it first (the result's transaction is
      // longer). Not tied to `signal`: an answer already on its way is received and released rather than lost.
      const next = Date.now();
      const leasing = signal.aborted ? null : this.leaseOnce(worker, 0, undefined, state);
      await posting;
      posting = this.postJudged(judged, worker);
      if (!leasing) break;
      prefetched = { raw: await leasing, asked: next };
    }
    if (prefetched?.raw) {
      const task = await this.checked(prefetched.raw, worker);
      if (task) await this.release(task);
    }
    await Promise.all([posting, cleaning]);
  }

  /**
   * Checks a leased task against the shared schema: a malformed task is reported as System Error when its jobId
   * and version can be read, else dropped with a log line; null then.
   */
  private async checked(raw: unknown, worker: number): Promise<JudgeTask | null> {
    const parsed = judgeTask.safeParse(raw);
    if (parsed.success) return parsed.data;
    const { jobId, version } = (raw ?? {}) as { jobId?: unknown; version?: unknown };
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    this.log('error', 'malformed task from the server', { worker, jobId, issues });
    if (Number.isInteger(jobId) && Number.isInteger(version)) {
      const message = `Malformed task from the server: ${issues}`.slice(0, 4000);
      await this.postResult(failedResult(this.id, jobId as number, version as number, message));
    }
    return null;
  }

  /**
   * Judges a remote job on its site in the background (the worker leases on meanwhile) and posts its result. A
   * judgehost without remote judging should never be sent one (it does not lease with `remote`): Submitted Failed.
   */
  private startRemote(task: JudgeTask, worker: number): void {
    const remote = this.opts.remote;
    const started = performance.now();
    this.running.add(task.jobId);
    const done = (async () => {
      const result: JudgeResult = remote
        ? await remote.judge(task, this.id, this.remoteAbort.signal, () => {
            // The site holds the code: the submission shows Judging (the lease made it Compiling).
            this.client
              .progress({ judgehostId: this.id, jobId: task.jobId, status: JudgeStatus.JUDGING })
              .catch(() => undefined);
          })
        : {
            ...failedResult(
              this.id,
              task.jobId,
              task.version,
              'This judgehost does not judge remote problems',
            ),
            status: JudgeStatus.SUBMITTED_FAILED,
            remote: task.remote ? { runId: null, accountId: task.remote.account.id } : null,
          };
      const accepted = await this.postResult(result);
      this.log('info', 'judged', {
        worker,
        jobId: task.jobId,
        submitId: task.submitId,
        status: result.status,
        remote: { oj: task.remote?.oj, problemId: task.remote?.problemId, ...result.remote },
        ms: Math.round(performance.now() - started),
        accepted,
      });
    })()
      .catch((e) => this.log('error', 'remote job failed', { jobId: task.jobId, error: String(e) }))
      .finally(() => {
        this.running.delete(task.jobId);
        this.remoteJobs.delete(task.jobId);
      });
    this.remoteJobs.set(task.jobId, done);
  }

  /** Gives a leased job back to the server (queued again there without counting an attempt). */
  private async release(task: JudgeTask): Promise<void> {
    try {
      await this.client.release({ judgehostId: this.id, jobIds: [task.jobId] });
      this.log('info', 'released', { jobId: task.jobId });
    } catch (e) {
      // Its lease expires on the server and the job is queued again there.
      this.log('warn', 'release failed', { jobId: task.jobId, error: String(e) });
    }
  }

  /**
   * Runs the pipeline on one task under the per-task deadline (past it: System Error, and the slot is free again;
   * the pipeline is told through an AbortSignal and cancels its runs and closes its box sessions). Returns the result with the phase timings (ms) for the log
   * and the task's clean-up (box sessions closing, task dir removal; never rejects), still running.
   */
  private async judgeOne(task: JudgeTask, worker: number, leaseMs: number) {
    this.running.add(task.jobId);
    const started = performance.now();
    const phases = {
      leasedAt: Date.now(),
      leaseMs,
      prepareMs: 0,
      dataMs: 0,
      caseMs: 0,
      cases: 0,
      judgeMs: 0,
      postMs: 0,
    };
    const limitMs = (this.opts.deadlineMs ?? taskDeadlineMs)(task);
    let timer: NodeJS.Timeout | undefined;
    let result: JudgeResult;
    const deadline = new AbortController();
    const progress = new ProgressReporter((p) => this.client.progress(p));
    let cleanup: Promise<void> = Promise.resolve();
    try {
      const judged = this.opts.judge(task, {
        signal: deadline.signal,
        getTestcase: (h) => this.cache.get(h),
        workRoot: join(this.opts.cacheDir, 'work'),
        judgehostId: this.id,
        cpu: workerCpu(worker),
        worker,
        onStatus: (status, judged, total) => {
          // The lease marked the job Compiling already (server leaseOne): no round trip for saying it again.
          if (status === JudgeStatus.COMPILING && judged === 0) return;
          progress.report({ judgehostId: this.id, jobId: task.jobId, status, judged, total });
        },
        onPhase: (phase, ms) => {
          phases[`${phase}Ms`] += ms;
          if (phase === 'case') phases.cases++;
        },
        cleanup: (done) => {
          cleanup = done;
        },
      });
      const late = new Promise<JudgeResult>((resolve) => {
        timer = setTimeout(() => {
          const message = `The judge did not finish within ${Math.ceil(limitMs / 1000)} s`;
          this.log('error', 'task past its deadline', { worker, jobId: task.jobId, limitMs });
          deadline.abort(); // the pipeline cancels its runs and closes its box sessions
          resolve(failedResult(this.id, task.jobId, task.version, message));
        }, limitMs);
      });
      result = await Promise.race([judged, late]);
    } catch (e) {
      this.running.delete(task.jobId);
      throw e;
    } finally {
      clearTimeout(timer);
      progress.close();
    }
    phases.judgeMs = performance.now() - started;
    return { task, result, phases, cleanup };
  }

  /** Posts a judged task's result (see postResult), logs it with its phases, and forgets the job. */
  private async postJudged(j: Awaited<ReturnType<Judgehost['judgeOne']>>, worker: number): Promise<void> {
    const { task, result, phases } = j;
    const posted = performance.now();
    try {
      const accepted = await this.postResult(result);
      phases.postMs = performance.now() - posted;
      this.log('info', 'judged', {
        worker,
        jobId: task.jobId,
        submitId: task.submitId,
        status: result.status,
        ms: Math.round(phases.judgeMs + phases.postMs),
        accepted,
        phases: Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, Math.round(v * 10) / 10])),
      });
    } finally {
      this.running.delete(task.jobId);
    }
  }

  /**
   * Posts a result until the server answers: network errors and 5xx are retried with backoff (1 s doubling to
   * 30 s) for as long as it takes, also during shutdown's grace period. Returns whether it was accepted.
   */
  private async postResult(result: JudgeResult): Promise<boolean> {
    let delay = 1000;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.client.result(result);
      } catch (e) {
        if (e instanceof HttpError && e.status >= 400 && e.status < 500) {
          this.log('error', 'result refused by the server', { jobId: result.jobId, error: e.message });
          return false;
        }
        this.log('warn', 'posting result failed, retrying', {
          jobId: result.jobId,
          attempt,
          error: String(e),
        });
        await sleep(delay);
        delay = Math.min(delay * 2, 30_000);
      }
    }
  }
}
