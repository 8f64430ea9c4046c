import { JudgeStatus } from '@oj/shared';
import type { AppEvents } from '../../app-events.js';

/**
 * The contest area's events for the scoreboard and the contest helpers (issue 9 §3, issue 10): `contest/verdict` and
 * `contest/changed` on the app's hub (app-events.ts). Listeners run inside the transaction that made the change; a
 * throwing listener rolls it back, so keep them small and correct. The admin code emits `contest/changed`
 * (`ctx.events.emit('contest/changed', tx, …)`).
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

/**
 * The contest area's relay (registered by the contest plugin): a verdict or rejudge reset of a contest submission
 * becomes `contest/verdict` on the same hub, inside the same transaction (the scoreboard, AC records and live board
 * events listen there). Practice submissions (cid 0) are not relayed.
 */
export function relayContestVerdicts(events: AppEvents): void {
  events.on(
    'submission/judged',
    async (tx, e) => {
      if (e.cid !== 0) await events.emit('contest/verdict', tx, { ...e });
    },
    { area: 'contest' },
  );
  events.on(
    'submission/reset',
    async (tx, e) => {
      if (e.cid !== 0) {
        await events.emit('contest/verdict', tx, {
          ...e,
          status: JudgeStatus.PENDING,
          score: null,
          source: 'rejudge',
        });
      }
    },
    { area: 'contest' },
  );
}
