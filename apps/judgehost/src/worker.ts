import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import type { JudgeResult, JudgeTask } from '@oj/shared';
import { TestdataCache } from './cache.js';
import { HttpError, JudgeClient } from './client.js';

/** The pipeline's entry as the worker calls it (apps/judgehost/src/pipeline `judge`). */
export type JudgeFn = (
  task: JudgeTask,
  deps: {
    getTestcase(hash: string): Promise<string>;
    workRoot: string;
    onStatus?(s: 6 | 7): void;
    judgehostId: string;
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
 */
export class Judgehost {
  readonly client: JudgeClient;
  readonly cache: TestdataCache;
  private id = '';
  private readonly stopping = new AbortController();
  private readonly running = new Set<number>();
  private loops: Promise<void>[] = [];
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private registering: Promise<void> | null = null;
  private beating: Promise<void> | null = null;
  private readonly workers: number;
  private readonly name: string;
  private readonly log: NonNullable<JudgehostOptions['log']>;

  constructor(private readonly opts: JudgehostOptions) {
    this.client = new JudgeClient({ server: opts.server, token: opts.token });
    this.cache = new TestdataCache(join(opts.cacheDir, 'testdata'), (h) => this.client.blob(h));
    this.workers = Math.max(1, opts.workers ?? os.availableParallelism());
    this.name = opts.name ?? os.hostname();
    this.log =
      opts.log ??
      ((level, msg, extra) =>
        console[level === 'info' ? 'log' : level](
          JSON.stringify({ time: new Date().toISOString(), level, judgehost: this.name, msg, ...extra }),
        ));
  }

  /** The id this judgehost registered with. */
  get judgehostId(): string {
    return this.id;
  }

  /** Job ids being judged right now. */
  get runningJobs(): number[] {
    return [...this.running];
  }

  /** Registers, then starts the heartbeat and the workers. Resolves once registered. */
  async start(): Promise<void> {
    await mkdir(join(this.opts.cacheDir, 'work'), { recursive: true });
    // The sandbox runs programs under other uids: they must be able to traverse into the work root.
    for (const dir of [this.opts.cacheDir, join(this.opts.cacheDir, 'work')]) {
      const mode = (await stat(dir)).mode & 0o7777;
      if ((mode & 0o011) !== 0o011) await chmod(dir, mode | 0o011);
    }
    this.id = this.opts.judgehostId ?? (await this.persistedId());
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
    const all = Promise.all(this.loops);
    await Promise.race([all, sleep(graceMs)]);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    await this.beating;
    if (this.running.size) this.log('warn', 'abandoning running jobs', { jobIds: this.runningJobs });
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
          });
          this.log('info', 'registered', {
            judgehostId: this.id,
            workers: this.workers,
            server: this.opts.server,
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
      });
    } catch (e) {
      if (e instanceof HttpError && e.status === 404) await this.register();
      // Network errors: the server may be restarting; the next beat tries again.
    }
  }

  private async loop(worker: number): Promise<void> {
    let delay = 500;
    const signal = this.stopping.signal;
    while (!signal.aborted) {
      let task: JudgeTask | null;
      const asked = Date.now();
      try {
        task = await this.client.lease(
          {
            judgehostId: this.id,
            lanes: this.opts.lanes ?? ['judge', 'test'],
            waitSeconds: this.opts.waitSeconds ?? 20,
          },
          signal,
        );
        delay = 500;
      } catch (e) {
        if (signal.aborted) break;
        if (e instanceof HttpError && e.status === 404) await this.register();
        else {
          this.log('warn', 'lease failed, retrying', { worker, error: String(e), inMs: delay });
          await sleep(delay, signal);
          delay = Math.min(delay * 2, 10_000);
        }
        continue;
      }
      if (!task) {
        // A server that answers "nothing" at once (waitSeconds 0, or closing) must not be hammered.
        if (Date.now() - asked < 200) await sleep(200, signal);
        continue;
      }
      await this.handle(task, worker);
    }
  }

  private async handle(task: JudgeTask, worker: number): Promise<void> {
    this.running.add(task.jobId);
    const started = Date.now();
    try {
      const result = await this.opts.judge(task, {
        getTestcase: (h) => this.cache.get(h),
        workRoot: join(this.opts.cacheDir, 'work'),
        judgehostId: this.id,
        onStatus: (status) => {
          this.client.progress({ judgehostId: this.id, jobId: task.jobId, status }).catch(() => {});
        },
      });
      const accepted = await this.postResult(result);
      this.log('info', 'judged', {
        worker,
        jobId: task.jobId,
        submitId: task.submitId,
        status: result.status,
        ms: Date.now() - started,
        accepted,
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
