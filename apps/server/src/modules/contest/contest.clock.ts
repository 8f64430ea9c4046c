import { ContestStatus, type ContestStatusCode } from '@oj/shared';

/** The contest columns the clock reads (a `contests` row has them all). Times are instants. */
export interface ContestTimes {
  startTime: Date;
  endTime: Date;
  sealRank: boolean;
  sealRankTime: Date | null;
  autoRealRank: boolean;
}

/**
 * The contest's status from the server clock (doc 2 §4.2, §4.5): scheduled before `startTime`, running from
 * `startTime` (inclusive) to `endTime` (exclusive), ended from `endTime` on. Never stored.
 */
export function contestStatus(c: Pick<ContestTimes, 'startTime' | 'endTime'>, now: Date): ContestStatusCode {
  const t = now.getTime();
  if (t < c.startTime.getTime()) return ContestStatus.SCHEDULED;
  if (t < c.endTime.getTime()) return ContestStatus.RUNNING;
  return ContestStatus.ENDED;
}

/** Length of the contest in milliseconds (doc 3 §3 `duration`). */
export function contestDurationMs(c: Pick<ContestTimes, 'startTime' | 'endTime'>): number {
  return c.endTime.getTime() - c.startTime.getTime();
}

/**
 * True while the board is sealed for participants (doc 2 §2.9, HOJ's isSealRank): `sealRank` is on and now is in
 * [`sealRankTime`, `endTime`), or the contest has ended and `autoRealRank` is off (sealed until an admin unseals).
 * Does not look at the viewer: see {@link seesRealResults} and {@link boardIsSealed}.
 */
export function isSealed(c: ContestTimes, now: Date): boolean {
  if (!c.sealRank || c.sealRankTime == null) return false;
  const t = now.getTime();
  if (t < c.sealRankTime.getTime()) return false;
  if (t < c.endTime.getTime()) return true;
  return !c.autoRealRank;
}

/**
 * "Real-time results" for this viewer (doc 2 §2.8, §2.9; issue 9 §3): contest admins always, everyone else while
 * the contest is not sealed. When false, problem counts show `?`, OI verdicts (own ones too) stay hidden, and in
 * ACM others' verdicts submitted after `sealRankTime` stay hidden.
 */
export function seesRealResults(c: ContestTimes, now: Date, isContestAdmin: boolean): boolean {
  return isContestAdmin || !isSealed(c, now);
}

/**
 * Whether a board request is served sealed: sealed by the clock, unless a contest admin asks for `forceRefresh`
 * (a participant's `forceRefresh` is ignored, doc 2 §2.9).
 */
export function boardIsSealed(
  c: ContestTimes,
  now: Date,
  viewer: { isContestAdmin: boolean; forceRefresh: boolean },
): boolean {
  if (viewer.isContestAdmin && viewer.forceRefresh) return false;
  return isSealed(c, now);
}

/** True when a submission made at `submitTime` counts as after the contest (submitted at or after `endTime`). */
export function isAfterContest(c: Pick<ContestTimes, 'endTime'>, submitTime: Date): boolean {
  return submitTime.getTime() >= c.endTime.getTime();
}

/** True when a submission made at `submitTime` falls in the sealed part of the contest (at or after `sealRankTime`). */
export function isAfterSeal(c: Pick<ContestTimes, 'sealRank' | 'sealRankTime'>, submitTime: Date): boolean {
  return c.sealRank && c.sealRankTime != null && submitTime.getTime() >= c.sealRankTime.getTime();
}
