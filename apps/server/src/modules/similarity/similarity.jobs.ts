import { type ChildProcess, fork } from 'node:child_process';
import type { SimilarityJobVo, SimilarityPick, SimilarityScope } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { dolosLanguage } from './similarity.languages.js';
import { loadScopeSubmissions, type ScopeSubmission } from './similarity.scope.js';

/** The child process's script (plain JS beside this file; the server bundle keeps the source path). */
const WORKER = new URL('./similarity.worker.mjs', import.meta.url);
/** Pairs kept per group (a problem's submissions in one language family), most similar first. */
const KEEP_PER_GROUP = 300;
/** Heap of the child (MB) and the longest a check may run before it is stopped (ms). */
const CHILD_HEAP_MB = 1024;
const CHILD_TIMEOUT_MS = 30 * 60_000;

/** A pair as kept: submission ids, scores, the fragments as 8 numbers each. */
export interface StoredPair {
  left: number;
  right: number;
  similarity: number;
  overlap: number;
  longest: number;
  fragments: number[][] | null;
}

/** A scope's check: its progress and, once done, its pairs per group, with the submissions they name (no code). */
export interface SimilarityJob {
  vo: SimilarityJobVo;
  groups: { pid: number; displayId: string; family: string; pairs: StoredPair[] }[];
  submissions: Map<number, Omit<ScopeSubmission, 'code'>>;
  child: ChildProcess | null;
}

/** Checks per app (per database): tests run several apps in one process. */
const jobsByApp = new WeakMap<AppContext, Map<string, SimilarityJob>>();
function jobsOf(ctx: AppContext): Map<string, SimilarityJob> {
  const m = jobsByApp.get(ctx) ?? new Map<string, SimilarityJob>();
  jobsByApp.set(ctx, m);
  return m;
}
/** Checks run one at a time on the machine (one child process): the rest wait in this queue, first come first. */
const waiting: { job: SimilarityJob; ctx: AppContext }[] = [];
let running: SimilarityJob | null = null;

const keyOf = (scope: SimilarityScope, id: number) => `${scope}:${id}`;

function emptyVo(scope: SimilarityScope, id: number, pick: SimilarityPick = 'accepted'): SimilarityJobVo {
  return {
    scope,
    id,
    state: 'none',
    pick,
    done: 0,
    total: 0,
    files: 0,
    truncated: false,
    pairs: 0,
    queuedAt: null,
    startedAt: null,
    finishedAt: null,
    elapsedMs: null,
    error: null,
  };
}

/** The scope's latest check (state `none` when it never ran in this server process). */
export function getJob(ctx: AppContext, scope: SimilarityScope, id: number): SimilarityJob | null {
  return jobsOf(ctx).get(keyOf(scope, id)) ?? null;
}

/** The scope's check as the page polls it. */
export function jobStatus(ctx: AppContext, scope: SimilarityScope, id: number): SimilarityJobVo {
  return getJob(ctx, scope, id)?.vo ?? emptyVo(scope, id);
}

/**
 * Starts a check of `scope`/`id` over the `pick` submissions (issue 29 part 1), or returns the one already
 * queued or running for that scope (one at a time per scope). The check runs in a child process, one check at a
 * time on the machine, never on the verdict path; its earlier result is replaced when the new one is done.
 */
export function startJob(
  ctx: AppContext,
  scope: SimilarityScope,
  id: number,
  pick: SimilarityPick,
): SimilarityJobVo {
  const jobs = jobsOf(ctx);
  const key = keyOf(scope, id);
  const old = jobs.get(key);
  if (old && (old.vo.state === 'queued' || old.vo.state === 'running')) return old.vo;
  const job: SimilarityJob = {
    vo: { ...emptyVo(scope, id, pick), state: 'queued', queuedAt: new Date().toISOString() },
    groups: [],
    submissions: new Map(),
    child: null,
  };
  jobs.set(key, job);
  waiting.push({ job, ctx });
  pump();
  return job.vo;
}

function pump(): void {
  if (running) return;
  const next = waiting.shift();
  if (!next) return;
  running = next.job;
  run(next.ctx, next.job)
    .catch((e: unknown) => {
      next.job.vo = {
        ...next.job.vo,
        state: 'failed',
        error: e instanceof Error ? e.message : String(e),
        finishedAt: new Date().toISOString(),
      };
    })
    .finally(() => {
      next.job.child = null;
      running = null;
      pump();
    });
}

/** Groups the submissions by problem and language family: the unit Dolos compares within. */
function groupSubmissions(rows: ScopeSubmission[]) {
  const groups = new Map<
    string,
    { pid: number; displayId: string; family: string; files: ScopeSubmission[] }
  >();
  for (const r of rows) {
    const family = dolosLanguage(r.language);
    const key = `${r.pid}|${family}`;
    const g = groups.get(key) ?? { pid: r.pid, displayId: r.displayId, family, files: [] };
    groups.set(key, g);
    g.files.push(r);
  }
  return [...groups.entries()].map(([key, g]) => ({ key, ...g }));
}

async function run(ctx: AppContext, job: SimilarityJob): Promise<void> {
  const started = Date.now();
  job.vo = { ...job.vo, state: 'running', startedAt: new Date(started).toISOString() };
  const { rows, truncated } = await loadScopeSubmissions(ctx, job.vo.scope, job.vo.id, job.vo.pick);
  const groups = groupSubmissions(rows).filter((g) => g.files.length >= 2);
  job.vo = { ...job.vo, files: rows.length, truncated, total: groups.length };
  for (const r of rows) {
    const { code: _code, ...meta } = r;
    job.submissions.set(r.id, meta);
  }
  const results = groups.length
    ? await runChild(job, {
        groups: groups.map((g) => ({
          key: g.key,
          language: g.family,
          files: g.files.map((f) => ({ id: f.id, content: f.code })),
        })),
        keepPerGroup: KEEP_PER_GROUP,
        fragmentsPerGroup: KEEP_PER_GROUP,
      })
    : [];
  const byKey = new Map(results.map((r) => [r.key, r.pairs]));
  job.groups = groups.map((g) => ({
    pid: g.pid,
    displayId: g.displayId,
    family: g.family,
    pairs: byKey.get(g.key) ?? [],
  }));
  job.vo = {
    ...job.vo,
    state: 'done',
    done: groups.length,
    pairs: job.groups.reduce((n, g) => n + g.pairs.length, 0),
    finishedAt: new Date().toISOString(),
    elapsedMs: Date.now() - started,
  };
}

interface ChildInput {
  groups: { key: string; language: string; files: { id: number; content: string }[] }[];
  keepPerGroup: number;
  fragmentsPerGroup: number;
}
type ChildMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; groups: { key: string; pairs: StoredPair[] }[] }
  | { type: 'error'; message: string };

/** Runs the worker script on `input` in a child process with a bounded heap and run time; resolves its groups. */
export function runWorker(
  input: ChildInput,
  onProgress: (done: number, total: number) => void = () => {},
  onChild: (c: ChildProcess) => void = () => {},
): Promise<{ key: string; pairs: StoredPair[] }[]> {
  return new Promise((resolve, reject) => {
    const child = fork(WORKER, [], {
      execArgv: [`--max-old-space-size=${CHILD_HEAP_MB}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    onChild(child);
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      if (stderr.length < 4000) stderr += d.toString();
    });
    let settled = false;
    const timer = setTimeout(() => {
      finish(new Error(`the check took longer than ${CHILD_TIMEOUT_MS / 60_000} minutes`));
      child.kill('SIGKILL');
    }, CHILD_TIMEOUT_MS);
    const finish = (err: Error | null, groups?: { key: string; pairs: StoredPair[] }[]) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(groups ?? []);
    };
    child.on('message', (m: ChildMessage) => {
      if (m.type === 'progress') onProgress(m.done, m.total);
      else if (m.type === 'done') finish(null, m.groups);
      else finish(new Error(m.message));
    });
    child.on('error', (e) => finish(e));
    child.on('exit', (code, signal) =>
      finish(
        new Error(`the check stopped (${signal ?? `exit ${code}`}) ${stderr.trim().slice(0, 500)}`.trim()),
      ),
    );
    child.send(input);
  });
}

function runChild(job: SimilarityJob, input: ChildInput) {
  return runWorker(
    input,
    (done, total) => {
      job.vo = { ...job.vo, done, total };
    },
    (c) => {
      job.child = c;
    },
  );
}

/** Stops the app's queued and running checks and forgets its results (the app closes). */
export function stopJobs(ctx: AppContext): void {
  for (let i = waiting.length - 1; i >= 0; i--) if (waiting[i]!.ctx === ctx) waiting.splice(i, 1);
  for (const j of jobsOf(ctx).values()) j.child?.kill('SIGKILL');
  jobsByApp.delete(ctx);
}
