/**
 * Client-side shapes of the contest API (doc 2 §3 "Contest", "Contest problem", "Scoreboard row"; server:
 * modules/contest). Times are ISO 8601 strings; `duration` is in ms; scoreboard times in seconds / ms as noted.
 */

export type { AdminContestVo, ContestAccessVo, ContestVo } from '@oj/shared';

import type { ContestVo, ContestProblemVo as SharedContestProblemVo } from '@oj/shared';

/**
 * A row of GET /api/get-contest-problem (counts null = "?"), with the caller's status and OI score the contest
 * server adds (-10 not submitted; -5 while OI results are hidden).
 */
export type ContestProblemVo = SharedContestProblemVo & { myStatus?: number; score?: number | null };

/** ACM per-problem cell of a scoreboard row (doc 2 §3): ACTime in seconds from the start. */
export interface AcmCell {
  isAC: boolean;
  isFirstAC: boolean;
  isAfterContest?: boolean;
  ACTime: number | null;
  errorNum: number;
  /** Tries whose verdict the viewer may not see (sealed) or that are still judging. */
  tryNum: number;
}

/** Fields every scoreboard row carries (doc 2 §3 "Scoreboard row"). rank -1: a star user. */
export interface BoardRowBase {
  uid: string;
  username: string;
  nickname?: string | null;
  realname?: string | null;
  avatar?: string | null;
  school?: string | null;
  gender?: string | null;
  rank: number;
  isConcerned?: boolean;
  isWinAward?: boolean;
  awardName?: string | null;
  awardBackground?: string | null;
  awardColor?: string | null;
}

/** An ACM row: solved count, total time (seconds, penalties included), cells by display id. */
export interface AcmRow extends BoardRowBase {
  ac: number;
  total?: number;
  totalTime: number;
  submissionInfo: Record<string, AcmCell>;
}

/** An OI row: total score, score and fastest AC time (ms) by display id. */
export interface OiRow extends BoardRowBase {
  totalScore: number;
  totalTime?: number;
  submissionInfo: Record<string, number>;
  timeInfo?: Record<string, number>;
}

/** Query of POST /api/get-contest-rank and /api/get-contest-outside-scoreboard (doc 2 §7). */
export interface BoardQuery {
  cid: number;
  currentPage: number;
  limit: number;
  forceRefresh: boolean;
  removeStar: boolean;
  concernedList: string[];
  keyword?: string;
  containsEnd: boolean;
}

/** GET /api/get-contest-outsize-info (path as spelled): the contest and its problems for the outside board. */
export interface OutsideInfoVo {
  contest: ContestVo;
  problemList: ContestProblemVo[];
}
