import { JudgeStatus } from '@oj/shared';
import { onSubmissionJudged, onSubmissionReset } from '../judge/hooks.js';
import type { Tx } from '../problem/problem.store.js';

/**
 * The contest area's seams for the scoreboard and the contest helpers (issue 9 §3, issue 10). Listeners run inside
 * the transaction that made the change; a throwing listener rolls it back, so keep them small and correct.
 */

/** A contest submission's verdict landed (judge, manual judge, cancel) or a rejudge reset it to Pending. */
export interface ContestVerdictEvent {
  cid: number;
  submitId: number;
  pid: number;
  uid: string;
  /** The new status (Pending after a rejudge reset) and score. */
  status: number;
  score: number | null;
  /** The verdict counted before (null: none). */
  previousStatus: number | null;
  source: 'judge' | 'manual' | 'cancel' | 'rejudge';
}

/** Something that changes a whole board: its settings (times, seal, stars, type), its problems, or its deletion. */
export interface ContestChangeEvent {
  cid: number;
  what: 'settings' | 'problems' | 'deleted';
  /** A settings change: the contest's clock columns as they were before it (the CLICS state records from them). */
  before?: {
    startTime: Date;
    endTime: Date;
    sealRank: boolean;
    sealRankTime: Date | null;
    autoRealRank: boolean;
    gmtModified: Date;
  };
}

type Listener<E> = (tx: Tx, event: E) => Promise<void>;
const verdictListeners: Listener<ContestVerdictEvent>[] = [];
const changeListeners: Listener<ContestChangeEvent>[] = [];

/** Registers a listener for every contest verdict and rejudge reset (the scoreboard updates its cells here). */
export function onContestVerdict(fn: Listener<ContestVerdictEvent>): void {
  verdictListeners.push(fn);
}

/** Registers a listener for board-wide changes (the scoreboard rebuilds the contest's cells here). */
export function onContestChanged(fn: Listener<ContestChangeEvent>): void {
  changeListeners.push(fn);
}

/** Tells the listeners that a contest changed as a whole (called by the contest admin code inside its transaction). */
export async function contestChanged(tx: Tx, event: ContestChangeEvent): Promise<void> {
  for (const l of changeListeners) await l(tx, event);
}

async function verdict(tx: Tx, event: ContestVerdictEvent): Promise<void> {
  for (const l of verdictListeners) await l(tx, event);
}

onSubmissionJudged.push(async (tx, e) => {
  if (e.cid !== 0) await verdict(tx, { ...e });
});

onSubmissionReset.push(async (tx, e) => {
  if (e.cid !== 0) await verdict(tx, { ...e, status: JudgeStatus.PENDING, score: null, source: 'rejudge' });
});
