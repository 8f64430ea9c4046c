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
 * Hooks run inside the transaction that inserts a new submission and queues it; the contest scoreboard shows the
 * pending try from here. A throwing hook rolls the submission back.
 */
export const onSubmissionQueued: ((tx: Tx, event: SubmissionQueuedEvent) => Promise<void>)[] = [];

/** Runs every queued hook in order. */
export async function runQueuedHooks(tx: Tx, event: SubmissionQueuedEvent): Promise<void> {
  for (const h of onSubmissionQueued) await h(tx, event);
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
