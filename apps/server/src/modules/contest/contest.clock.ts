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
 * The contest's seal (glossary "seal"; freeze in ICPC and CLICS, lock in Hydro), in one object as DOMjudge's
 * `FreezeData` keeps it: when it starts, whether it holds at an instant, and whether an instant falls after it.
 * Every module asks this object; no other file reads `sealRank` / `sealRankTime` (guard:
 * test/contest/seal-guard.test.ts). Build it with {@link sealOf}.
 */
export interface Seal {
  /** The instant the seal starts (`sealRankTime`); null when the contest has no seal (`sealRank` off or no time). */
  readonly startsAt: Date | null;
  /**
   * ms from the contest's start to {@link startsAt}, the contest's duration when there is no seal (the board rules'
   * `sealMs`). Not clamped: a seal time before the start gives a negative figure, as stored.
   */
  readonly offsetMs: number;
  /**
   * ms of the contest under the seal: from {@link startsAt} to the end, clamped to [0, duration]; 0 without a seal
   * (CLICS `scoreboard_freeze_duration`).
   */
  readonly lengthMs: number;
  /**
   * True while the board is sealed for participants at `now` (doc 2 §2.9, HOJ's isSealRank): a seal exists and
   * `now` is in [`startsAt`, `endTime`), or the contest has ended and `autoRealRank` is off (sealed until an admin
   * unseals). Does not look at the viewer: see {@link seesRealResults} and {@link boardIsSealed}.
   */
  holds(now: Date): boolean;
  /** True when an instant (a submission's `submitTime`) falls in the sealed part: a seal exists and `time >= startsAt`. */
  after(time: Date): boolean;
}

/** The seal of contest `c` (see {@link Seal}); cheap, built per call from the row's columns. */
export function sealOf(c: ContestTimes): Seal {
  const startsAt = c.sealRank && c.sealRankTime != null ? c.sealRankTime : null;
  const start = c.startTime.getTime();
  const end = c.endTime.getTime();
  const duration = end - start;
  const at = startsAt?.getTime() ?? null;
  return {
    startsAt,
    offsetMs: at == null ? duration : at - start,
    lengthMs: at == null ? 0 : Math.max(0, Math.min(duration, end - at)),
    holds(now) {
      if (at == null) return false;
      const t = now.getTime();
      if (t < at) return false;
      if (t < end) return true;
      return !c.autoRealRank;
    },
    after(time) {
      return at != null && time.getTime() >= at;
    },
  };
}

/**
 * The seal's settings as the API shows them (ContestVo, the scroll board's contest): `sealRank` and the configured
 * `sealRankTime` as ISO 8601 (null when unset), whether or not the seal is on.
 */
export function sealSettings(c: Pick<ContestTimes, 'sealRank' | 'sealRankTime'>): {
  sealRank: boolean;
  sealRankTime: string | null;
} {
  return { sealRank: c.sealRank, sealRankTime: c.sealRankTime?.toISOString() ?? null };
}

/**
 * The seal's stored columns from a validated contest body (doc 3 §3): `sealRankTime` an instant, kept only while
 * `sealRank` is on (null otherwise).
 */
export function sealColumns(b: { sealRank: boolean; sealRankTime?: string | null }): {
  sealRank: boolean;
  sealRankTime: Date | null;
} {
  return {
    sealRank: b.sealRank,
    sealRankTime: b.sealRank && b.sealRankTime ? new Date(b.sealRankTime) : null,
  };
}

/**
 * "Real-time results" for this viewer (doc 2 §2.8, §2.9; issue 9 §3): contest admins always, everyone else while
 * the seal does not hold. When false, problem counts show `?`, OI verdicts (own ones too) stay hidden, and in
 * ACM others' verdicts submitted after the seal's start stay hidden.
 */
export function seesRealResults(c: ContestTimes, now: Date, isContestAdmin: boolean): boolean {
  return isContestAdmin || !sealOf(c).holds(now);
}

/**
 * Whether a board request is served sealed: the seal holds, unless a contest admin asks for `forceRefresh`
 * (a participant's `forceRefresh` is ignored, doc 2 §2.9).
 */
export function boardIsSealed(
  c: ContestTimes,
  now: Date,
  viewer: { isContestAdmin: boolean; forceRefresh: boolean },
): boolean {
  if (viewer.isContestAdmin && viewer.forceRefresh) return false;
  return sealOf(c).holds(now);
}

/** True when a submission made at `submitTime` counts as after the contest (submitted at or after `endTime`). */
export function isAfterContest(c: Pick<ContestTimes, 'endTime'>, submitTime: Date): boolean {
  return submitTime.getTime() >= c.endTime.getTime();
}
