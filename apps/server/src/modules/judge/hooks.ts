import type { Db } from '../../db/client.js';
import type { Tx } from '../problem/problem.store.js';

/** What happened to a submission when a verdict landed (judge result, manual judge or cancel). */
export interface SubmissionJudgedEvent {
  submitId: number;
  pid: number;
  uid: string;
  cid: number;
  /** The new status and score. */
  status: number;
  score: number | null;
  /** The verdict that was counted before (null: first verdict), e.g. the old one of a rejudge. */
  previousStatus: number | null;
  /** judge | manual | cancel */
  source: 'judge' | 'manual' | 'cancel';
}

/**
 * Hooks run inside the transaction that applies a verdict, after the submission and problem counters are
 * updated. Contest / ranking modules push their function here at import time; a throwing hook rolls the verdict
 * back (the judgehost then retries), so keep them small and correct.
 */
export const onSubmissionJudged: ((tx: Tx, event: SubmissionJudgedEvent) => Promise<void>)[] = [];

/** Runs every hook in order. */
export async function runJudgedHooks(tx: Tx, event: SubmissionJudgedEvent): Promise<void> {
  for (const h of onSubmissionJudged) await h(tx, event);
}

/** A submission sent back to Pending by a rejudge (its counted verdict stays until the new one lands). */
export interface SubmissionResetEvent {
  submitId: number;
  pid: number;
  uid: string;
  cid: number;
  /** The verdict counted before the reset (null: none yet). */
  previousStatus: number | null;
}

/** Hooks run inside the rejudge transaction, after the submission is reset to Pending. Same rules as above. */
export const onSubmissionReset: ((tx: Tx, event: SubmissionResetEvent) => Promise<void>)[] = [];

/** Runs every reset hook in order. */
export async function runResetHooks(tx: Tx, event: SubmissionResetEvent): Promise<void> {
  for (const h of onSubmissionReset) await h(tx, event);
}

/** A new submission entered the judge queue (Pending); a rejudge runs the reset hooks instead. */
export interface SubmissionQueuedEvent {
  submitId: number;
  pid: number;
  uid: string;
  cid: number;
}

/**
 * Hooks run for a new submission after the transaction that inserted and queued it has committed (issue 22 item 2:
 * the submit answers without waiting for them): the contest scoreboard's pending try, the training cell, the board
 * event. They run off the request, in a transaction of their own (see afterQueued). A throwing hook no longer rolls
 * the submission back: its batch is retried event by event and a failure is reported as a warning (the cells are
 * recomputed from the submissions, so the next change of that cell repairs it).
 */
export const onSubmissionQueued: ((tx: Tx, event: SubmissionQueuedEvent) => Promise<void>)[] = [];

/** Runs every queued hook in order. */
export async function runQueuedHooks(tx: Tx, event: SubmissionQueuedEvent): Promise<void> {
  for (const h of onSubmissionQueued) await h(tx, event);
}

/**
 * Per database: the events waiting for their queued hooks, the drain that is running (if any) and how many submits
 * are being answered right now (the drain lets them pass first).
 */
interface Backlog {
  events: SubmissionQueuedEvent[];
  running: Promise<void> | null;
  answering: number;
}
const backlog = new WeakMap<Db, Backlog>();
/** How long (ms) the queued hooks yield to submits being answered before they run anyway. */
export const QUEUED_HOOKS_MAX_DEFER_MS = 1000;
/** Events per hooks transaction: short enough that a submit arriving meanwhile waits for one batch at most. */
export const QUEUED_HOOKS_BATCH = 20;

function backlogOf(db: Db): Backlog {
  let b = backlog.get(db);
  if (!b) {
    b = { events: [], running: null, answering: 0 };
    backlog.set(db, b);
  }
  return b;
}

/**
 * Runs `answer` (one submit's admission and insert) counted as a submit being answered on `db`: while any is, the
 * queued hooks of earlier submits wait (up to QUEUED_HOOKS_MAX_DEFER_MS), so a burst's answers do not queue behind
 * its board work on a single-threaded PGlite. Returns what `answer` returns.
 */
export async function answeringSubmit<T>(db: Db, answer: () => Promise<T>): Promise<T> {
  const b = backlogOf(db);
  b.answering++;
  try {
    return await answer();
  } finally {
    b.answering--;
  }
}

/**
 * Takes a committed new submission (`event`) and runs its queued hooks off the request: once no submit is being
 * answered (answeringSubmit; at the latest after QUEUED_HOOKS_MAX_DEFER_MS), up to QUEUED_HOOKS_BATCH waiting events
 * in one transaction (a burst of submits costs a few transactions of hooks, not one each); a batch that fails is retried
 * event by event so one bad event does not drop the others. Returns at once; queuedHooksIdle(db) resolves when
 * everything handed over so far has run.
 */
export function afterQueued(db: Db, event: SubmissionQueuedEvent): void {
  if (!onSubmissionQueued.length) return;
  const b = backlogOf(db);
  b.events.push(event);
  if (!b.running) b.running = drain(db, b);
}

/** Runs the backlog's batches until it is empty (see afterQueued). */
async function drain(db: Db, b: Backlog): Promise<void> {
  try {
    while (b.events.length) {
      const since = Date.now();
      await new Promise((r) => setImmediate(r));
      while (b.answering > 0 && Date.now() - since < QUEUED_HOOKS_MAX_DEFER_MS) {
        await new Promise((r) => setTimeout(r, 5));
      }
      const batch = b.events.splice(0, QUEUED_HOOKS_BATCH);
      try {
        await db.transaction(async (tx) => {
          for (const e of batch) await runQueuedHooks(tx, e);
        });
      } catch {
        for (const e of batch) {
          await db
            .transaction((tx) => runQueuedHooks(tx, e))
            .catch((err: Error) =>
              process.emitWarning(`submission ${e.submitId}: queued hooks failed: ${err.message}`),
            );
        }
      }
    }
  } finally {
    b.running = null;
  }
}

/** Resolves when every event handed to afterQueued on `db` so far has had its hooks run (tests, shutdown). */
export async function queuedHooksIdle(db: Db): Promise<void> {
  for (let b = backlog.get(db); b?.running; b = backlog.get(db)) await b.running;
}

/** A judgehost reported progress of a submission it is judging (issue 14; the live stream's progress, issue 10 §4). */
export interface SubmissionProgressEvent {
  submitId: number;
  uid: string;
  cid: number;
  /** Compiling (6) or Judging (7). */
  status: number;
  /** Cases finished / cases of the task, when the judgehost sent them. */
  judged: number | null;
  total: number | null;
}

/**
 * Hooks run after a progress report was stored (its statement has committed; there is no transaction). Progress is
 * advisory: a failing hook is ignored and never fails the judgehost's call.
 */
export const onSubmissionProgress: ((db: Db, event: SubmissionProgressEvent) => Promise<void>)[] = [];

/** Runs every progress hook; failures are dropped (the next report or the verdict corrects what was missed). */
export async function runProgressHooks(db: Db, event: SubmissionProgressEvent): Promise<void> {
  await Promise.allSettled(onSubmissionProgress.map((h) => h(db, event)));
}
