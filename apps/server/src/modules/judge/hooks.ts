import type { AppEvents } from '../../app-events.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';

/**
 * The submission events' payloads (app-events.ts `EventMap`: `submission/judged`, `submission/reset`,
 * `submission/queued`, `submission/progress`), and the off-request run of `submission/queued`: its listeners (the
 * contest scoreboard's pending try, the training cell, the board event) run after the transaction that inserted and
 * queued the submission has committed (issue 22 item 2: the submit answers without waiting for them), in a
 * transaction of their own (see afterQueued). A throwing listener no longer rolls the submission back: its batch is
 * retried event by event and a failure is reported as a warning (the cells are recomputed from the submissions, so
 * the next change of that cell repairs it).
 */

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

/** A submission sent back to Pending by a rejudge (its counted verdict stays until the new one lands). */
export interface SubmissionResetEvent {
  submitId: number;
  pid: number;
  uid: string;
  cid: number;
  /** The verdict counted before the reset (null: none yet). */
  previousStatus: number | null;
}

/** A new submission entered the judge queue (Pending); a rejudge emits `submission/reset` instead. */
export interface SubmissionQueuedEvent {
  submitId: number;
  pid: number;
  uid: string;
  cid: number;
}

/**
 * Per database: the events waiting for their queued hooks, the drain that is running (if any) and how many submits
 * are being answered right now (the drain lets them pass first).
 */
interface Backlog {
  events: (SubmissionQueuedEvent & { seq: number })[];
  running: Promise<void> | null;
  answering: number;
  /** The last event handed over (its number; events are numbered in order) and the batch being run. */
  seq: number;
  inFlight: (SubmissionQueuedEvent & { seq: number })[];
  /** Every event numbered up to this has had its hooks run. */
  doneSeq: number;
  /** Readers waiting until doneSeq reaches their number (queuedHooksIdleFor). */
  waiters: { seq: number; resolve: () => void }[];
}
const backlog = new WeakMap<Db, Backlog>();
/** How long (ms) the queued hooks yield to submits being answered before they run anyway. */
export const QUEUED_HOOKS_MAX_DEFER_MS = 1000;
/** Events per hooks transaction: short enough that a submit arriving meanwhile waits for one batch at most. */
export const QUEUED_HOOKS_BATCH = 20;

function backlogOf(db: Db): Backlog {
  let b = backlog.get(db);
  if (!b) {
    b = { events: [], running: null, answering: 0, seq: 0, inFlight: [], doneSeq: 0, waiters: [] };
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
 * Takes a committed new submission (`event`) and runs its `submission/queued` listeners (on `ctx.events`) off the
 * request: once no submit is being
 * answered (answeringSubmit; at the latest after QUEUED_HOOKS_MAX_DEFER_MS), up to QUEUED_HOOKS_BATCH waiting events
 * in one transaction (a burst of submits costs a few transactions of hooks, not one each); a batch that fails is retried
 * event by event so one bad event does not drop the others. Returns at once; queuedHooksIdle(db) resolves when
 * everything handed over so far has run.
 */
export function afterQueued(ctx: AppContext, event: SubmissionQueuedEvent): void {
  if (!ctx.events.has('submission/queued')) return;
  const b = backlogOf(ctx.db);
  b.seq += 1;
  b.events.push({ ...event, seq: b.seq });
  if (!b.running) b.running = drain(ctx.db, ctx.events, b);
}

/** Marks every event up to `seq` done and wakes the readers waiting for them. */
function markDone(b: Backlog, seq: number): void {
  b.doneSeq = Math.max(b.doneSeq, seq);
  const still: Backlog['waiters'] = [];
  for (const w of b.waiters) w.seq <= b.doneSeq ? w.resolve() : still.push(w);
  b.waiters = still;
}

/** Runs the backlog's batches until it is empty (see afterQueued). */
async function drain(db: Db, events: AppEvents, b: Backlog): Promise<void> {
  try {
    while (b.events.length) {
      const since = Date.now();
      await new Promise((r) => setImmediate(r));
      while (b.answering > 0 && Date.now() - since < QUEUED_HOOKS_MAX_DEFER_MS) {
        await new Promise((r) => setTimeout(r, 5));
      }
      const batch = b.events.splice(0, QUEUED_HOOKS_BATCH);
      b.inFlight = batch;
      try {
        await db.transaction(async (tx) => {
          for (const e of batch) await events.emit('submission/queued', tx, e);
        });
      } catch {
        for (const e of batch) {
          await db
            .transaction((tx) => events.emit('submission/queued', tx, e))
            .catch((err: Error) =>
              process.emitWarning(`submission ${e.submitId}: queued hooks failed: ${err.message}`),
            );
        }
      }
      b.inFlight = [];
      markDone(b, batch[batch.length - 1]?.seq ?? 0);
    }
  } finally {
    b.running = null;
    b.inFlight = [];
    markDone(b, b.seq);
  }
}

/**
 * Resolves when every event handed to afterQueued on `db` so far that `match` picks has had its hooks run (at once
 * when none waits): a board reader waits for its own new submissions (it sees its own pending try), not for a
 * whole burst's board work.
 */
export function queuedHooksIdleFor(db: Db, match: (e: SubmissionQueuedEvent) => boolean): Promise<void> {
  const b = backlog.get(db);
  if (!b?.running) return Promise.resolve();
  let last = 0;
  for (const e of b.inFlight) if (match(e)) last = Math.max(last, e.seq);
  for (const e of b.events) if (match(e)) last = Math.max(last, e.seq);
  if (last <= b.doneSeq) return Promise.resolve();
  return new Promise((resolve) => b.waiters.push({ seq: last, resolve }));
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
